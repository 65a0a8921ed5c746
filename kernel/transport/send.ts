/**
 * `send`: one request through the transport. Each hop goes over the exchange its URL needs
 * (hop-senders.ts), redirects are followed by okapi's policy, and the final body is decoded and
 * capped as it is read. Every failure a user can see leaves as an OkapiError naming the host.
 */
import { OkapiError } from '../../sdk/errors.js';
import { bodyTooLarge, limitBody } from './body-limit.js';
import { acceptEncoding, codingsToUndo, decodeBody } from './decompress.js';
import { timeoutError, translateError, type FailureContext } from './error-translation.js';
import { afterHops } from './failed-chain.js';
import { getHeader, hasHeader, withHeader } from './headers.js';
import type { HopResponse } from './hop.js';
import { closeHopSenders, hopSenderFor } from './hop-senders.js';
import { proxyFor } from './proxy-environment.js';
import { DEFAULT_MAX_REDIRECTS, isRedirectStatus, nextHop, RedirectChain, type HopRequest } from './redirects.js';
import { redactUrl } from '../../sdk/redact.js';
import { requestHeaderProblem } from './request-header-rules.js';
import { loadTlsOptions } from './tls-material.js';
import { USERINFO_HINT, userinfoOf, userinfoProblem } from './userinfo.js';
import { parseSentHead } from './sent-head.js';
import type { CloseOptions, RecordedHop, TransportOptions, TransportRequest, TransportResponse } from './types.js';

const DEFAULT_MAX_BODY_SIZE = 100 * 1024 * 1024;
/** Redirect bodies up to this size are read to the end so the connection can be reused. */
const DRAIN_LIMIT = 64 * 1024;

export async function send(request: TransportRequest, options: TransportOptions): Promise<TransportResponse> {
  const first = firstHop(request);
  const tlsMinVersion = options.tlsMinVersion ?? 'TLSv1.2';
  // Reads and checks the PEM files: a bad path fails here, before any connection.
  const tls = loadTlsOptions({
    insecure: options.insecure === true,
    caCertPath: options.caCertPath,
    clientCertPath: options.clientCertPath,
    clientKeyPath: options.clientKeyPath,
    minVersion: tlsMinVersion,
  });
  const maxBodySize = options.maxBodySize > 0 ? options.maxBodySize : DEFAULT_MAX_BODY_SIZE;
  const follow = options.followRedirects !== false;
  const timeoutMs = options.timeoutMs !== undefined && options.timeoutMs > 0 ? options.timeoutMs : undefined;
  const stream = options.stream === true;
  const contextFor = (url: URL): FailureContext => ({
    url,
    timeoutMs,
    tlsMinVersion,
    clientCertificate: tls.cert !== undefined,
    proxy: proxyFor(url.protocol),
  });

  const deadline = new Deadline(timeoutMs, options.signal);
  // With -t, okapi's deadline is the limit and the exchanges' own timers are off; streams may idle.
  const hopOptions = {
    signal: deadline.signal,
    headersTimeout: timeoutMs !== undefined ? 0 : undefined,
    bodyTimeout: timeoutMs !== undefined || stream ? 0 : undefined,
    recordHead: options.recordHops === true,
  };

  // Loaded only for the requests that have a policy: a plain request pays nothing for it.
  const guard = options.addressPolicy ? (await import('./address-guard.js')).guardFor(options.addressPolicy) : undefined;

  let hop = first;
  let from: URL | undefined;
  const chain = new RedirectChain(options.maxRedirects ?? DEFAULT_MAX_REDIRECTS, first);
  const redirects: { status: number; url: string }[] = [];
  const hops: RecordedHop[] | undefined = options.recordHops ? [] : undefined;
  for (;;) {
    let response: HopResponse;
    try {
      const problem = requestHeaderProblem(hop.headers, hop.body);
      if (problem) throw new OkapiError(`cannot send the request to ${hop.url.host}: ${problem}`, { hint: 'remove that header (-H): okapi sets Content-Length and the connection headers itself' });
      await guard?.admit(hop.url, from, deadline.signal);
      const sendHop = await hopSenderFor(hop.url, tls, guard);
      response = await sendHop(hop, hopOptions);
      hops?.push(recordedHop(hop, response));
      // HTTP's statuses are 100 to 599 (RFC 9110 §15): 999 or 000 has no class, and is neither a success nor an error to pass on.
      if (response.status < 100 || response.status > 599) {
        response.body.destroy();
        throw Object.assign(new Error(`${response.status} is not an HTTP status (100 to 599)`), { code: 'HPE_INVALID_STATUS' });
      }
    } catch (error) {
      deadline.release();
      throw afterHops(failure(error, contextFor(hop.url), deadline, options.signal, 'headers', stream), hops);
    }
    // Two different places to go: following either would be a guess.
    const locations = new Set(response.headers.location ?? []);
    if (follow && locations.size > 1 && isRedirectStatus(response.status)) {
      response.body.destroy();
      deadline.release();
      const error = new OkapiError(`${hop.url.host} answered ${response.status} with ${locations.size} different Location headers, so okapi cannot tell which one to follow`, {
        hint: 'a redirect names one place to go: the server is at fault; -v shows the headers it sent',
      });
      throw afterHops(error, hops);
    }
    const next = follow ? nextHop(hop, response.status, getHeader(response.headers, 'location')) : undefined;
    if (!next) {
      if (stream) deadline.stopTimer();
      const final = finalResponse(hop, response, redirects, maxBodySize, contextFor(hop.url), deadline, options.signal, stream);
      return hops ? { ...final, hops } : final;
    }
    try {
      chain.admit(next);
    } catch (error) {
      response.body.destroy();
      deadline.release();
      throw afterHops(error, hops);
    }
    redirects.push({ status: response.status, url: hop.url.href });
    await discard(response);
    from = hop.url;
    hop = next;
  }
}

