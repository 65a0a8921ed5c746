/**
 * Example strings and numbers for a schema with no example of its own: fixed values (the same
 * schema gives the same example every time) that look like what `format` names and keep within
 * the schema's bounds where they can.
 */
import { decimalParts } from '../../../sdk/shared/decimal-text.js';
import { isExactNumeric, numberFromText, numberText, type NumberValue } from '../../../sdk/shared/exact-number.js';

type Json = Record<string, unknown>;

const STRINGS_BY_FORMAT: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com',
  url: 'https://example.com',
  iri: 'https://example.com',
  'uri-reference': 'https://example.com',
  'iri-reference': 'https://example.com',
  'uri-template': 'https://example.com/{id}',
  uuid: '00000000-0000-4000-8000-000000000000',
  'json-pointer': '/path',
  'relative-json-pointer': '0',
  regex: '.*',
  byte: 'c3RyaW5n',
  binary: 'string',
  password: 'password',
  int32: '0',
  int64: '0',
  decimal: '0',
  float: '0',
  double: '0',
};

export function exampleString(schema: Json): string {
  const format = typeof schema.format === 'string' ? STRINGS_BY_FORMAT[schema.format] : undefined;
  let text = format ?? 'string';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  // Lengths are bounded like the rest of the example: a minLength of a million is not shown.
  if (format === undefined && text.length < min) text = text.padEnd(Math.min(min, 64), 'x');
  if (text.length > max) text = text.slice(0, Math.max(0, max));
  return text;
}

/**
 * A number within `minimum`/`maximum` (either dialect's exclusive bounds), on `multipleOf`. Bounds a
 * double cannot hold (`maximum: 18446744073709551615`) are not rounded: with whole-number bounds the
 * example is worked out in integers, else an inclusive bound is the example as written.
 */
export function exampleNumber(schema: Json, integer: boolean): NumberValue {
  const lower = bound(schema, 'minimum', 'exclusiveMinimum');
  const upper = bound(schema, 'maximum', 'exclusiveMaximum');
  const multipleOf = (typeof schema.multipleOf === 'number' || isExactNumeric(schema.multipleOf)) && Number(schema.multipleOf) > 0 ? schema.multipleOf : undefined;
  if (isExactNumeric(lower?.value) || isExactNumeric(upper?.value) || isExactNumeric(multipleOf)) {
    const exact = exactExample(lower, upper, multipleOf, integer);
    if (exact !== undefined) return exact;
  }
  return doubleExample(lower && { value: Number(lower.value), exclusive: lower.exclusive }, upper && { value: Number(upper.value), exclusive: upper.exclusive }, multipleOf === undefined ? undefined : Number(multipleOf), integer);
}

function doubleExample(lower: Limit<number> | undefined, upper: Limit<number> | undefined, multipleOf: number | undefined, integer: boolean): number {
  const step = multipleOf ?? (integer ? 1 : undefined);
  let value: number;
  if (lower !== undefined) value = lower.exclusive ? lower.value + (step ?? 1) : lower.value;
  else if (upper !== undefined && upper.value <= 0) value = upper.exclusive ? upper.value - (step ?? 1) : upper.value;
  else value = 0;
  if (step !== undefined) value = Math.ceil(value / step) * step;
  // Above an exclusive maximum after all (a narrow range): the middle of the range is in it.
  if (upper !== undefined && (value > upper.value || (upper.exclusive && value === upper.value)) && lower !== undefined) value = (lower.value + upper.value) / 2;
  if (integer) value = Math.ceil(value);
  return Object.is(value, -0) ? 0 : value;
}

/** doubleExample's choice in integers, when every bound and the step are whole; else an inclusive bound as written, if there is one to take. */
function exactExample(lower: Limit<NumberValue> | undefined, upper: Limit<NumberValue> | undefined, multipleOf: NumberValue | undefined, integer: boolean): NumberValue | undefined {
  const low = lower && wholeBound(lower);
  const high = upper && wholeBound(upper);
  const step = multipleOf === undefined ? (integer ? 1n : undefined) : wholeNumber(multipleOf);
  if (low === null || high === null || step === null) {
    if (lower !== undefined && !lower.exclusive) return lower.value;
    if (upper !== undefined && !upper.exclusive && Number(upper.value) <= 0) return upper.value;
    return undefined;
  }
  let value: bigint;
  if (low !== undefined) value = low.exclusive ? low.value + (step ?? 1n) : low.value;
  else if (high !== undefined && high.value <= 0n) value = high.exclusive ? high.value - (step ?? 1n) : high.value;
  else value = 0n;
  if (step !== undefined) value = ceilDivide(value, step) * step;
  if (high !== undefined && (value > high.value || (high.exclusive && value === high.value)) && low !== undefined) value = ceilDivide(low.value + high.value, 2n);
  return numberFromText(String(value));
}

/** A schema's lower or upper limit on a number, and whether it is exclusive. */
interface Limit<T> {
  value: T;
  exclusive: boolean;
}

function bound(schema: Json, inclusive: string, exclusive: string): Limit<NumberValue> | undefined {
  const flag = schema[exclusive];
  // 2020-12 writes the exclusive bound as a number; 3.0 as `true` next to the inclusive one.
  if (typeof flag === 'number' || isExactNumeric(flag)) return { value: flag, exclusive: true };
  const value = schema[inclusive];
  if (typeof value !== 'number' && !isExactNumeric(value)) return undefined;
  return { value, exclusive: flag === true };
}

/** null when the bound is not a whole number (or too long to be worth the digits). */
function wholeBound(bound: Limit<NumberValue>): Limit<bigint> | null {
  const value = wholeNumber(bound.value);
  return value === null ? null : { value, exclusive: bound.exclusive };
}

/** Past this many digits (`1e100000`) a bound is left to doubles. */
const MAX_DIGITS = 1_000n;

function wholeNumber(value: NumberValue): bigint | null {
  const { negative, coefficient, exponent } = decimalParts(numberText(value));
  const digits = coefficient.replace(/0+$/, '') || '0';
  const shift = exponent + BigInt(coefficient.length - digits.length);
  if (shift < 0n || shift > MAX_DIGITS) return null;
  const whole = BigInt(digits) * 10n ** shift;
  return negative ? -whole : whole;
}

/** The smallest integer at or above a / b, for b > 0 (BigInt division truncates toward zero). */
function ceilDivide(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b > 0n ? quotient + 1n : quotient;
}
