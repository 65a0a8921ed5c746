/**
 * Headers a caller may not set, checked before anything is sent so that both exchanges refuse
 * the same requests (undici enforces these rules itself; Node's client would send them as given
 * and break the message's framing). The message framing (Transfer-Encoding, Content-Length,
 * Connection, Upgrade) is the exchange's to choose.
 */
import type { HeaderMap } from '../../sdk/types.js';

const FRAMING = new Set(['transfer-encoding', 'keep-alive', 'upgrade']);
/** An HTTP token (RFC 9110 §5.6.2): a method, a header name, a Connection option. */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** What is wrong with the request's headers, or undefined when nothing is. */
export function requestHeaderProblem(headers: HeaderMap, body: Uint8Array | undefined): string | undefined {
  for (const [name, values] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (values.length === 0) continue;
    if (FRAMING.has(lower)) return `the ${name} header cannot be set (okapi frames the request itself)`;
    if (lower === 'expect') return `the ${name} header is not supported`;
    if (lower === 'host' && values.length > 1) return `more than one Host header (${values.join(', ')})`;
    if (lower === 'connection') {
      const bad = values.flatMap((value) => value.split(',')).map((token) => token.trim()).find((token) => !TOKEN.test(token));
      if (bad !== undefined) return `invalid Connection header value "${bad}"`;
    }
    if (lower === 'content-length') {
      if (values.length > 1) return `more than one Content-Length header (${values.join(', ')})`;
      const value = values[0]!;
      if (!/^\d+$/.test(value)) return `invalid Content-Length header "${value}"`;
      const length = body?.byteLength ?? 0;
      if (Number(value) !== length) return `the Content-Length header (${value}) does not match the body (${length} bytes)`;
    }
  }
  return undefined;
}