export async function closeTransport(options: CloseOptions = {}): Promise<void> {
  await closeHopSenders(options);
}

function firstHop(request: TransportRequest): HopRequest {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new OkapiError(`invalid URL: ${redactUrl(request.url)}`, { hint: 'give a full URL such as https://api.example.com/path' });
  }
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
  const hop: HopRequest = { method: request.method, url, headers, originBound };
  if (request.body !== undefined) hop.body = request.body;
  return hop;
}

function recordedHop(hop: HopRequest, response: HopResponse): RecordedHop {
  if (response.sentHead === undefined) throw new Error(`the exchange with ${hop.url.host} did not report the request head it wrote`);
  return {
    url: hop.url.href,
    ...(hop.dropped ? { dropped: hop.dropped } : {}),
    request: parseSentHead(response.sentHead),
    ...(hop.body !== undefined ? { body: hop.body } : {}),
    response: { status: response.status, statusText: response.statusText, httpVersion: response.httpVersion, headers: response.headers },
  };
}

function finalResponse(
  hop: HopRequest,
  response: HopResponse,
  redirects: { status: number; url: string }[],
  maxBodySize: number,
  context: FailureContext,
  deadline: Deadline,
  signal: AbortSignal | undefined,
  stream: boolean,
): TransportResponse {
  const raw = response.body;
  const host = hop.url.host;
  const codings = codingsToUndo(response.headers['content-encoding']) ?? [];
  const declared = Number(response.headers['content-length']?.[0] ?? Number.NaN);

  async function* read(): AsyncGenerator<Uint8Array> {
    let decoding = false;
    try {
      // The size is known up front: fail without reading anything.
      // (Not for HEAD, 204 or 304, whose Content-Length describes a body they do not carry.)
      const bodiless = hop.method.toUpperCase() === 'HEAD' || response.status === 204 || response.status === 304;
      if (codings.length === 0 && !bodiless && declared > maxBodySize) {
        throw bodyTooLarge(host, maxBodySize, declared);
      }
      decoding = codings.length > 0;
      const decoded = decoding ? decodeBody(raw, codings) : raw;
      yield* limitBody(decoded as AsyncIterable<Buffer>, maxBodySize, () => bodyTooLarge(host, maxBodySize));
    } catch (error) {
      if (decoding && isZlibError(error) && !deadline.timedOut && !signal?.aborted) {
        throw undecodableBody(error, codings, host);
      }
      throw failure(error, context, deadline, signal, 'request', stream);
    } finally {
      deadline.release();
      if (!raw.readableEnded) raw.destroy();
    }
  }

  // A body nobody reads is destroyed at shutdown; its error must not crash the process.
  raw.on('error', () => undefined);
  let consumed = false;
  const body: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]() {
      if (consumed) throw new Error('the response body has already been read');
      consumed = true;
      return read();
    },
  };
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    httpVersion: response.httpVersion,
    url: hop.url.href,
    redirects,
    ...(response.tls ? { tls: response.tls } : {}),
    body,
    async bytes() {
      const chunks: Uint8Array[] = [];
      for await (const chunk of body) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    discard() {
      if (consumed) return;
      consumed = true;
      deadline.release();
      if (!raw.readableEnded) raw.destroy();
    },
  };
}

