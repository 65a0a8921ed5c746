/**
 * TOON encodes the JSON data model. A decoded body may hold more than JSON (bytes, dates, big
 * integers, maps from CBOR): each value is seen through `asData` as the JSON value it stands for,
 * the way the reference encoder normalises its input, except that bytes are base64 strings as in
 * every okapi JSON output, and numbers a double would change (ExactNumbers, big integers) keep
 * their digits. Plain JSON values pass through untouched, so nothing is copied for them.
 */
import { ExactNumber } from '../../sdk/shared/exact-number.js';
import { base64Of } from '../../sdk/shared/json-bytes.js';

export type Primitive = string | number | boolean | null | ExactNumber;
export type DataObject = Record<string, unknown>;
export type Data = Primitive | readonly unknown[] | DataObject;

export function asData(value: unknown): Data {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // -0 is written "0" by String(); NaN and the infinities have no JSON spelling.
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      // Beyond 2^53 a double would lose digits.
      return value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : new ExactNumber(value.toString());
    case 'object':
      return value === null ? null : objectAsData(value);
    default:
      // undefined, functions and symbols: the reference encoder writes null for them.
      return null;
  }
}

function objectAsData(value: object): Data {
  if (Array.isArray(value)) return value;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) return value as DataObject;
  if (value instanceof Uint8Array) return base64Of(value);
  if (value instanceof ExactNumber) return value;
  // Dates (ISO 8601 text, or null when invalid) and anything else that says how it serialises.
  const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    const next: unknown = toJSON.call(value);
    if (next !== value) return asData(next);
  }
  if (value instanceof Set) return [...value];
  if (value instanceof Map) {
    const record: DataObject = {};
    for (const [key, entry] of value) defineEntry(record, String(key), entry);
    return record;
  }
  return null;
}

/** Sets `key` as an own property, `__proto__` included (plain assignment would set the prototype). */
function defineEntry(record: DataObject, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

export function isPrimitive(value: Data): value is Primitive {
  return value === null || typeof value !== 'object' || value instanceof ExactNumber;
}

export function isArray(value: Data): value is readonly unknown[] {
  return Array.isArray(value);
}

/** A JSON object: what is neither a primitive nor an array. */
export function isObject(value: Data): value is DataObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof ExactNumber);
}

export function isEmptyObject(value: DataObject): boolean {
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return false;
  return true;
}
