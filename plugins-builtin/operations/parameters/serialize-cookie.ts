/**
 * Cookie parameters in style form (the only one; styles.ts refuses others first), as `name=value`
 * pairs of one `Cookie` header (RFC 6265 §4.2): values escaped down to RFC 3986's unreserved set,
 * which keeps them within a cookie's allowed characters; explode: false joins a list or an
 * object's keys and values with `,`, as in a query.
 */

import { OkapiError, UsageError } from '../../../sdk/shared/errors.js';
import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';
import { parameterLabel } from './parameter-label.js';
import { percentEncode } from './percent-encoding.js';
import { TOKEN } from './serialize-header.js';
import { explodeOf } from './styles.js';
import type { WireShape } from './wire-shape.js';

export function cookiePairs(param: DetailParameter, shape: WireShape): string[] {
  const name = cookieName(param, param.name);
  const value = (text: string): string => percentEncode(text, 'unreserved');
  if (shape.kind === 'primitive') return [`${name}=${value(shape.text)}`];
  if (explodeOf(param)) {
    if (shape.kind === 'array') return shape.items.map((item) => `${name}=${value(item)}`);
    return shape.entries.map(([key, text]) => `${cookieName(param, key)}=${value(text)}`);
  }
  const parts = shape.kind === 'array' ? shape.items.map(value) : shape.entries.flatMap(([key, text]) => [value(key), value(text)]);
  return [`${name}=${parts.join(',')}`];
}

/** A cookie's name is sent as it is (servers do not decode it), so it must be a token already. */
function cookieName(param: DetailParameter, name: string): string {
  if (TOKEN.test(name)) return name;
  if (name === param.name) {
    throw new OkapiError(`${parameterLabel(param)} cannot be sent: its name is not a valid cookie name`, {
      hint: 'the API description names a cookie with characters HTTP does not allow; report it to the API provider',
    });
  }
  throw new UsageError(`the field ${JSON.stringify(name)} of ${parameterLabel(param)} cannot be a cookie name`, {
    hint: "an exploded cookie object sends each field as its own cookie; field names may hold letters, digits and !#$%&'*+.^_`|~-",
  });
}
