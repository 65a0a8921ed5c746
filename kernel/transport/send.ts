/**
 * `send`: one request through the transport's chain of interceptors (dispatch.ts), composed in
 * its fixed order around the network exchange (network.ts). This file owns what spans the whole
 * request: the settings, the deadline, the -v hop record, and turning every failure a user can
 * see into an OkapiError naming the host.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import { acceptEncoding } from './decompress.js';
import { composeChain, contributedAt, headOf, type DispatchRequest, type DispatchResponse } from './dispatch.js';
import { timeoutError, translateError, type FailureContext } from './error-translation.js';
import { afterHops } from './failed-chain.js';
import { hasHeader, withHeader } from './headers.js';
import { bodyLimit } from './interceptors/body-limit.js';
import { decompression } from './interceptors/decompression.js';
import { followRedirects } from './interceptors/follow-redirects.js';
import { networkDispatch } from './network.js';
import { proxyFor } from './proxy-environment.js';
import { MAX_REDIRECTS } from './redirects.js';
import { redactUrl } from '../../sdk/shared/redact.js';
import { loadTlsOptions, type TlsConnectOptions } from './tls-material.js';
import { USERINFO_HINT, userinfoOf, userinfoProblem } from '../../sdk/shared/userinfo.js';
import type { RecordedHop, TlsFile, TransportOptions, TransportRequest, TransportResponse } from './types.js';

export { closeHopSenders as closeTransport } from './hop-senders.js';

export async function send(request: TransportRequest, options: TransportOptions): Promise<TransportResponse> {
  const first = firstHop(request);
  const tlsMinVersion = options.tlsMinVersion ?? 'TLSv1.2';
  // Reads and checks the PEM files: a bad path fails here, before any connection.
  const tlsFor = hopTls(options, tlsMinVersion);
  const timeoutMs = options.timeoutMs !== undefined && options.timeoutMs > 0 ? options.timeoutMs : undefined;
  const contextFor = (url: URL): FailureContext => ({
    url,
    timeoutMs,
    tlsMinVersion,
    clientCertificate: tlsFor(url).cert !== undefined,
    proxy: proxyFor(url.protocol),
  });

  // `-t` bounds every hop and the body. AbortSignal.timeout's timer does not hold the process open,
  // and goes with the signal once the request is done with; -t is the only reason the signal aborts.
  // It takes whole milliseconds, and a duration may have a fraction of one (-t 1.5ms, -t 1.005).
  const deadline = timeoutMs !== undefined ? AbortSignal.timeout(Math.ceil(timeoutMs)) : new AbortController().signal;
  // Loaded only for the requests that have a policy: a plain request pays nothing for it.
  const guard = options.addressPolicy ? (await import('./address-guard.js')).guardFor(options.addressPolicy) : undefined;
  const hops: RecordedHop[] | undefined = options.recordHops ? [] : undefined;
  const network = networkDispatch({
    tlsFor,
    guard,
    // With -t, okapi's deadline is the limit and the exchanges' own timers are off.
    hopOptions: {
      signal: deadline,
      headersTimeout: timeoutMs !== undefined ? 0 : undefined,
      bodyTimeout: timeoutMs !== undefined ? 0 : undefined,
      recordHead: options.recordHops === true,
    },
    hops,
    secretFields: request.secretFields,
    failure: (error, url) => failure(error, contextFor(url), deadline),
  });
  // The one order (docs/design/018-transport-chain.md): a cache answer never retries, a retry
  // re-runs the redirect chain, the size cap counts decoded bytes.
  const dispatch = composeChain(network, [
    ...contributedAt('cache', options.interceptors),
    ...contributedAt('retry', options.interceptors),
    followRedirects(MAX_REDIRECTS),
    bodyLimit(options.maxBodySize),
    decompression(() => deadline.aborted),
  ]);

  let response: DispatchResponse;
  try {
    response = await dispatch(first);
  } catch (error) {
    throw afterHops(error, hops);
  }
  const final = finalResponse(response, contextFor(response.url), deadline);
  return hops ? { ...final, hops } : final;
}

/**
 * The TLS options of each hop: the origin's own files (a profile's, with the flags over them) on
 * that origin, the flags alone anywhere else, so a client certificate from a profile is presented
 * to its API's origin only. Both sets are read and checked up front.
 */
function hopTls(options: TransportOptions, minVersion: 'TLSv1.2' | 'TLSv1.3'): (url: URL) => TlsConnectOptions {
  const insecure = options.insecure === true;
  const flag = (path: string | undefined): TlsFile | undefined => (path === undefined ? undefined : { path, source: { kind: 'flags' } });
  const everywhere = loadTlsOptions({
    insecure,
    caCert: flag(options.caCertPath),
    clientCert: flag(options.clientCertPath),
    clientKey: flag(options.clientKeyPath),
    minVersion,
  });
  const own = options.originTls;
  if (own === undefined) return () => everywhere;
  const onOrigin = loadTlsOptions({ ...own, insecure, minVersion });
  return (url) => (url.origin === own.origin ? onOrigin : everywhere);
}

function firstHop(request: TransportRequest): DispatchRequest {
  if (!URL.canParse(request.url)) throw new OkapiError(`invalid URL: ${redactUrl(request.url)}`, { hint: 'give a full URL such as https://api.example.com/path' });
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OkapiError(`unsupported URL scheme ${url.protocol.replace(/:$/, '')} in ${redactUrl(url)}`, { hint: 'okapi speaks http:// and https://' });
  }
  let headers = request.headers;
  if (url.username !== '' || url.password !== '') {
    // User information is never sent in the URL; it becomes Basic credentials unless the caller
    // already chose an Authorization header.
    const problem = userinfoProblem(url);
    if (problem) throw new OkapiError(`cannot send the request to ${url.host}: ${problem}`, { hint: USERINFO_HINT });
    if (!hasHeader(headers, 'authorization')) {
      const { user, password } = userinfoOf(url);
      headers = withHeader(headers, 'Authorization', `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);
    }
    url.username = '';
    url.password = '';
  }
  if (!hasHeader(headers, 'accept-encoding')) headers = withHeader(headers, 'Accept-Encoding', acceptEncoding());
  const originBound = new Set((request.originBound ?? []).map((name) => name.toLowerCase()));
  const hop: DispatchRequest = { method: request.method, url, headers, originBound };
  if (request.body !== undefined) hop.body = request.body;
  return hop;
}

/** The response the caller reads: errors translated, the download ended when the body is done with. */
function finalResponse(response: DispatchResponse, context: FailureContext, deadline: AbortSignal): TransportResponse {
  async function* read(): AsyncGenerator<Uint8Array> {
    try {
      yield* response.body;
    } catch (error) {
      throw failure(error, context, deadline);
    } finally {
      response.cancel();
    }
  }

  let consumed = false;
  const body: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]() {
      if (consumed) throw new Error('the response body has already been read');
      consumed = true;
      return read();
    },
  };
  return {
    ...headOf(response),
    url: response.url.href,
    body,
    async bytes() {
      const chunks: Uint8Array[] = [];
      for await (const chunk of body) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    discard() {
      if (consumed) return;
      consumed = true;
      response.cancel();
    },
  };
}

function failure(error: unknown, context: FailureContext, deadline: AbortSignal): Error {
  if (error instanceof OkapiError) return error;
  if (deadline.aborted) return timeoutError(context);
  return translateError(error, context);
}
