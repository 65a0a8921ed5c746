/**
 * Interceptor: follow redirects by okapi's policy (redirects.ts: method rewrite, headers that stay
 * with their origin, loops, the limit). Each hop goes down the rest of the chain again, so the
 * address policy and -v recording see every one; a redirect's body is drained when small, so its
 * connection can be reused, and dropped otherwise.
 */
import { OkapiError } from '../../../sdk/shared/errors.js';
import type { DispatchRequest, DispatchResponse, Interceptor } from '../dispatch.js';
import { getHeader } from '../headers.js';
import { isRedirectStatus, nextHop, RedirectChain } from '../redirects.js';

/** Redirect bodies up to this size are read to the end so the connection can be reused. */
const DRAIN_LIMIT = 64 * 1024;

export function followRedirects(maxRedirects: number): Interceptor {
  return (next) => async (first) => {
    const chain = new RedirectChain(maxRedirects, first);
    let request: DispatchRequest = first;
    for (;;) {
      const response = await next(request);
      // Two different places to go: following either would be a guess.
      const locations = new Set(response.headers.location ?? []);
      if (locations.size > 1 && isRedirectStatus(response.status)) {
        response.cancel();
        throw new OkapiError(`${request.url.host} answered ${response.status} with ${locations.size} different Location headers, so okapi cannot tell which one to follow`, {
          hint: 'a redirect names one place to go: the server is at fault; -v shows the headers it sent',
        });
      }
      const hop = nextHop(request, response.status, getHeader(response.headers, 'location'));
      if (!hop) return response;
      try {
        chain.admit(hop);
      } catch (error) {
        response.cancel();
        throw error;
      }
      await drain(response);
      request = { ...hop, redirectedFrom: request.url };
    }
  };
}

/** A redirect's body: read to the end when small (the connection is reused), else dropped. */
async function drain(response: DispatchResponse): Promise<void> {
  const length = Number(response.headers['content-length']?.[0] ?? Number.NaN);
  if (!(length <= DRAIN_LIMIT)) {
    response.cancel();
    return;
  }
  try {
    for await (const _chunk of response.body) {
      // draining
    }
  } catch {
    // The redirect is followed regardless of how its body ended.
  } finally {
    response.cancel();
  }
}
