/**
 * TOON encodes the JSON data model. A decoded body may hold more than JSON (bytes, dates, big
 * integers): each value is seen through `asData` as the JSON value it stands for, except that bytes
 * are base64 strings as in every okapi JSON output, and numbers a double would change (ExactNumbers,
 * big integers) keep their digits. Plain JSON values pass through untouched, so nothing is copied
 * for them. What has no JSON value (Infinity, NaN, undefined, a CBOR tag) is refused, never written
 * as the reference encoder's null: the formatter refuses such a body before writing (unwritable.ts),
 * and asData holds to the same rule for any value that reaches it.
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
      // -0 is written "0" by String().
      if (Number.isFinite(value)) return value;
      break;
    case 'bigint':
      // Beyond 2^53 a double would lose digits.
      return value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER ? Number(value) : new ExactNumber(value.toString());
    case 'object':
      if (value === null) return null;
      return objectAsData(value) ?? unwritable(value);
  }
  return unwritable(value);
}

function unwritable(value: unknown): never {
  const what = typeof value === 'object' ? 'an object of this kind' : String(value);
  throw new Error(`-o toon cannot write ${what}: TOON has no spelling for it`);
}

/** The data an object stands for, or undefined when it stands for none. */
function objectAsData(value: object): Data | undefined {
  if (Array.isArray(value)) return value;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) return value as DataObject;
  if (value instanceof Uint8Array) return base64Of(value);
  if (value instanceof ExactNumber) return value;
  if (value instanceof Date && Number.isFinite(value.getTime())) return value.toISOString();
  return undefined;
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
