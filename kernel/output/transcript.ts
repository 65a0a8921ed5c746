/**
 * Request and response heads as people read them (HTTPie-style), for the `H`/`h` transcript and
 * for -v on stderr. Credential values are masked; their names stay visible.
 */
import type { HeaderMap } from '../../sdk/types.js';
import { isCredentialName } from '../../sdk/shared/credential-names.js';
import { REDACTED, redactUrl } from '../../sdk/shared/redact.js';
import type { RecordedHop, SecretFields, SentRequestHead } from '../transport/index.js';
import type { ReceivedResponse } from '../pipeline/exchange.js';
import { paint } from './color.js';
import type { PrintPlan } from './print-plan.js';
import { visibleControls } from '../../sdk/shared/terminal-text.js';

/** The status line and headers of a response. */
export type ResponseHead = Pick<ReceivedResponse, 'status' | 'statusText' | 'httpVersion' | 'headers'>;

/** Which parts of each hop a transcript shows: the print plan's, and -v's note of dropped headers. */
export type TranscriptParts = Pick<PrintPlan, 'requestHead' | 'requestBody' | 'responseHead'> & {
  /** Before a hop to another origin, which headers okapi kept from it (a diagnostic: -v only). */
  droppedHeaders?: boolean;
};

/**
 * Every hop of a redirect chain in order, each as it went on the wire; `final` stands for the last
 * response (it is what the output is about, after any response middleware). One string per part.
 */
export function exchangeTranscript(hops: readonly RecordedHop[], final: ResponseHead, show: TranscriptParts, color: boolean): string[] {
  const parts: string[] = [];
  hops.forEach((hop, index) => {
    if (show.droppedHeaders && hop.dropped) parts.push(droppedNote(hop.dropped, hop.url));
    if (show.droppedHeaders && hop.resent) parts.push(`okapi: ${hop.resent}\n`);
    if (show.requestHead) parts.push(requestHead(hop.request, color, hop.secretFields));
    if (show.requestBody && hop.body?.length) parts.push(`${bodyText(hop.body)}\n`);
    if (show.responseHead) parts.push(responseHead(index === hops.length - 1 ? final : hop.response, color));
  });
  return parts;
}

/** Names only: the values stay unshown, and the origin alone says where the redirect went. */
function droppedNote(dropped: readonly string[], url: string): string {
  const target = new URL(url);
  return `okapi: dropped ${dropped.join(', ')} on the redirect to ${target.protocol}//${target.host} (another origin)\n`;
}

/** `secretFields`: the names an auth plugin set, masked whatever they are called. */
export function requestHead(head: SentRequestHead, color: boolean, secretFields?: SecretFields): string {
  const query = new Set(secretFields?.query);
  const headers = new Set(secretFields?.headers.map((name) => name.toLowerCase()));
  const line = `${paint(color, 'bold', head.method)} ${paint(color, 'cyan', shownTarget(head.target, query))} HTTP/${head.httpVersion}`;
  return `${[line, ...headerLines(head.headers, color, headers)].join('\n')}\n`;
}

function responseHead(response: ResponseHead, color: boolean): string {
  const status = `${response.status} ${visibleControls(response.statusText)}`.trim();
  const tone = response.status >= 400 ? 'red' : response.status >= 300 ? 'yellow' : 'green';
  const lines = [`HTTP/${response.httpVersion} ${paint(color, tone, paint(color, 'bold', status))}`];
  return `${[...lines, ...headerLines(response.headers, color)].join('\n')}\n`;
}

export function tlsLines(response: Pick<ReceivedResponse, 'tls'>): string {
  const tls = response.tls;
  if (!tls) return '';
  const parts = [
    `TLS ${tls.protocol ?? 'unknown'} ${tls.cipher ?? ''}`.trimEnd(),
    tls.alpn ? `ALPN ${tls.alpn}` : undefined,
    tls.subject ? `certificate subject: ${tls.subject}` : undefined,
    tls.issuer ? `certificate issuer: ${tls.issuer}` : undefined,
    tls.validTo ? `certificate valid until: ${tls.validTo}` : undefined,
  ];
  return visibleControls(`${parts.filter(Boolean).join('\n')}\n`);
}

function headerLines(headers: HeaderMap, color: boolean, secret: ReadonlySet<string> = new Set()): string[] {
  return Object.entries(headers).flatMap(([name, values]) =>
    values.map((value) => headerLine(name, secret.has(name.toLowerCase()) ? maskedValue(value) : shownValue(name, value), color)),
  );
}

/** Headers whose value is a URL, which a server may build from the request's, key included. */
const URL_HEADERS = new Set(['location', 'content-location']);

/** A header's value as -v shows it: credentials masked, and the URLs a server sends back with their keys masked. */
function shownValue(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (URL_HEADERS.has(lower)) return shownTarget(value);
  if (lower === 'link') return value.replace(/<([^>]*)>/g, (_, url: string) => `<${shownTarget(url)}>`);
  return isCredentialName(name) ? maskedValue(value) : value;
}

/** What a server sent is shown, its control characters included, but never obeyed by the terminal. */
function headerLine(name: string, value: string, color: boolean): string {
  return `${paint(color, 'blue', visibleControls(name))}: ${visibleControls(value)}`;
}

/** The request target with credential-looking query values masked: a path, or the absolute URL sent to a proxy. */
function shownTarget(target: string, secretQuery?: ReadonlySet<string>): string {
  if (!target.startsWith('/')) return redactUrl(target, secretQuery);
  const base = 'http://target.invalid';
  return redactUrl(`${base}${target}`, secretQuery).slice(base.length);
}

function bodyText(body: Uint8Array): string {
  const text = Buffer.from(body).toString('utf8');
  // eslint-disable-next-line no-control-regex
  return text.includes('\uFFFD') || /[\u0000-\u0008\u000e-\u001f]/.test(text) ? `(binary request body, ${body.length} bytes)` : text;
}

/** `Authorization: Bearer <redacted>` keeps the scheme, which helps debugging and reveals nothing. */
function maskedValue(value: string): string {
  const scheme = /^(Basic|Bearer|Digest|Token|Negotiate|AWS4-HMAC-SHA256)\s/i.exec(value)?.[1];
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}
