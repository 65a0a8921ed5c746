/**
 * Which serialization a parameter uses, and whether okapi can send it (SPEC.md "Generated operation
 * commands" items 5 and 6). The index leaves out a style that is its location's default and an
 * `explode` that is its style's default, so both are filled in here.
 */

import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';
import type { ParameterLocation } from '../../../sdk/shared/operation-index-format.js';
import { UsageError } from '../../../sdk/shared/errors.js';
import { mediaTypeEssence } from '../../../sdk/shared/media-type.js';
import { parameterLabel } from './parameter-label.js';

/** The styles OpenAPI 3.x defines, by the locations it defines each for. */
const STYLES_BY_LOCATION: Record<ParameterLocation, readonly string[]> = {
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  path: ['simple', 'label', 'matrix'],
  header: ['simple'],
  cookie: ['form'],
};

const OPENAPI_STYLES = new Set(Object.values(STYLES_BY_LOCATION).flat());

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

export function styleOf(param: DetailParameter): string {
  return param.style ?? (param.in === 'query' || param.in === 'cookie' ? 'form' : 'simple');
}

export function explodeOf(param: DetailParameter): boolean {
  return param.explode ?? styleOf(param) === 'form';
}

/** `application/json` and every `+json` type (`application/vnd.api+json`), parameters ignored. */
export function isJsonContentType(contentType: string): boolean {
  const essence = mediaTypeEssence(contentType);
  return essence === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(essence);
}

/**
 * Why okapi cannot send `param` as the document describes it, in a sentence for help and errors;
 * undefined when it can. Known from the description alone, so help can say it before anyone calls.
 */
export function unsupportedStyle(param: DetailParameter): string | undefined {
  const label = parameterLabel(param);
  if (param.content_type !== undefined) {
    return isJsonContentType(param.content_type)
      ? undefined
      : `${label} has content of type ${param.content_type}, which okapi cannot send: only application/json and +json content parameters are supported`;
  }
  const style = styleOf(param);
  const allowed = STYLES_BY_LOCATION[param.in];
  if (!allowed.includes(style)) {
    const why = OPENAPI_STYLES.has(style) ? `style ${style}, which OpenAPI does not define for ${param.in} parameters` : `style "${style}", which is not one of the styles of OpenAPI 3.0 and 3.1`;
    return `${label} uses ${why}; okapi sends ${param.in} parameters as ${listed(allowed)}`;
  }
  if (style === 'deepObject' && (param.array === true || (param.type !== undefined && SCALAR_TYPES.has(param.type)))) {
    return `${label} uses style deepObject, which OpenAPI defines for objects only, but its schema is ${param.array === true ? 'an array' : `of type ${param.type}`}`;
  }
  if ((style === 'spaceDelimited' || style === 'pipeDelimited') && explodeOf(param) && param.object === true) {
    return `${label} uses style ${style} with explode: true, which OpenAPI does not define for objects`;
  }
  return undefined;
}

/** Throws the reason of unsupportedStyle, with what the user can do instead; returns when okapi can send `param`. */
export function refuseUnsupportedStyle(param: DetailParameter): void {
  const reason = unsupportedStyle(param);
  if (reason === undefined) return;
  const instead: Record<ParameterLocation, string> = {
    query: `add it with -q '${param.name}=…' in the form the API expects`,
    header: `add it with -H '${param.name}: …' in the form the API expects`,
    cookie: `add it with -H 'Cookie: ${param.name}=…' in the form the API expects`,
    path: 'call the URL with a generic request (okapi get URL, …), writing the path yourself',
  };
  throw new UsageError(reason, { hint: `okapi cannot send this parameter; leave it out, or ${instead[param.in]}` });
}

function listed(styles: readonly string[]): string {
  return styles.length === 1 ? styles[0]! : `${styles.slice(0, -1).join(', ')} or ${styles.at(-1)!}`;
}
