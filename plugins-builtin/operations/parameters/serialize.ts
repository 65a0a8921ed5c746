/**
 * Parameter values onto the request: the path with its placeholders filled, the query string, header
 * lines and one `Cookie` header value, each in the parameter's style (SPEC.md "Generated operation
 * commands" items 5–7). Wire names are the document's, exactly. A style okapi cannot send fails the
 * whole call rather than dropping the parameter.
 */

import { UsageError } from '../../../sdk/shared/errors.js';
import { stringifyJson } from '../../../sdk/shared/json-stringify.js';
import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';
import { cookiePairs } from './serialize-cookie.js';
import { headerValue } from './serialize-header.js';
import { expandPathTemplate, pathExpansion } from './serialize-path.js';
import { queryPairs } from './serialize-query.js';
import { percentEncode } from './percent-encoding.js';
import { refuseUnsupportedStyle } from './styles.js';
import { wireShapeOf, type WireShape } from './wire-shape.js';

export interface ParameterValue {
  param: DetailParameter;
  /** What parseParameterValue returned, or a default from the description; undefined is not sent. */
  value: unknown;
}

export interface SerializedParameters {
  /** The path template with every `{name}` replaced, percent-encoded. */
  path: string;
  /** The encoded query string, without `?`; '' when there is none. */
  query: string;
  /** In the order the parameters came, names as the document spells them. */
  headers: [string, string][];
  /** The value of one `Cookie` header, or undefined when no cookie parameter has a value. */
  cookies: string | undefined;
}

export function serializeParameters(items: readonly ParameterValue[], pathTemplate: string): SerializedParameters {
  const expansions = new Map<string, { param: DetailParameter; text: string }>();
  const query: string[] = [];
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  for (const { param, value } of items) {
    if (value === undefined) continue;
    refuseUnsupportedStyle(param);
    const shape = param.content_type === undefined ? wireShapeOf(param, value) : undefined;
    // A content parameter has no style: its JSON text goes as one value, in the location's default way.
    const styled = shape === undefined ? withoutStyle(param) : param;
    switch (param.in) {
      case 'path':
        if (expansions.has(param.name)) throw new UsageError(`path parameter "${param.name}" was given twice`);
        expansions.set(param.name, { param, text: shape === undefined ? percentEncode(stringifyJson(value), 'unreserved') : pathExpansion(param, shape) });
        break;
      case 'query':
        query.push(...(shape === undefined ? [contentQueryPair(param, value)] : queryPairs(param, shape)));
        break;
      case 'header':
        headers.push([param.name, headerValue(styled, shape ?? jsonForHeader(value))]);
        break;
      case 'cookie':
        cookies.push(...cookiePairs(styled, shape ?? { kind: 'primitive', text: stringifyJson(value) }));
        break;
    }
  }
  return {
    path: expandPathTemplate(pathTemplate, expansions),
    query: query.join('&'),
    headers,
    cookies: cookies.length === 0 ? undefined : cookies.join('; '),
  };
}

function withoutStyle(param: DetailParameter): DetailParameter {
  const { style: _style, explode: _explode, ...rest } = param;
  return rest;
}

function contentQueryPair(param: DetailParameter, value: unknown): string {
  return `${percentEncode(param.name, 'query-reserved')}=${percentEncode(stringifyJson(value), param.allow_reserved === true ? 'query-reserved' : 'unreserved')}`;
}

/** JSON text for a header line: characters outside ASCII as `\u` escapes, which mean the same in JSON. */
function jsonForHeader(value: unknown): WireShape {
  const text = stringifyJson(value).replace(/[^\x20-\x7e]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { kind: 'primitive', text };
}
