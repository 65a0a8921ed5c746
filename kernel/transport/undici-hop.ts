/**
 * One HTTP exchange (one hop of a redirect chain) through an undici dispatcher, with okapi's own
 * handler: the promise settles at the response headers, and the body is a Node Readable fed with
 * backpressure (the connection is paused while the reader is behind). Destroying the body before
 * its end aborts the request, so a caller that stops reading stops the download.
 */
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { PinnedLookup } from './address-guard.js';
import { closeDispatchers, dispatcherFor } from './agents.js';
import { recordSentHeads, takeSentHeadAtHeaders, takeSocketAtHeaders, takeSocketErrorAtError, trackConnections } from './connection-tracker.js';
import { fromRawHeaders, toDispatchHeaders } from './headers.js';
import { type HopOptions, type HopResponse, type SendHop } from './hop.js';
import type { HopRequest } from './redirects.js';
import { httpVersionOf, tlsDetailsOf } from './tls-details.js';
import type { TlsConnectOptions } from './tls-material.js';

const BODY_BUFFER = 64 * 1024;

/**
 * Hops through the pooled dispatcher for these TLS settings (and the environment's proxies), or
 * for a direct connection under an address policy, the one that resolves through its `pinned` lookup.
 */
export async function undiciSender(tls: TlsConnectOptions, pinned?: PinnedLookup): Promise<SendHop> {
  const dispatcher = await dispatcherFor(tls, pinned);
  trackConnections();
  return (hop, options) => dispatchHop(dispatcher, hop, options);
}

/** Closes pooled connections. */
export async function closeUndici(): Promise<void> {
  await closeDispatchers();
}

function dispatchHop(dispatcher: Dispatcher, hop: HopRequest, options: HopOptions): Promise<HopResponse> {
  const { signal } = options;
  return new Promise<HopResponse>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    // Set when the promise resolves: from then on a failure ends the body instead.
    let body: Readable | undefined;
    let finished = false;
    let abortReason: Error | undefined;
    let status = 0;
    let received = 0;

    const finish = (): void => {
      finished = true;
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      abortReason = signal.reason as Error;
      controller?.abort(abortReason);
      if (body) {
        body.destroy(abortReason);
      } else {
        finish();
        reject(abortReason);
      }
    };

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(ctrl) {
        controller = ctrl;
        // Aborted while queued or connecting: undici only lets us cancel now.
        if (abortReason) ctrl.abort(abortReason);
      },
      onResponseStart(ctrl, statusCode, _parsed, statusMessage) {
        if (statusCode < 200) return; // 1xx: informational, the real response follows
        const socket = takeSocketAtHeaders();
        const sentHead = options.recordHead ? takeSentHeadAtHeaders() : undefined;
        const httpVersion = httpVersionOf(socket);
        const raw = Array.isArray(ctrl.rawHeaders) ? (ctrl.rawHeaders as (Buffer | string)[]) : [];
        const headers = fromRawHeaders(raw, httpVersion === '2' ? 'utf8' : 'latin1');
        const tls = tlsDetailsOf(socket);
        body = new Readable({
          highWaterMark: BODY_BUFFER,
          read() {
            ctrl.resume();
          },
          destroy(error, callback) {
            if (!finished) {
              finish();
              ctrl.abort(error ?? new Error('response body discarded'));
            }
            callback(error);
          },
        });
        status = statusCode;
        resolve({
          status: statusCode,
          statusText: statusMessage || STATUS_CODES[statusCode] || '',
          headers,
          httpVersion,
          ...(tls ? { tls } : {}),
          ...(sentHead !== undefined ? { sentHead } : {}),
          body,
        });
      },
      onResponseData(ctrl, chunk) {
        received += chunk.length;
        if (!body || body.destroyed) return;
        if (!body.push(chunk)) ctrl.pause();
      },
      onResponseEnd() {
        finish();
        body?.push(null);
      },
      onResponseError(_ctrl, error) {
        const failure = preciseError(error, takeSocketErrorAtError());
        finish();
        if (body && !abortReason && bodilessMismatch(status, received, failure)) {
          body.push(null);
          return;
        }
        if (!body) reject(abortReason ?? failure);
        else if (!body.destroyed) body.destroy(abortReason ?? failure);
      },
    };

    signal.throwIfAborted();
    signal.addEventListener('abort', onAbort, { once: true });
    if (options.recordHead) recordSentHeads();
    const url = hop.url;
    // undici reports every failure, an invalid request included, to the handler: dispatch never throws with it.
    dispatcher.dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: hop.method as Dispatcher.HttpMethod,
        headers: toDispatchHeaders(hop.headers),
        body: hop.body ?? null,
        ...(options.headersTimeout !== undefined ? { headersTimeout: options.headersTimeout } : {}),
        ...(options.bodyTimeout !== undefined ? { bodyTimeout: options.bodyTimeout } : {}),
      },
      handler,
    );
  });
}

/**
 * A 304 may carry the Content-Length of the representation it stands for (RFC 9110 §8.6), and a
 * 204 sometimes does by mistake; undici 7 then reports a length mismatch for the body that
 * rightly never came. That is a complete response, not a failure.
 */
function bodilessMismatch(status: number, received: number, error: Error): boolean {
  return (status === 304 || status === 204) && received === 0 && (error as { code?: string }).code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH';
}

/**
 * undici reports a socket that closed under a request as "other side closed", even when the
 * socket failed first with something more telling (a TLS alert sent after a TLS 1.3 handshake,
 * a reset): report that instead.
 */
function preciseError(error: Error, first: Error | undefined): Error {
  const code = (error as { code?: string }).code;
  if (code !== 'UND_ERR_SOCKET') return error;
  return first && first !== error && (first as { code?: string }).code !== 'UND_ERR_SOCKET' ? first : error;
}
