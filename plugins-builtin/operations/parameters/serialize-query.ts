/**
 * Query parameters as `name=value` pairs, already percent-encoded, in styles form, spaceDelimited,
 * pipeDelimited and deepObject (OpenAPI's style table). A name is the document's wire name, written
 * with the reserved characters that keep their meaning in a query (`$select`, `filter[name]`); a value
 * is the user's text, escaped down to RFC 3986's unreserved set unless the parameter allows reserved
 * characters (percent-encoding.ts says exactly which).
 */

import { UsageError } from '../../../sdk/shared/errors.js';
import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';
import { parameterLabel } from './parameter-label.js';
import { percentEncode } from './percent-encoding.js';
import { explodeOf, styleOf } from './styles.js';
import type { WireShape } from './wire-shape.js';

/**
 * The delimiters of the delimited styles, escaped: a raw space cannot stand in a URL, and `|` is
 * not a character RFC 3986 allows raw. Servers split after decoding, as they do for `,`.
 */
const DELIMITERS = { form: ',', spaceDelimited: '%20', pipeDelimited: '%7C' } as const;

export function queryPairs(param: DetailParameter, shape: WireShape): string[] {
  const style = styleOf(param);
  const name = percentEncode(param.name, 'query-reserved');
  const value = (text: string): string => percentEncode(text, param.allow_reserved === true ? 'query-reserved' : 'unreserved');
  switch (style) {
    case 'form':
    case 'spaceDelimited':
    case 'pipeDelimited': {
      if (shape.kind === 'primitive') return [`${name}=${value(shape.text)}`];
      if (explodeOf(param)) {
        if (shape.kind === 'array') return shape.items.map((item) => `${name}=${value(item)}`);
        if (style === 'form') return shape.entries.map(([key, text]) => `${value(key)}=${value(text)}`);
        throw new UsageError(`${parameterLabel(param)} uses style ${style} with explode: true, which OpenAPI does not define for objects`);
      }
      const delimiter = DELIMITERS[style];
      const parts = shape.kind === 'array' ? shape.items.map(value) : shape.entries.flatMap(([key, text]) => [value(key), value(text)]);
      return [`${name}=${parts.join(delimiter)}`];
    }
    case 'deepObject':
      if (shape.kind !== 'object') {
        throw new UsageError(`${parameterLabel(param)} uses style deepObject, which sends objects only, but was given ${shape.kind === 'array' ? 'a list' : 'a single value'}`, {
          hint: `give its fields as shorthand, e.g. 'key: value, other: value'`,
        });
      }
      // A key's own brackets are escaped even with allowReserved: they would end the name's.
      return shape.entries.map(([key, text]) => `${name}[${percentEncode(key, 'unreserved')}]=${value(text)}`);
  }
  throw new UsageError(`${parameterLabel(param)} uses style ${style}, which okapi cannot put in a query`);
}
