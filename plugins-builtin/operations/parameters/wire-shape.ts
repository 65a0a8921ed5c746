/**
 * The value of a styled (not `content`) parameter as the three shapes OpenAPI's styles know: a
 * primitive, an array of primitives, an object of primitives, each primitive already as its text.
 * Styles define nothing for deeper values, so a nested array or object is refused rather than
 * flattened one way or another.
 */

import { UsageError } from '../../../sdk/shared/errors.js';
import { ExactNumber, numberText } from '../../../sdk/shared/exact-number.js';
import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';
import { isObjectLiteral } from '../../../sdk/shared/plain-object.js';
import { parameterLabel, shownValue } from './parameter-label.js';

export type WireShape =
  | { readonly kind: 'primitive'; readonly text: string }
  | { readonly kind: 'array'; readonly items: readonly string[] }
  | { readonly kind: 'object'; readonly entries: readonly (readonly [key: string, text: string])[] };

export function wireShapeOf(param: DetailParameter, value: unknown): WireShape {
  if (Array.isArray(value)) {
    return { kind: 'array', items: value.map((item: unknown, index) => primitiveText(param, item, `item ${index + 1}`)) };
  }
  if (isObjectLiteral(value)) {
    return {
      kind: 'object',
      entries: Object.keys(value).map((key) => [wellFormed(param, key, `the key ${JSON.stringify(key)}`), primitiveText(param, value[key], `the field ${JSON.stringify(key)}`)] as const),
    };
  }
  return { kind: 'primitive', text: primitiveText(param, value, 'the value') };
}

/**
 * Strings as they are, numbers with the digits they were typed or received with, booleans as in
 * JSON, null as the empty text (as form bodies send it).
 */
function primitiveText(param: DetailParameter, value: unknown, what: string): string {
  if (typeof value === 'string') return wellFormed(param, value, what);
  if (value === null) return '';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof ExactNumber) {
    if (typeof value === 'number' && !Number.isFinite(value)) throw unsendable(param, what, `the number ${String(value)}`);
    return numberText(value);
  }
  const kind = Array.isArray(value) ? 'an array' : isObjectLiteral(value) ? 'an object' : value instanceof Uint8Array ? 'bytes' : `a ${typeof value}`;
  throw unsendable(param, what, kind);
}

function unsendable(param: DetailParameter, what: string, kind: string): UsageError {
  return new UsageError(`${what} of ${parameterLabel(param)} is ${kind}, which its style cannot send`, {
    hint: 'give text, numbers or booleans: styled parameters carry a value, a list of values or one level of name: value fields',
  });
}

/** A high surrogate with no low one after it, or a low one with no high one before it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text with a lone surrogate (possible through a shorthand `\uD800` escape) has no UTF-8 form to send. */
function wellFormed(param: DetailParameter, text: string, what: string): string {
  if (!LONE_SURROGATE.test(text)) return text;
  throw new UsageError(`${what} of ${parameterLabel(param)} holds a lone UTF-16 surrogate, which has no UTF-8 form: ${shownValue(param, text)}`, {
    hint: 'write the character itself, or both halves of its surrogate pair (\\uD83D\\uDE00)',
  });
}
