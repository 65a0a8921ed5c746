/**
 * `--okapi-generate-body` (SPEC.md "Generated operation commands" 12): an example request body for
 * a media type of an operation, from what the description gives, in this order:
 *
 * 1. the media type's `example` (or first of its `examples`);
 * 2. at every schema, its own `example`, first of `examples`, `default` (a default of null, `{}`
 *    or `[]` shows nothing of the shape, which is shown instead), `const`, first `enum` value;
 * 3. otherwise a value made from the schema: an object with its properties (`readOnly` ones left
 *    out: a request does not send them), an array of one item, a string that looks like its
 *    `format`, a number within its bounds, `true`, or `null` for a schema that only allows null;
 *    `allOf` merged into one schema, `oneOf`/`anyOf` as their first alternative that is not just
 *    null.
 *
 * The example stays small on the largest descriptions: objects and arrays nested deeper than
 * `maxDepth` are shown empty, and once `maxValues` values are made the rest is left out (an
 * object's required properties are made before its optional ones, so they are the last to go).
 * Recursion is cut: a `$ref` already being expanded further up is left out of its object, makes
 * its array empty, and anywhere else gives null. The same schema always gives the same example.
 */
import type { BodyContent } from '../../../sdk/shared/operation-detail-format.js';
import { isPlainObject } from '../../../sdk/shared/plain-object.js';
import { exampleNumber, exampleString } from './example-scalars.js';

export interface ExampleOptions {
  /** Objects and arrays nested deeper than this are shown empty. */
  maxDepth?: number;
  /** At most this many values (strings, numbers, objects, arrays…) are made. */
  maxValues?: number;
}

const DEFAULT_MAX_DEPTH = 6;
const DEFAULT_MAX_VALUES = 100;
/** A chain of `$ref`s to `$ref`s longer than this is treated as the loop it must be. */
const MAX_REF_HOPS = 64;
/** The key an example map (`additionalProperties` and no `properties`) is shown with. */
const MAP_KEY = 'key';

type Json = Record<string, unknown>;
type Path = ReadonlySet<string>;

interface Generation {
  definitions: Record<string, unknown>;
  maxDepth: number;
  remaining: number;
}

/**
 * An example body for `content`, or undefined when it has neither an example nor a schema.
 * `definitions` holds every `$ref` target the schema reaches (OperationDetail.definitions).
 */
export function exampleBody(content: BodyContent, definitions: Record<string, unknown>, options: ExampleOptions = {}): unknown {
  if (content.example !== undefined) return content.example;
  if (content.schema === undefined) return undefined;
  const generation: Generation = {
    definitions,
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    remaining: options.maxValues ?? DEFAULT_MAX_VALUES,
  };
  return generate(content.schema, generation, 0, new Set()) ?? null;
}

/** The example for `schema`, or undefined when there is nothing to show (cut, bounded, unconstrained). */
function generate(schema: unknown, generation: Generation, depth: number, path: Path): unknown {
  const resolved = resolve(schema, generation.definitions, path);
  if (resolved === undefined || !isPlainObject(resolved.node)) return undefined;
  const { node } = resolved;
  path = resolved.path;
  if (generation.remaining <= 0) return undefined;
  const given = givenExample(node);
  if (given.found) return made(generation, given.value);
  if (Array.isArray(node.allOf)) {
    const { allOf, ...rest } = node;
    const merged = mergeParts([rest, ...allOf], generation.definitions, path);
    return generate(merged.node, generation, depth, merged.path);
  }
  const alternatives = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;
  if (alternatives !== undefined) {
    const { oneOf, anyOf, ...rest } = node;
    const chosen = alternatives.find((alternative) => !allowsOnlyNull(alternative, generation.definitions)) ?? alternatives[0];
    // The other of oneOf/anyOf, if both are written, still applies.
    const kept = Array.isArray(oneOf) && anyOf !== undefined ? { ...rest, anyOf } : rest;
    const merged = mergeParts([kept, chosen], generation.definitions, path);
    return generate(merged.node, generation, depth, merged.path);
  }
  switch (typeOf(node)) {
    case 'object':
      return generateObject(node, generation, depth, path);
    case 'array':
      return generateArray(node, generation, depth, path);
    case 'string':
      return made(generation, exampleString(node));
    case 'integer':
      return made(generation, exampleNumber(node, true));
    case 'number':
      return made(generation, exampleNumber(node, false));
    case 'boolean':
      return made(generation, true);
    case 'null':
      return made(generation, null);
    default:
      return undefined;
  }
}

function made<T>(generation: Generation, value: T): T {
  generation.remaining--;
  return value;
}

function generateObject(node: Json, generation: Generation, depth: number, path: Path): Json {
  const out = made(generation, {} as Json);
  if (depth >= generation.maxDepth) return out;
  const properties = isPlainObject(node.properties) ? node.properties : {};
  const names = Object.keys(properties).filter((name) => !isReadOnly(properties[name], generation.definitions));
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const values = new Map<string, unknown>();
  for (const name of [...names.filter((n) => required.has(n)), ...names.filter((n) => !required.has(n))]) {
    const value = generate(properties[name], generation, depth + 1, path);
    if (value !== undefined) values.set(name, value);
  }
  for (const name of names) if (values.has(name)) out[name] = values.get(name);
  if (names.length === 0 && isPlainObject(node.additionalProperties)) {
    const value = generate(node.additionalProperties, generation, depth + 1, path);
    if (value !== undefined) out[MAP_KEY] = value;
  }
  return out;
}

