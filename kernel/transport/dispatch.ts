/**
 * The transport as a chain of interceptors (docs/design/018-transport-chain.md). A `Dispatch`
 * turns one request into one response; an `Interceptor` wraps the next dispatch with one idea
 * (follow redirects, decode the body, cap its size) and may call it once, several times or not at
 * all. `send` composes them in one fixed order around the network exchange:
 *
 *   cache → retry → redirects → body limit → decompression → network
 *
 * The cache and retry positions hold what callers contribute (`TransportOptions.interceptors`):
 * a cache answer never reaches retry or the network, and a retry re-runs the whole redirect chain.
 */
import type { HopRequest } from './redirects.js';
import type { ResponseHead } from './types.js';

export interface DispatchRequest extends HopRequest {
  /** The URL whose redirect led to this request; undefined for the first. */
  redirectedFrom?: URL;
}

export interface DispatchResponse extends ResponseHead {
  /** The URL that answered (the last hop's, after redirects). */
  url: URL;
  /** The body as the layers below deliver it; iterate at most once. */
  body: AsyncIterable<Uint8Array>;
  /** Ends the download without reading the rest; harmless once the body has been read. */
  cancel(): void;
}

export type Dispatch = (request: DispatchRequest) => Promise<DispatchResponse>;

export type Interceptor = (next: Dispatch) => Dispatch;

/** Where a contributed interceptor sits: the two seams DESIGN.md §2 step 5 names. */
type InterceptorPosition = 'cache' | 'retry';

export interface ContributedInterceptor {
  position: InterceptorPosition;
  intercept: Interceptor;
}

/** The head alone, without what a layer adds (the body, the URL, its methods). */
export function headOf(response: ResponseHead): ResponseHead {
  const { status, statusText, headers, httpVersion, tls } = response;
  return { status, statusText, headers, httpVersion, ...(tls ? { tls } : {}) };
}

/** `network` wrapped by `layers`, the first outermost. */
export function composeChain(network: Dispatch, layers: readonly Interceptor[]): Dispatch {
  return layers.reduceRight((next, layer) => layer(next), network);
}

/** The interceptors contributed at `position`, in the order given (the first outermost). */
export function contributedAt(position: InterceptorPosition, contributed: readonly ContributedInterceptor[] | undefined): Interceptor[] {
  return (contributed ?? []).filter((c) => c.position === position).map((c) => c.intercept);
}
