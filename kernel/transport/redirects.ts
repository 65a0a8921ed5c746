/**
 * Redirect policy. okapi follows redirects itself rather than through undici's interceptor so the
 * rules are ours:
 * - the method follows the Fetch standard, as curl and HTTPie do: 301/302 turn only a POST into a
 *   bodiless GET (browsers made that the web's rule, RFC 9110 §15.4.2-3 allows it); 303 turns every
 *   method but HEAD into one; anything else keeps its method and body. Go's net/http, hence Restish,
 *   turns PUT/PATCH/DELETE into GET on 301/302 too, which quietly sends a different request;
 * - a relative Location is resolved against the URL that answered; a fragment is inherited;
 * - when the origin (scheme, host, effective port) changes, every header the caller marked as bound
 *   to the origin (what the user, a profile or a plugin added), every credential-named header and
 *   a caller-set Host are dropped, except the Content-Type (and other Content-*) of a body the redirect
 *   sends on; they stay dropped for the rest of the chain, back on the first origin too, as browsers
 *   and curl do. The hop notes which it dropped (`dropped`) so -v can say so;
 * - a Location okapi cannot follow (missing, malformed, not http/https) ends the chain: the 3xx is
 *   the response;
 * - loops and chains longer than the limit are errors.
 */
import type { HeaderMap } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { isCredentialName } from '../../sdk/shared/credential-names.js';
import { withoutHeaders } from './headers.js';
import { redactUrl } from '../../sdk/shared/redact.js';

export const MAX_REDIRECTS = 10;

const FOLLOWED = new Set([301, 302, 303, 307, 308]);

export interface HopRequest {
  method: string;
  url: URL;
  headers: HeaderMap;
  body?: Uint8Array;
  /** Lower-case names of the headers that must not leave the first origin. */
  originBound: ReadonlySet<string>;
  /** The headers dropped on the redirect that led to this hop (a change of origin), as spelled. */
  dropped?: string[];
}

export function isRedirectStatus(status: number): boolean {
  return FOLLOWED.has(status);
}

/** The request the redirect asks for, or undefined when the response is final. */
export function nextHop(current: HopRequest, status: number, location: string | undefined): HopRequest | undefined {
  if (!isRedirectStatus(status) || location === undefined || location.trim() === '' || !URL.canParse(location.trim(), current.url.href)) return undefined;
  const target = new URL(location.trim(), current.url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  if (target.hash === '' && current.url.hash !== '') target.hash = current.url.hash;

  const method = current.method.toUpperCase();
  const toGet = (status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');

  const keepsBody = !toGet && current.body !== undefined;
  let headers = current.headers;
  if (toGet) headers = withoutHeaders(headers, isBodyHeader);
  const next: HopRequest = { method: toGet ? 'GET' : current.method, url: target, headers, originBound: current.originBound };
  // Another port is another origin (DESIGN.md §6); URL leaves a scheme's default port out however written.
  if (current.url.origin !== target.origin) {
    const staysBehind = (name: string) =>
      name === 'host' || isCredentialName(name) || (current.originBound.has(name) && !(keepsBody && isBodyHeader(name)));
    const dropped = Object.keys(headers).filter((name) => staysBehind(name.toLowerCase()));
    if (dropped.length > 0) {
      next.headers = withoutHeaders(headers, staysBehind);
      next.dropped = dropped;
    }
  }
  if (keepsBody) next.body = current.body;
  return next;
}

function isBodyHeader(name: string): boolean {
  return name.startsWith('content-') || name === 'transfer-encoding' || name === 'digest';
}

/** Counts the hops of one chain and refuses loops and chains over the limit. */
export class RedirectChain {
  private readonly seen = new Set<string>();
  private readonly trail: string[] = [];
  private last: URL;

  constructor(
    private readonly limit: number,
    first: HopRequest,
  ) {
    this.last = first.url;
    this.remember(first);
  }

  /** Call before following `next`; throws when it would loop or exceed the limit. */
  admit(next: HopRequest): void {
    if (this.seen.has(keyOf(next))) {
      const trail = [...this.trail, redactUrl(next.url)].join(' → ');
      throw new OkapiError(`redirect loop: ${next.url.host} redirected back to a URL already visited (${trail})`, {
        hint: 'the server keeps sending okapi round in circles; check the URL, or that the server does not expect a cookie okapi does not send',
      });
    }
    // The trail holds the first request and each redirect followed.
    if (this.trail.length > this.limit) {
      throw new OkapiError(`too many redirects: stopped after ${this.limit} (the next one, from ${this.last.host}, pointed to ${redactUrl(next.url)})`, {
        hint: `okapi follows at most ${this.limit} redirect${this.limit === 1 ? '' : 's'} per request; check the URL, or request the final URL directly`,
      });
    }
    this.remember(next);
  }

  private remember(hop: HopRequest): void {
    this.seen.add(keyOf(hop));
    this.trail.push(redactUrl(hop.url));
    this.last = hop.url;
  }
}

function keyOf(hop: HopRequest): string {
  return `${hop.method.toUpperCase()} ${hop.url.href.replace(/#.*$/s, '')}`;
}
