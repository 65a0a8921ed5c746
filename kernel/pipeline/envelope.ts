/**
 * The normalised response that filters query and formatters render (DESIGN.md §2 phase 8):
 * `{proto, status, headers, links, body}`. Header names are lower-cased; a header received once
 * is its value, one received more than once (Set-Cookie, say) the array of every value in order,
 * so no value is lost and the common case stays a plain string. `links` is relation → URL from the
 * `Link` header (response-links.ts).
 */
import type { ReceivedResponse } from './exchange.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { decodeBody } from '../../sdk/shared/decoders/decode-body.js';
import { codingLeftOn } from '../transport/decompress.js';
import { setOwn } from '../transport/headers.js';
import { linksOf } from './response-links.js';

export interface Envelope {
  proto: string;
  status: number;
  headers: Record<string, string | string[]>;
  links: Record<string, string>;
  body: unknown;
}

export async function toEnvelope(response: ReceivedResponse): Promise<Envelope> {
  const all: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(response.headers)) {
    const key = name.toLowerCase();
    if (Object.hasOwn(all, key)) all[key]!.push(...values);
    else if (values.length > 0) setOwn(all, key, [...values]);
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(all)) setOwn(headers, name, values.length === 1 ? values[0]! : values);
  const undone = codingLeftOn(all['content-encoding']);
  if (undone !== undefined) {
    const type = all['content-type']?.[0];
    throw new OkapiError(`the response body is encoded as ${undone} (Content-Encoding), which okapi cannot decode${type ? `, so it cannot be read as ${type}` : ''}`, {
      hint: '-o raw saves the bytes as received; -H "Accept-Encoding: identity" asks the server for them unencoded',
    });
  }
  return {
    proto: `HTTP/${response.httpVersion}`,
    status: response.status,
    headers,
    links: linksOf(all.link, response.url),
    body: await decodeBody(await response.body.bytes(), all['content-type']?.[0]),
  };
}
