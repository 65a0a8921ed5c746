/**
 * A request head as an exchange wrote it, read back into its parts for -v: an HTTP/1.1 head
 * (request line, then `Name: value` lines) or the HTTP/2 header list undici reports (pseudo-headers
 * `:method` and `:path` give the request line; the rest, `:authority` and `:scheme` included, stay
 * as sent, names in lower case as HTTP/2 writes them).
 */
import type { HeaderMap } from '../../sdk/types.js';
import { appendHeader, textOfWireValue } from './headers.js';
import type { SentRequestHead } from './types.js';

const REQUEST_LINE = /^(\S+) (\S+) HTTP\/(\d(?:\.\d)?)$/;

export function parseSentHead(text: string): SentRequestHead {
  const lines = text.split('\r\n').filter((line) => line !== '');
  const requestLine = REQUEST_LINE.exec(lines[0] ?? '');
  const headers: HeaderMap = {};
  for (const line of requestLine ? lines.slice(1) : lines) {
    // A pseudo-header's name starts with its colon.
    const colon = line.indexOf(':', 1);
    if (colon < 0) continue;
    const name = line.slice(0, colon);
    // HTTP/2 writes every field name in lower case (RFC 9113 §8.2.1), whatever spelling it was given.
    // Values were written as UTF-8 bytes (headers.ts, wireValue): -v shows them as typed.
    appendHeader(headers, requestLine ? name : name.toLowerCase(), textOfWireValue(line.slice(colon + 1).trim()));
  }
  if (requestLine) return { method: requestLine[1]!, target: requestLine[2]!, httpVersion: requestLine[3]!, headers };
  const method = headers[':method']?.[0] ?? '';
  const target = headers[':path']?.[0] ?? '';
  delete headers[':method'];
  delete headers[':path'];
  return { method, target, httpVersion: '2', headers };
}
