/**
 * The normalised response that filters query and formatters render (DESIGN.md §2 phase 8):
 * `{proto, status, headers, links, body}` with header names lower-cased to their first value.
 */
import type { ReceivedResponse } from './exchange.js';
import { decodeBody } from './decode-body.js';

export interface Envelope {
  proto: string;
  status: number;
  headers: Record<string, string>;
  links: Record<string, string>;
  body: unknown;
}

export async function toEnvelope(response: ReceivedResponse): Promise<Envelope> {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(response.headers)) {
    const key = name.toLowerCase();
    if (headers[key] === undefined && values[0] !== undefined) headers[key] = values[0];
  }
  return {
    proto: `HTTP/${response.httpVersion}`,
    status: response.status,
    headers,
    links: {},
    body: await decodeBody(await response.body.bytes(), headers['content-type']),
  };
}
