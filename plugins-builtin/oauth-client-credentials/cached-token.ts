/**
 * The access token as the token store keeps it: the value, when to stop using it, and which grant
 * it came from, so a profile whose client, endpoint or scopes changed does not reuse it.
 */
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import type { GrantParams } from './grant-params.js';

/** The token store key, under the request's API, profile and credential. */
export const TOKEN_KEY = 'oauth-client-credentials';

/** Stop using a token this long before it expires, at most: clocks differ and requests take time. */
const MAX_SKEW_MS = 30_000;

export interface CachedToken {
  access_token: string;
  token_type: string;
  /** Epoch milliseconds after which the token is fetched again. */
  use_until: number;
  grant: string;
}

/**
 * Names the grant (endpoint, client, scopes, extra params), never its secret. Kept as it is, not
 * hashed: loading node:crypto would cost a request with a kept token ~2 ms.
 */
export function grantFingerprint(params: GrantParams): string {
  return JSON.stringify([params.issuerUrl ?? '', params.tokenUrl ?? '', params.clientId, params.authMethod, params.scopes, params.extra]);
}

/** The stored token when it is for this grant and still in use at `now`; else undefined. */
export function usableToken(stored: string | undefined, grant: string, now: number): CachedToken | undefined {
  if (stored === undefined) return undefined;
  let token: unknown;
  try {
    token = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (!isPlainObject(token)) return undefined;
  const { access_token, token_type, use_until } = token;
  if (typeof access_token !== 'string' || typeof token_type !== 'string' || typeof use_until !== 'number') return undefined;
  if (token.grant !== grant || now >= use_until) return undefined;
  return { access_token, token_type, use_until, grant };
}

/**
 * When to stop using a token that lives `expiresIn` seconds from `now`: a tenth of its life early,
 * at most 30 s. Undefined when the provider gave no lifetime: such a token is not kept.
 */
export function useUntil(now: number, expiresIn: number | undefined): number | undefined {
  if (expiresIn === undefined || expiresIn <= 0) return undefined;
  const lifetime = expiresIn * 1000;
  return now + lifetime - Math.min(MAX_SKEW_MS, lifetime / 10);
}

/** The Authorization header value; a `bearer` type is written as RFC 6750 writes it. */
export function authorization(token: Pick<CachedToken, 'access_token' | 'token_type'>): string {
  const type = token.token_type.toLowerCase() === 'bearer' ? 'Bearer' : token.token_type;
  return `${type} ${token.access_token}`;
}
