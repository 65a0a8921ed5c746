/**
 * Maps from CBOR and YAML bodies, whose keys may be numbers, booleans or null as well as text,
 * become okapi's values (string keys, as in JSON) only when no entry is lost on the way: two keys
 * that become the same text (`1` and `"1"`) are refused, and so is a key no text stands for (a
 * map, an array, bytes). Showing either would drop or invent an entry with exit 0
 * (docs/design/010-unrenderable-bodies.md).
 */
import { OkapiError } from './errors.js';
import { ExactNumber } from './exact-number.js';
import { jqPath } from './jq-path.js';

/** A map okapi's values (string keys, as in JSON) cannot hold as it is. */
export class MapKeyError extends OkapiError {}

/** Two keys of one map that okapi's values hold as one: the value would show one entry and drop the other. */
export class KeyCollisionError extends MapKeyError {}

/** A key that is a map, an array, bytes, a date or a tag: no text stands for it. */
export class UnholdableKeyError extends MapKeyError {}

export interface MapKeyRules {
  /** How the map is named in messages: `a CBOR map`. */
  map: string;
  /** The property name of a key that is a string, number, boolean, null or undefined. */
  scalarName(key: string | number | bigint | boolean | null | undefined): string;
}

/**
 * The object of `entries` (a map's keys and values in order), each value made by `convert` with
 * the path to it. Recursion is the caller's: its input was checked against MAX_NESTING first.
 */
export function objectFromEntries(
  entries: Iterable<readonly [unknown, unknown]>,
  path: Array<string | number>,
  rules: MapKeyRules,
  convert: (value: unknown, path: Array<string | number>) => unknown,
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const keyOf = new Map<string, unknown>();
  for (const [key, child] of entries) {
    const name = propertyName(key, path, rules);
    if (keyOf.has(name)) {
      const [first, second] = [keyText(keyOf.get(name)), keyText(key)];
      // CBOR's 1 and 1.0 both read as the number 1: the same text, two keys all the same.
      let keys = `the keys ${first} and ${second}`;
      if (first === second) keys = typeof key === 'number' ? `two keys that read as ${first} (an integer and a float, say)` : `the key ${first} twice`;
      throw new KeyCollisionError(
        `${rules.map} at ${jqPath(path)} has ${keys}, which okapi's values (string keys, as in JSON) hold as one key, ` +
          `${JSON.stringify(name)}: one of the entries would be lost`,
      );
    }
    keyOf.set(name, key);
    path.push(name);
    // Defined, not assigned: assigning `__proto__` would set the object's prototype instead.
    const value = convert(child, path);
    Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
    path.pop();
  }
  return object;
}

function propertyName(key: unknown, path: ReadonlyArray<string | number>, rules: MapKeyRules): string {
  if (key === null || typeof key !== 'object') {
    if (typeof key === 'symbol' || typeof key === 'function') throw unholdable(key, path, rules);
    return rules.scalarName(key as string | number | bigint | boolean | null | undefined);
  }
  if (key instanceof ExactNumber) return key.text;
  throw unholdable(key, path, rules);
}

function unholdable(key: unknown, path: ReadonlyArray<string | number>, rules: MapKeyRules): UnholdableKeyError {
  return new UnholdableKeyError(
    `${rules.map} at ${jqPath(path)} has a key that is ${keyKind(key)}, ` +
      "which okapi's values (string keys, as in JSON) cannot hold",
  );
}

function keyKind(key: unknown): string {
  if (Array.isArray(key)) return 'an array';
  if (key instanceof Map) return 'a map';
  if (key instanceof Uint8Array) return 'bytes';
  if (key instanceof Date) return 'a date';
  const tag: unknown = (key as { tag?: unknown }).tag;
  if (typeof tag === 'number' || typeof tag === 'bigint') return `tag ${tag}`;
  return `a value of another kind (${typeof key})`;
}

function keyText(key: unknown): string {
  if (typeof key === 'string') return JSON.stringify(key);
  return key instanceof ExactNumber ? key.text : String(key);
}
