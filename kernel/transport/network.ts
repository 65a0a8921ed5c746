/**
 * The innermost dispatch: one exchange on the wire, over the exchange its URL needs
 * (hop-senders.ts), after the request-header rules and the address policy have passed it. It
 * records the exchange for -v and refuses a status outside HTTP's range; everything above it
 * (redirects, decoding, the size cap) is an interceptor.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import type { AddressGuard } from './address-guard.js';
import { headOf, type Dispatch, type DispatchRequest } from './dispatch.js';
import type { HopOptions, HopResponse } from './hop.js';
import { hopSenderFor } from './hop-senders.js';
import { requestHeaderProblem } from './request-header-rules.js';
import { parseSentHead } from './sent-head.js';
import type { TlsConnectOptions } from './tls-material.js';
import type { RecordedHop, SecretFields } from './types.js';

interface NetworkSettings {
  /** The TLS options for a hop's URL: a profile's client certificate goes to its API's origin only. */
  tlsFor: (url: URL) => TlsConnectOptions;
  guard: AddressGuard | undefined;
  hopOptions: HopOptions;
  /** With -v: every exchange is appended here as it completes. */
  hops: RecordedHop[] | undefined;
  /** The request's secret field names, on every hop: a redirect may carry a secret query parameter on. */
  secretFields: SecretFields | undefined;
  /** A failure before the response head, as the user should see it. */
  failure: (error: unknown, url: URL) => Error;
}

export function networkDispatch(settings: NetworkSettings): Dispatch {
  return async (request: DispatchRequest) => {
    let response: HopResponse;
    try {
      const problem = requestHeaderProblem(request.headers, request.body);
      if (problem) throw new OkapiError(`cannot send the request to ${request.url.host}: ${problem}`, { hint: 'remove that header (-H): okapi sets Content-Length and the connection headers itself' });
      await settings.guard?.admit(request.url, request.redirectedFrom, settings.hopOptions.signal);
      const sendHop = await hopSenderFor(request.url, settings.tlsFor(request.url), settings.guard);
      response = await sendHop(request, settings.hopOptions);
      settings.hops?.push(recordedHop(request, response, settings.secretFields));
      // HTTP's statuses are 100 to 599 (RFC 9110 §15): 999 or 000 has no class, and is neither a success nor an error to pass on.
      if (response.status < 100 || response.status > 599) {
        response.body.destroy();
        throw Object.assign(new Error(`${response.status} is not an HTTP status (100 to 599)`), { code: 'HPE_INVALID_STATUS' });
      }
    } catch (error) {
      throw settings.failure(error, request.url);
    }
    const raw = response.body;
    // A body nobody reads is destroyed at shutdown; its error must not crash the process.
    raw.on('error', () => undefined);
    return {
      ...headOf(response),
      url: request.url,
      body: raw,
      cancel() {
        if (!raw.readableEnded) raw.destroy();
      },
    };
  };
}

function recordedHop(hop: DispatchRequest, response: HopResponse, secretFields: SecretFields | undefined): RecordedHop {
  if (response.sentHead === undefined) throw new Error(`the exchange with ${hop.url.host} did not report the request head it wrote`);
  return {
    url: hop.url.href,
    ...(hop.dropped ? { dropped: hop.dropped } : {}),
    request: parseSentHead(response.sentHead),
    ...(secretFields ? { secretFields } : {}),
    ...(hop.body !== undefined ? { body: hop.body } : {}),
    response: { status: response.status, statusText: response.statusText, httpVersion: response.httpVersion, headers: response.headers },
  };
}
