/**
 * okapi's HTTP transport (DESIGN.md §2, phase 5) on undici: TLS and mTLS, proxies from the
 * environment, HTTP/2, redirects with credential stripping, decompression, the body size cap,
 * and errors a person can act on. Plain http:// without a proxy goes over Node's own HTTP/1.1
 * client instead, which costs a one-shot request far less to load (docs/design/006).
 *
 * This module is cheap to import: the rest loads on the first `send`, so a process that never
 * makes a request (`okapi --version`) pays nothing, and neither does `closeTransport` there.
 *
 *   types.ts                the public shapes below
 *   send.ts                 one request: settings, the deadline, the chain, the final body
 *   dispatch.ts             the chain's shapes (Dispatch, Interceptor) and its composition
 *   network.ts              the innermost dispatch: one exchange, recorded for -v
 *   interceptors/           one idea each: follow-redirects, body-limit, decompression
 *   request-header-rules.ts headers a caller may not set, refused before sending
 *   hop.ts                  one exchange's shapes, shared by both exchanges
 *   hop-senders.ts          which exchange carries a hop
 *   node-http-hop.ts        the plain-HTTP exchange (node:http)
 *   undici-hop.ts           the undici exchange, with a backpressured body stream
 *   agents.ts               undici dispatchers per TLS/proxy setting (allowH2, EnvHttpProxyAgent)
 *   proxy-environment.ts    HTTP_PROXY / HTTPS_PROXY / NO_PROXY
 *   tls-material.ts         CA / client certificate files into tls.connect options
 *   sent-head.ts            a request head as written, read back for -v
 *   failed-chain.ts         the hops a failed redirect chain had completed, for -v
 *   address-guard.ts        TransportOptions.addressPolicy: each hop's origin and checked addresses
 *   address-class.ts        public, private, loopback… of an IP address
 *   redirects.ts            the redirect policy (method rewrite, origin checks, loops, limit)
 *   headers.ts              HeaderMap helpers
 *   decompress.ts           Content-Encoding decoding (the decompression interceptor's work)
 *   error-translation.ts    failures into OkapiError
 *   tls-details.ts          protocol, cipher, certificate, ALPN for -vv
 *   connection-tracker.ts   which socket served a request (undici diagnostics channels)
 * (undici's llhttp is compiled with Liftoff alone, through sdk/wasm-compile.ts: scripts/build.mjs)
 */
import type { CloseOptions, TransportOptions, TransportRequest, TransportResponse } from './types.js';

export { hopsBeforeFailure } from './failed-chain.js';
export type { DispatchResponse, Interceptor } from './dispatch.js';
export type { AddressPolicy, OriginTls, RecordedHop, SecretFields, SentRequestHead, TlsDetails, TlsFile, TransportOptions, TransportResponse } from './types.js';

type Implementation = typeof import('./send.js');
let implementation: Promise<Implementation> | undefined;

export function send(request: TransportRequest, options: TransportOptions): Promise<TransportResponse> {
  implementation ??= import('./send.js');
  return implementation.then((module) => module.send(request, options));
}

/** Closes pooled connections so the process can exit promptly. A no-op when nothing was sent. */
export async function closeTransport(options: CloseOptions = {}): Promise<void> {
  if (!implementation) return;
  await (await implementation).closeTransport(options);
}