/** A redirect's body: read to the end when small (the connection is reused), else dropped. */
async function discard(response: HopResponse): Promise<void> {
  const length = Number(response.headers['content-length']?.[0] ?? Number.NaN);
  if (!(length <= DRAIN_LIMIT)) {
    response.body.destroy();
    return;
  }
  try {
    for await (const _chunk of response.body) {
      // draining
    }
  } catch {
    // The redirect is followed regardless of how its body ended.
  }
}

function failure(
  error: unknown,
  context: FailureContext,
  deadline: Deadline,
  signal: AbortSignal | undefined,
  phase: 'headers' | 'request',
  stream: boolean,
): Error {
  if (error instanceof OkapiError) return error;
  if (deadline.timedOut) return timeoutError(context, stream && phase === 'headers' ? 'headers' : 'request');
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    return reason instanceof Error ? reason : translateError(error, context);
  }
  return translateError(error, context);
}

function undecodableBody(error: unknown, codings: readonly string[], host: string): OkapiError {
  const encoded = `${codings.join('+')}-encoded response body from ${host}`;
  if ((error as { code?: unknown }).code === 'Z_BUF_ERROR') {
    return new OkapiError(`the ${encoded} is truncated: it ends before its compressed stream does`, {
      hint: 'the connection closed early or the server sent a cut-off body; try again, or ask for it unencoded with -H "Accept-Encoding: identity"',
      cause: error,
    });
  }
  return new OkapiError(`could not decode the ${encoded}: ${(error as Error).message}`, {
    hint: 'the body does not match its Content-Encoding; ask for it unencoded with -H "Accept-Encoding: identity"',
    cause: error,
  });
}

function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR__') || code.startsWith('ERR_ZSTD'));
}

/** `-t` plus the caller's signal, as one AbortSignal for every hop and the body. */
class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private unlink: (() => void) | undefined;
  timedOut = false;

  constructor(timeoutMs: number | undefined, outer: AbortSignal | undefined) {
    if (outer?.aborted) {
      this.controller.abort(outer.reason);
    } else if (outer) {
      const forward = (): void => this.controller.abort(outer.reason);
      outer.addEventListener('abort', forward, { once: true });
      this.unlink = () => outer.removeEventListener('abort', forward);
    }
    if (timeoutMs !== undefined) {
      this.timer = setTimeout(() => {
        this.timedOut = true;
        this.controller.abort(new Error('okapi timeout'));
      }, timeoutMs);
      // The open request keeps the process alive; the timer alone must not.
      this.timer.unref();
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  release(): void {
    this.stopTimer();
    this.unlink?.();
    this.unlink = undefined;
  }
}
