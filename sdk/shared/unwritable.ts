/**
 * Values a decoded body can hold that JSON's data model cannot: the non-finite numbers (YAML
 * `.inf`, `-.inf`, `.nan`; CBOR's float infinities and NaN), CBOR's `undefined`, and CBOR tags
 * okapi gives no meaning to (and any other class instance a decoder left). Writing `null` for them,
 * `{}`, or leaving their key out, would show a wrong value with exit 0, so a format with no spelling
 * for one refuses the body instead (docs/design/010-unrenderable-bodies.md).
 */
import { OkapiError } from './errors.js';
import { ExactNumber } from './exact-number.js';
import { isObjectLiteral } from './plain-object.js';
import { jqPath } from './jq-path.js';
import { stringifyJson, UnwritableJsonValueError } from './json-stringify.js';

export interface UnwritableValue {
  /** Where the value sits, jq-style: `.h`, `.items[2]`, `.["a b"]`, `.` for the whole value. */
  path: string;
  /** A non-finite number, undefined, or the object (a CBOR tag, say) no format but CBOR writes. */
  value: unknown;
}

export interface UnwritableOptions {
  /** Whether the format writes Infinity, -Infinity and NaN (YAML and tables do); undefined never is. */
  nonFinite?: boolean;
  /** Objects of the format's own it writes as leaves (a multipart body's file parts). */
  ownLeaf?: (value: object) => boolean;
}

/** The first value inside `value` the format cannot write, in document order, or undefined when there is none. */
export function findUnwritable(value: unknown, options: UnwritableOptions = {}): UnwritableValue | undefined {
  const segments = search(value, options.nonFinite === true, options.ownLeaf);
  if (segments === undefined) return undefined;
  return { path: jqPath(segments), value: valueAt(value, segments) };
}

/** An array or object being searched: its children's keys (indices for an array) and the next one. */
interface Frame {
  node: Record<string | number, unknown>;
  /** An object's keys; null for an array, whose keys are its indices. */
  keys: readonly string[] | null;
  length: number;
  next: number;
}

function keyAt(frame: Frame, index: number): string | number {
  return frame.keys === null ? index : frame.keys[index]!;
}

/**
 * Bytes, dates and ExactNumbers are leaves every format writes (an invalid date, which JSON writes as
 * null, is not); arrays and object literals are opened.
 */
function isWritableObject(value: object): boolean {
  if (value instanceof Date) return Number.isFinite(value.getTime());
  return Array.isArray(value) || isObjectLiteral(value) || value instanceof Uint8Array || value instanceof ExactNumber;
}

/** Undefined, a CBOR tag, an invalid date: what no format but CBOR writes. */
function isUnwritableAnywhere(value: unknown): boolean {
  return value === undefined || (typeof value === 'object' && value !== null && !isWritableObject(value));
}

/** What JSON cannot write: the above, and Infinity, -Infinity and NaN. */
function isUnwritableJson(value: unknown): boolean {
  return (typeof value === 'number' && !Number.isFinite(value)) || isUnwritableAnywhere(value);
}

/**
 * The path segments to the first unwritable value below the root, or undefined. Iterative, with its
 * own stack: a value handed to a formatter may nest deeper than the call stack allows.
 */
function search(root: unknown, nonFinite: boolean, ownLeaf?: (value: object) => boolean): Array<string | number> | undefined {
  const byModel = nonFinite ? isUnwritableAnywhere : isUnwritableJson;
  const unwritable = ownLeaf ? (value: unknown) => !(typeof value === 'object' && value !== null && ownLeaf(value)) && byModel(value) : byModel;
  if (unwritable(root)) return [];
  const stack: Frame[] = [];
  const enter = (value: unknown) => {
    if (Array.isArray(value)) {
      stack.push({ node: value as unknown as Record<number, unknown>, keys: null, length: value.length, next: 0 });
    }
    else if (isObjectLiteral(value)) {
      const keys = Object.keys(value);
      stack.push({ node: value, keys, length: keys.length, next: 0 });
    }
  };
  enter(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.length) {
      stack.pop();
      continue;
    }
    const child = frame.node[keyAt(frame, frame.next++)];
    if (unwritable(child)) return stack.map((f) => keyAt(f, f.next - 1));
    if (typeof child === 'object' && child !== null) enter(child);
  }
  return undefined;
}

function valueAt(root: unknown, segments: ReadonlyArray<string | number>): unknown {
  let value = root;
  for (const segment of segments) value = (value as Record<string | number, unknown>)[segment];
  return value;
}

/** How the value is named in messages: `Infinity`, `NaN`, `CBOR's undefined`, `CBOR tag 65535`. */
export function unwritableName(value: unknown): string {
  if (value === undefined) return "CBOR's undefined";
  if (typeof value !== 'object' || value === null) return String(value);
  if (value instanceof Date) return 'an invalid date';
  const tag: unknown = (value as { tag?: unknown }).tag;
  if (typeof tag === 'number' || typeof tag === 'bigint') return `CBOR tag ${tag}`;
  return `a ${value.constructor.name} object`;
}

/**
 * The error for a value a reader has no spelling for. `subject` says who fails (`-o json cannot
 * show`, `jq cannot be given`), `dataModel` whose words those are (`JSON`); the hint names what
 * does show the value, by its kind: `jqFilter` when a jq filter was the reader, whose shorthand
 * counterpart sees numbers.
 */
export function unwritableError(
  found: UnwritableValue,
  subject: string,
  dataModel: string,
  jqFilter = false,
): OkapiError {
  const { path, value } = found;
  const numeric = typeof value === 'number';
  let hint = numeric ? '-o yaml and -o table show it' : 'only -o cbor keeps it';
  if (jqFilter) {
    const plain = /^(\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])+$/.test(path);
    const shorthand = plain ? ` (-f ${path.slice(1)}, not -f ${path})` : '';
    hint = numeric ? `okapi's shorthand filters see it${shorthand}; ${hint}` : `${hint}, without a jq filter`;
  }
  return new OkapiError(
    `${subject} the value at ${path}: it is ${unwritableName(value)}, which ${dataModel} has no way to write ` +
      '(null, or leaving it out, would be a different value)',
    { hint },
  );
}

/**
 * JSON text of `value` (stringifyJson's), or the refusal of `format` (`-o json`): the values are
 * checked as they are written, and the walk that names the one at fault runs only when there is one,
 * over `whole` when `value` is a part of it written on its own (an NDJSON line).
 */
export function jsonTextOrRefuse(value: unknown, format: string, indent?: number, whole: unknown = value): string {
  try {
    return stringifyJson(value, indent, isUnwritableJson);
  } catch (error) {
    if (error instanceof UnwritableJsonValueError) refuseUnwritable(whole, format, 'JSON');
    throw error;
  }
}

/**
 * Throws when `value` holds what `format` (`-o json`) cannot write, in the words of its data
 * model (`JSON`), naming the value, where it is, and a format that shows it.
 */
export function refuseUnwritable(
  value: unknown,
  format: string,
  dataModel: string,
  options: UnwritableOptions = {},
): void {
  const found = findUnwritable(value, options);
  if (found) throw unwritableError(found, `${format} cannot show`, dataModel);
}
