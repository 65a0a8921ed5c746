/** What the form and multipart encoders share: writing a scalar as text, and naming a value in messages. */

import { stringifyJson } from '../../json-stringify.js';
import { base64Of } from '../../json-bytes.js';
import { ExactNumber } from '../../exact-number.js';
import { isObjectLiteral } from '../../plain-object.js';

/**
 * A field's text: strings as they are, numbers and booleans as in JSON, `null` as the empty string,
 * bytes as base64 (as in JSON bodies), dates as ISO 8601.
 */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (value instanceof Uint8Array) return base64Of(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return stringifyJson(value);
  return String(value as number | boolean | bigint);
}

/** "an array", "a string", … for messages about a value of the wrong kind. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof ExactNumber) return `the number ${value.text}`;
  if (isObjectLiteral(value)) return 'an object';
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
    case 'number':
    case 'bigint':
      return `the number ${String(value)}`;
    case 'boolean':
      return `the boolean ${String(value)}`;
    default:
      return `a ${typeof value}`;
  }
}
