/**
 * A body as a JSON Schema validator sees it. okapi keeps numbers a double would change as
 * ExactNumbers (sdk/shared/exact-number.ts) and CBOR's big integers as bigints; the validator knows
 * only JavaScript numbers, so those become their nearest double. For checking only: the body sent
 * is the one the user wrote, digit for digit.
 */
import { isExactNumber } from '../../../sdk/shared/exact-number.js';
import { isObjectLiteral } from '../../../sdk/shared/plain-object.js';

/** `value` with every exact number a double; parts with none are shared, not copied. */
export function withPlainNumbers(value: unknown): unknown {
  if (isExactNumber(value)) return value.valueOf();
  if (typeof value === 'bigint') return Number(value);
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
