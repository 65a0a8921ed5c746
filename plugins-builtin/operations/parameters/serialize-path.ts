/**
 * Path parameters: each `{name}` of the path template replaced by the parameter's expansion in
 * style simple, label or matrix (RFC 6570's `{x}`, `{.x}` and `{;x}`, which OpenAPI's styles follow).
 * Every character of a value outside RFC 3986's unreserved set is escaped, `/` included, so a value
 * always stays inside its segment; only the style's own delimiters stand raw.
 */

import { OkapiError, UsageError } from '../../../sdk/shared/errors.js';
import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';
import { parameterLabel } from './parameter-label.js';
import { percentEncode } from './percent-encoding.js';
import { explodeOf, styleOf } from './styles.js';
import type { WireShape } from './wire-shape.js';

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** What one path parameter puts in place of its placeholder. */
export function pathExpansion(param: DetailParameter, shape: WireShape): string {
  const style = styleOf(param);
  const explode = explodeOf(param);
  const value = (text: string): string => percentEncode(text, 'unreserved');
  const name = value(param.name);
  switch (style) {
    case 'simple':
      return listOrPairs(shape, ',', explode ? '=' : ',', value);
    case 'label': {
      const separator = explode ? '.' : ',';
      return `.${listOrPairs(shape, separator, explode ? '=' : ',', value)}`;
    }
    case 'matrix': {
      if (shape.kind === 'primitive') return shape.text === '' ? `;${name}` : `;${name}=${value(shape.text)}`;
      if (!explode) return `;${name}=${listOrPairs(shape, ',', ',', value)}`;
      if (shape.kind === 'array') return shape.items.map((item) => (item === '' ? `;${name}` : `;${name}=${value(item)}`)).join('');
      return shape.entries.map(([key, text]) => `;${value(key)}=${value(text)}`).join('');
    }
  }
  throw new UsageError(`${parameterLabel(param)} uses style ${style}, which okapi cannot put in a path`);
}

/** A primitive as its text, an array's items joined by `separator`, an object as key/value pairs. */
function listOrPairs(shape: WireShape, separator: string, pairSeparator: string, value: (text: string) => string): string {
  switch (shape.kind) {
    case 'primitive':
      return value(shape.text);
    case 'array':
      return shape.items.map(value).join(separator);
    case 'object':
      return shape.entries.map(([key, text]) => `${value(key)}${pairSeparator}${value(text)}`).join(separator);
  }
}

/**
 * The template with every placeholder replaced. A placeholder no parameter fills, or a path
 * parameter the template has no place for, is an error: the request would go to another resource.
 * So is a segment the expansion leaves empty, `.` or `..`, which the URL would drop or resolve.
 */
export function expandPathTemplate(template: string, expansions: ReadonlyMap<string, { param: DetailParameter; text: string }>): string {
  const used = new Set<string>();
  const segments = template.split('/').map((segment) => {
    const names: string[] = [];
    const expanded = segment.replace(PLACEHOLDER, (_placeholder, name: string) => {
      const expansion = expansions.get(name);
      if (expansion === undefined) {
        throw new UsageError(`the path ${template} needs a value for {${name}}, and none was given`, {
          hint: `give the path parameter ${name}; the operation's help lists its arguments`,
        });
      }
      used.add(name);
      names.push(name);
      return expansion.text;
    });
    if (names.length > 0 && isDroppedSegment(expanded)) {
      const labels = names.map((name) => parameterLabel(expansions.get(name)!.param)).join(' and ');
      throw new UsageError(`${labels} would make the path segment "${expanded}" of ${template}, which a URL drops or resolves`, {
        hint: 'give a value that is not empty, "." or ".."',
      });
    }
    return expanded;
  });
  for (const [name, { param }] of expansions) {
    if (!used.has(name)) {
      throw new OkapiError(`${parameterLabel(param)} has no {${name}} in the operation's path ${template}, so its value cannot be sent`, {
        hint: 'the API description declares a path parameter its path does not use; report it to the API provider',
      });
    }
  }
  return segments.join('/');
}

/** WHATWG URL treats `%2e` like `.` when it resolves dot segments. */
function isDroppedSegment(segment: string): boolean {
  const dots = segment.replace(/%2e/gi, '.');
  return dots === '' || dots === '.' || dots === '..';
}
