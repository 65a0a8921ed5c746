/**
 * A body as a JSON Schema validator sees it. okapi keeps numbers a double would change as
 * ExactNumbers (sdk/shared/exact-number.ts) and CBOR's big integers as bigints; the validator knows
 * only JavaScript numbers, so those become their nearest double (a finite one). For checking only:
 * the body sent is the one the user wrote, digit for digit.
 */
import { isExactNumber } from '../../../sdk/shared/exact-number.js';
import { isObjectLiteral } from '../../../sdk/shared/plain-object.js';

/** `value` with every exact number a double; parts with none are shared, not copied. */
export function withPlainNumbers(value: unknown): unknown {
  if (isExactNumber(value)) return finite(value.valueOf());
  if (typeof value === 'bigint') return finite(Number(value));
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const plain = withPlainNumbers(item);
      if (plain !== item) (copy ??= [...value])[i] = plain;
    }
    return copy ?? value;
  }
  if (isObjectLiteral(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const plain = withPlainNumbers(item);
      if (plain !== item) (copy ??= { ...value })[key] = plain;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * `1e400` is Infinity as a double, which no JSON Schema type accepts: the validator gets the
 * largest double of its sign, a number still. Its bounds are checked on the digits
 * (exact-keywords.ts), which a body holding it always brings in.
 */
function finite(value: number): number {
  return Number.isFinite(value) ? value : Math.sign(value) * Number.MAX_VALUE;
}
