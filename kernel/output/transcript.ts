/**
 * Request and response heads as people read them (HTTPie-style), for the `H`/`h` transcript and
 * for -v on stderr. Credential values are masked; their names stay visible.
 */
import type { HeaderMap, WireRequest } from '../../sdk/types.js';
import { isCredentialHeader } from '../transport/credential-headers.js';
import { redactUrl } from '../transport/redact.js';
import type { ReceivedResponse } from '../pipeline/exchange.js';
import { paint } from './color.js';

export const MASK = '<redacted>';

export function requestHead(request: WireRequest, httpVersion: string, color: boolean): string {
  const url = new URL(redactUrl(request.url));
  const lines = [`${paint(color, 'bold', request.method)} ${paint(color, 'cyan', `${url.pathname}${url.search}`)} HTTP/${httpVersion}`];
  const hasHost = Object.keys(request.headers).some((n) => n.toLowerCase() === 'host');
  if (!hasHost) lines.push(headerLine('Host', url.host, color));
  return `${[...lines, ...headerLines(request.headers, color)].join('\n')}\n`;
}

export function responseHead(response: ReceivedResponse, color: boolean): string {
  const status = `${response.status} ${response.statusText}`.trim();
  const tone = response.status >= 400 ? 'red' : response.status >= 300 ? 'yellow' : 'green';
  const lines = [`HTTP/${response.httpVersion} ${paint(color, tone, paint(color, 'bold', status))}`];
  return `${[...lines, ...headerLines(response.headers, color)].join('\n')}\n`;
}

export function tlsLines(response: ReceivedResponse): string {
  const tls = response.tls;
  if (!tls) return '';
  const parts = [
    `TLS ${tls.protocol ?? 'unknown'} ${tls.cipher ?? ''}`.trimEnd(),
    tls.alpn ? `ALPN ${tls.alpn}` : undefined,
    tls.subject ? `certificate subject: ${tls.subject}` : undefined,
    tls.issuer ? `certificate issuer: ${tls.issuer}` : undefined,
    tls.validTo ? `certificate valid until: ${tls.validTo}` : undefined,
  ];
  return `${parts.filter(Boolean).join('\n')}\n`;
}

function headerLines(headers: HeaderMap, color: boolean): string[] {
  return Object.entries(headers).flatMap(([name, values]) => values.map((value) => headerLine(name, maskValue(name, value), color)));
}

function headerLine(name: string, value: string, color: boolean): string {
  return `${paint(color, 'blue', name)}: ${value}`;
}

/** `Authorization: Bearer <redacted>` keeps the scheme, which helps debugging and reveals nothing. */
export function maskValue(name: string, value: string): string {
  if (!isCredentialHeader(name)) return value;
  const scheme = /^(Basic|Bearer|Digest|Token|Negotiate|AWS4-HMAC-SHA256)\s/i.exec(value)?.[1];
  return scheme ? `${scheme} ${MASK}` : MASK;
}
