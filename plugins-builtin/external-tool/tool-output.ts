/**
 * What an external tool prints on stdout: one JSON object,
 * `{"headers": {name: value}, "query": {name: value}}`, either member optional but at least one
 * credential in all. Anything else is refused, so a broken tool never sends an unauthenticated
 * request. Problems are described by shape and name only: the values are secrets.
 */
import { isPlainObject } from '../../sdk/shared/plain-object.js';

export interface ToolCredentials {
  headers: Record<string, string>;
  query: Record<string, string>;
}

/** An RFC 9110 token: what a header name may be. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The credentials, or why the output is not any: a phrase that follows "its output …". */
export function parseToolOutput(stdout: string): ToolCredentials | { problem: string } {
  if (stdout.trim() === '') return { problem: 'is empty' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return { problem: 'is not JSON' };
  }
  if (!isPlainObject(parsed)) return { problem: 'is JSON but not an object' };
  const unknown = Object.keys(parsed).filter((key) => key !== 'headers' && key !== 'query');
  if (unknown.length > 0) return { problem: `has the member ${JSON.stringify(unknown[0])}; only "headers" and "query" are known` };

  const headers = stringMap(parsed.headers, 'headers');
  if ('problem' in headers) return headers;
  const query = stringMap(parsed.query, 'query');
  if ('problem' in query) return query;
  const badName = Object.keys(headers.map).find((name) => !HEADER_NAME.test(name));
  if (badName !== undefined) return { problem: `has the header name ${JSON.stringify(badName)}, which is not a valid header name` };
  const badValue = Object.keys(headers.map).find((name) => /[\r\n\0]/.test(headers.map[name]!));
  if (badValue !== undefined) return { problem: `has a line break or NUL in the value of header ${badValue}` };
  if (Object.keys(headers.map).length + Object.keys(query.map).length === 0) return { problem: 'has no header and no query parameter' };
  return { headers: headers.map, query: query.map };
}

function stringMap(value: unknown, member: string): { map: Record<string, string> } | { problem: string } {
  if (value === undefined) return { map: {} };
  if (!isPlainObject(value)) return { problem: `has "${member}" that is not an object of names to strings` };
  for (const [name, entry] of Object.entries(value)) {
    if (name === '') return { problem: `has an empty name in "${member}"` };
    if (typeof entry !== 'string') return { problem: `has ${member}.${name} that is not a string` };
    if (entry === '') return { problem: `has ${member}.${name} empty` };
  }
  return { map: value as Record<string, string> };
}
