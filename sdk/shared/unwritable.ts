/**
 * Values a decoded body can hold that JSON's data model cannot: the non-finite numbers (YAML
 * `.inf`, `-.inf`, `.nan`; CBOR's float infinities and NaN) and CBOR's `undefined`. Writing
 * `null` for them, or leaving their key out, would show a wrong value with exit 0, so a format
 * with no spelling for one refuses the body instead (docs/design/010-unrenderable-bodies.md).
 */
import { OkapiError } from './errors.js';
import { isObjectLiteral } from './plain-object.js';

export interface UnwritableValue {
  /** Where the value sits, jq-style: `.h`, `.items[2]`, `.["a b"]`, `.` for the whole value. */
  path: string;
  value: number | undefined;
}

export interface UnwritableOptions {
  /** Whether the format writes Infinity, -Infinity and NaN (YAML and tables do); undefined never is. */
  nonFinite?: boolean;
  /** Put before the path: `.body` when the value is the body inside the response envelope. */
  pathPrefix?: string;
}

/** The first value inside `value` the format cannot write, in document order, or undefined when there is none. */
export function findUnwritable(value: unknown, options: UnwritableOptions = {}): UnwritableValue | undefined {
  const segments = search(value, options.nonFinite === true);
  if (segments === undefined) return undefined;
  return { path: jqPath(segments, options.pathPrefix), value: valueAt(value, segments) };
}

/** Path segments as jq writes a path: `.h`, `.items[2]`, `.["a b"]`, `.` for none. */
export function jqPath(segments: ReadonlyArray<string | number>, prefix = ''): string {
  const path = prefix + segments.map(segmentText).join('');
  return path === '' || path.startsWith('[') ? `.${path}` : path;
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
 * The path segments to the first unwritable value below the root, or undefined. Iterative, with its
 * own stack: a value handed to a formatter may nest deeper than the call stack allows.
 */
function search(root: unknown, nonFinite: boolean): Array<string | number> | undefined {
  const unwritable = (value: unknown) => value === undefined || (!nonFinite && typeof value === 'number' && !Number.isFinite(value));
  if (unwritable(root)) return [];
  const stack: Frame[] = [];
  const enter = (value: unknown) => {
    if (Array.isArray(value)) stack.push({ node: value as unknown as Record<number, unknown>, keys: null, length: value.length, next: 0 });
    // Bytes, dates and ExactNumbers are leaves every format writes.
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

function valueAt(root: unknown, segments: ReadonlyArray<string | number>): number | undefined {
  let value = root;
  for (const segment of segments) value = (value as Record<string | number, unknown>)[segment];
  return value as number | undefined;
}

function segmentText(segment: string | number): string {
  if (typeof segment === 'number') return `[${segment}]`;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? `.${segment}` : `.[${JSON.stringify(segment)}]`;
}

/** `Infinity`, `-Infinity`, `NaN`, or `undefined (CBOR)`: how the value is named in messages. */
export function unwritableName(found: UnwritableValue): string {
  return found.value === undefined ? "CBOR's undefined" : String(found.value);
}

/**
 * Throws when `value` holds what `format` (`-o json`) cannot write, in the words of its data
 * model (`JSON`), naming the value, where it is, and a format that shows it.
 */
export function refuseUnwritable(value: unknown, format: string, dataModel: string, options: UnwritableOptions = {}): void {
  const found = findUnwritable(value, options);
  if (!found) return;
  throw new OkapiError(
    `${format} cannot show the value at ${found.path}: it is ${unwritableName(found)}, which ${dataModel} has no way to write (null, or leaving it out, would be a different value)`,
    { hint: found.value === undefined ? 'only -o cbor keeps it' : '-o yaml and -o table show it' },
  );
}