function generateArray(node: Json, generation: Generation, depth: number, path: Path): unknown[] {
  const out = made(generation, [] as unknown[]);
  if (depth >= generation.maxDepth) return out;
  // A tuple: `prefixItems` (2020-12), or a list under `items` (older drafts).
  const tuple = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
  for (const item of tuple ?? (node.items === undefined ? [] : [node.items])) {
    const value = generate(item, generation, depth + 1, path);
    if (value === undefined) break;
    out.push(value);
  }
  return out;
}

/** Follows `$ref`s (the `$ref`'s siblings win over its target's keywords); undefined when cut. */
function resolve(schema: unknown, definitions: Record<string, unknown>, path: Path): { node: unknown; path: Path } | undefined {
  let node = schema;
  for (let hops = 0; isPlainObject(node) && typeof node.$ref === 'string'; hops++) {
    const { $ref: ref, ...siblings } = node;
    if (path.has(ref as string) || hops > MAX_REF_HOPS) return undefined;
    // A `$ref` the description does not define (reported at connect): what is beside it still tells something.
    if (!Object.hasOwn(definitions, ref as string)) return Object.keys(siblings).length > 0 ? { node: siblings, path } : undefined;
    const target = definitions[ref as string];
    path = new Set(path).add(ref as string);
    node = isPlainObject(target) ? { ...target, ...siblings } : target;
  }
  return { node, path };
}

function givenExample(node: Json): { found: true; value: unknown } | { found: false } {
  if (node.example !== undefined) return { found: true, value: node.example };
  if (Array.isArray(node.examples) && node.examples.length > 0) return { found: true, value: node.examples[0] };
  if (node.default !== undefined && !isUninformative(node.default)) return { found: true, value: node.default };
  if (node.const !== undefined) return { found: true, value: node.const };
  if (Array.isArray(node.enum) && node.enum.length > 0) return { found: true, value: node.enum.find((value) => value !== null) ?? node.enum[0] };
  return { found: false };
}

function isUninformative(value: unknown): boolean {
  return value === null || (Array.isArray(value) ? value.length === 0 : isPlainObject(value) && Object.keys(value).length === 0);
}

/**
 * `allOf`'s parts as one schema. Their properties and `required` add up; a property two parts
 * define is both (an `allOf` of its two schemas); any other keyword is the first part's. An example
 * or default of a part describes that part alone, so when several parts add properties, the
 * parts' examples are dropped and the properties shown.
 */
function mergeParts(parts: unknown[], definitions: Record<string, unknown>, path: Path): { node: Json; path: Path } {
  const flat: Json[] = [];
  path = flatten(parts, definitions, path, flat);
  const merged: Json = {};
  const properties: Json = {};
  const required = new Set<unknown>();
  for (const part of flat) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties' && isPlainObject(value)) {
        for (const [name, schema] of Object.entries(value)) properties[name] = name in properties ? { allOf: [properties[name], schema] } : schema;
      } else if (key === 'required' && Array.isArray(value)) for (const name of value) required.add(name);
      else if (!(key in merged)) merged[key] = value;
    }
  }
  if (flat.filter((part) => isPlainObject(part.properties)).length > 1) for (const key of ['example', 'examples', 'default', 'const', 'enum']) delete merged[key];
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return { node: merged, path };
}

/** The parts with their `$ref`s followed and nested `allOf`s spread out; cut parts are left out. */
function flatten(parts: unknown[], definitions: Record<string, unknown>, path: Path, out: Json[]): Path {
  for (const part of parts) {
    const resolved = resolve(part, definitions, path);
    if (resolved === undefined || !isPlainObject(resolved.node)) continue;
    path = resolved.path;
    const { allOf, ...rest } = resolved.node;
    out.push(rest);
    if (Array.isArray(allOf)) path = flatten(allOf, definitions, path, out);
  }
  return path;
}

function allowsOnlyNull(schema: unknown, definitions: Record<string, unknown>): boolean {
  const resolved = resolve(schema, definitions, new Set());
  if (resolved === undefined || !isPlainObject(resolved.node)) return false;
  const type = resolved.node.type;
  return type === 'null' || (Array.isArray(type) && type.length === 1 && type[0] === 'null');
}

/** The type to show: the first one written that is not null, else what the keywords imply. */
function typeOf(node: Json): string | undefined {
  const type = node.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.length > 0) return (type.find((t) => t !== 'null') ?? type[0]) as string;
  if (node.properties !== undefined || node.additionalProperties !== undefined || node.required !== undefined) return 'object';
  if (node.items !== undefined || node.prefixItems !== undefined) return 'array';
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((key) => node[key] !== undefined)) return 'number';
  if (['minLength', 'maxLength', 'pattern', 'format'].some((key) => node[key] !== undefined)) return 'string';
  return undefined;
}

function isReadOnly(property: unknown, definitions: Record<string, unknown>): boolean {
  const resolved = resolve(property, definitions, new Set());
  return resolved !== undefined && isPlainObject(resolved.node) && resolved.node.readOnly === true;
}
