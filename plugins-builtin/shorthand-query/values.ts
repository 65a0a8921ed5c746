/**
 * What a query does with the values of a decoded body: JSON values, plus the bytes (`Uint8Array`),
 * dates and big integers that YAML and CBOR bodies may hold, and ExactNumbers (numbers a double
 * would change). `undefined` means "missing" while a query runs (a field that is not there); the
 * final result turns it into `null`.
 */
import { compareNumberTexts, decimalParts, isZero } from '../../sdk/shared/decimal-text.js';
import { ExactNumber, numberFromText, numberText } from '../../sdk/shared/exact-number.js';

/** Objects whose fields a query reads: not arrays, bytes, dates or numbers. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !ArrayBuffer.isView(value) &&
    !(value instanceof Date) &&
    !(value instanceof ExactNumber)
  );
}

/** Whether reading `name` from a plain object could reach Object.prototype (`constructor`, `__proto__`, …). */
function isPrototypeName(name: string): boolean {
  return name in Object.prototype;
}

/** A reader for one field name, chosen once: only names Object.prototype also has need the slower own-property check. */
export function fieldReader(name: string): (value: unknown) => unknown {
  if (isPrototypeName(name)) {
    return (value) => (isRecord(value) && Object.hasOwn(value, name) ? value[name] : undefined);
  }
  // An ExactNumber has no fields; only names of its own members need the check.
  const numberMember = name === 'text' || name in ExactNumber.prototype;
  return (value) => {
    if (typeof value !== 'object' || value === null) return undefined;
    const found = (value as Record<string, unknown>)[name];
    if (found === undefined || Array.isArray(value) || ArrayBuffer.isView(value) || value instanceof Date) return undefined;
    if (numberMember && value instanceof ExactNumber) return undefined;
    return found;
  };
}

export function isBytes(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array;
}

/** A number, or a big integer or ExactNumber as the nearest double (arithmetic rounds); anything else is not a number. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof ExactNumber) return value.valueOf();
  return undefined;
}

export function isNumber(value: unknown): value is number | bigint | ExactNumber {
  return typeof value === 'number' || typeof value === 'bigint' || value instanceof ExactNumber;
}

/**
 * The order of two numbers by their exact values (a big id is not equal to its neighbour just
 * because both round to the same double); undefined when either is NaN.
 */
export function compareNumbers(a: number | bigint | ExactNumber, b: number | bigint | ExactNumber): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : a === b ? 0 : undefined;
  // Infinities only come from arithmetic, which has already rounded.
  if ((typeof a === 'number' && !Number.isFinite(a)) || (typeof b === 'number' && !Number.isFinite(b))) {
    const x = numberOf(a)!;
    const y = numberOf(b)!;
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : undefined;
  }
  return compareNumberTexts(numberText(a), numberText(b));
}

/** `-x`, exact for numbers that are not doubles: negating is no arithmetic that may round. */
export function negated(value: unknown): number | bigint | ExactNumber | undefined {
  if (typeof value === 'number' || typeof value === 'bigint') return -value;
  if (value instanceof ExactNumber) return numberFromText(value.text.startsWith('-') ? value.text.slice(1) : `-${value.text}`);
  return undefined;
}

/** The filter truth of a value: false, null, missing, 0, NaN, '' and empty arrays, objects and bytes are false. */
export function truthy(value: unknown): boolean {
  if (value === true) return true;
  if (value === false || value === null || value === undefined) return false;
  switch (typeof value) {
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'string':
      return value.length > 0;
    case 'bigint':
      return value !== 0n;
    case 'object':
      if (Array.isArray(value)) return value.length > 0;
      if (value instanceof ExactNumber) return !isZero(decimalParts(value.text));
      if (ArrayBuffer.isView(value)) return value.byteLength > 0;
      if (value instanceof Date) return true;
      for (const key in value) if (Object.hasOwn(value, key)) return true;
      return false;
    default:
      return false;
  }
}

/** Value equality: structures compared deeply; a missing value equals null; 1 equals 1n. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || a === null) return b === undefined || b === null;
  if (b === undefined || b === null) return false;
  if (isNumber(a)) return isNumber(b) && compareNumbers(a, b) === 0;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  if (isBytes(a) || isBytes(b)) {
    if (!isBytes(a) || !isBytes(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  for (const key of keys) if (!Object.hasOwn(rb, key) || !deepEqual(ra[key], rb[key])) return false;
  return true;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** A string as an array of characters (code points) when it holds any outside the BMP; itself otherwise. */
function characters(text: string): string | string[] {
  return SURROGATE.test(text) ? Array.from(text) : text;
}

/** Length in characters: an emoji counts once. */
export function characterLength(text: string): number {
  const chars = characters(text);
  return chars.length;
}

/** `[n]`: an element, a character or a byte; negative counts from the end; missing when out of range. */
export function indexValue(value: unknown, index: number): unknown {
  if (Array.isArray(value)) {
    const i = normaliseIndex(index, value.length);
    return i === undefined ? undefined : value[i];
  }
  if (typeof value === 'string') {
    const chars = characters(value);
    const i = normaliseIndex(index, chars.length);
    return i === undefined ? undefined : chars[i];
  }
  if (isBytes(value)) {
    const i = normaliseIndex(index, value.length);
    return i === undefined ? undefined : value[i];
  }
  return undefined;
}

function normaliseIndex(index: number, length: number): number | undefined {
  const i = index < 0 ? index + length : index;
  return i >= 0 && i < length ? i : undefined;
}

/** `[start:end]`, both ends inclusive and optional, negative from the end, clamped to the value. */
export function sliceValue(value: unknown, start: number | undefined, end: number | undefined): unknown {
  if (Array.isArray(value)) {
    const [from, to] = bounds(start, end, value.length);
    return value.slice(from, to);
  }
  if (typeof value === 'string') {
    const chars = characters(value);
    const [from, to] = bounds(start, end, chars.length);
    return typeof chars === 'string' ? chars.slice(from, to) : chars.slice(from, to).join('');
  }
  if (isBytes(value)) {
    const [from, to] = bounds(start, end, value.length);
    return value.slice(from, to);
  }
  return undefined;
}

/** Half-open [from, to) for an inclusive slice; from ≥ to means empty. */
function bounds(start: number | undefined, end: number | undefined, length: number): [number, number] {
  let from = start ?? 0;
  let to = end ?? length - 1;
  if (from < 0) from += length;
  if (to < 0) to += length;
  from = Math.max(0, from);
  to = Math.min(length - 1, to);
  return from > to ? [0, 0] : [from, to + 1];
}

/** `*`: the values of an object in document order; an array's own elements. */
export function valuesOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) return Object.values(value);
  return undefined;
}

/** `[]`: one level of nested arrays spliced into their parent. */
export function flattenOnce(value: unknown): unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: unknown[] = [];
  for (const item of value) {
    if (Array.isArray(item)) for (const inner of item) out.push(inner);
    else out.push(item);
  }
  return out;
}

/** A word for a value's type in messages. */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (isBytes(value)) return 'bytes';
  if (value instanceof Date) return 'a date';
  if (value instanceof ExactNumber) return 'a number';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
    case 'bigint':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    default:
      return 'an object';
  }
}
