/**
 * Header parameters in style simple (the only one; styles.ts refuses others first): a value, a list
 * joined by `,`, an object as `key,value` pairs (`key=value` exploded). Headers are not
 * percent-encoded, so text a header line cannot carry is refused rather than altered.
 */

import { OkapiError, UsageError } from '../../../sdk/shared/errors.js';
import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';
import { parameterLabel, shownValue } from './parameter-label.js';
import { explodeOf } from './styles.js';
import type { WireShape } from './wire-shape.js';

/** RFC 9110 token: what a header or cookie name may hold. */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Visible ASCII, space and tab. Node refuses line breaks and characters above U+00FF in a header,
 * and would send U+0080–U+00FF as single Latin-1 bytes, which a server decoding UTF-8 misreads.
 */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

export function headerValue(param: DetailParameter, shape: WireShape): string {
  if (!TOKEN.test(param.name)) {
    throw new OkapiError(`${parameterLabel(param)} cannot be sent: its name is not a valid header name`, {
      hint: 'the API description names a header with characters HTTP does not allow; report it to the API provider',
    });
  }
  const text =
    shape.kind === 'primitive'
      ? shape.text
      : shape.kind === 'array'
        ? shape.items.join(',')
        : shape.entries.map(([key, value]) => `${key}${explodeOf(param) ? '=' : ','}${value}`).join(',');
  if (!HEADER_VALUE.test(text)) {
    throw new UsageError(`the value of ${parameterLabel(param)} cannot be sent in a header: ${shownValue(param, text)}`, {
      hint: 'a header value holds printable ASCII characters, spaces and tabs only (no line breaks, control or non-ASCII characters)',
    });
  }
  return text;
}
