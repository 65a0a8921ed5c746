/**
 * An OAuth token as an auth plugin keeps it in the token store: the access token, when to stop
 * using it, the refresh token when the provider gave one, and which grant it came from, so a
 * profile whose client, endpoint or scopes changed does not reuse it.
 */
import { isPlainObject } from '../shared/plain-object.js';
import type { ClientParams } from './client-params.js';

/** Stop using a token this long before it expires, at most: clocks differ and requests take time. */
const MAX_SKEW_MS = 30_000;

export interface KeptToken {
  access_token: string;
  token_type: string;
  /** Epoch milliseconds after which the access token is not sent; undefined when the provider gave no lifetime. */
  use_until?: number;
  refresh_token?: string;
  /** The grant fingerprint (`grantFingerprint`) the token was issued for. */
  grant: string;
}

/**
 * Names a grant by what identifies it (issuer or the type's endpoints, client, scopes, extra
 * params), never by a secret. `endpoints` are the type's endpoint URLs in a fixed order, undefined
 * when discovery names them. Kept as it is, not hashed: loading node:crypto would cost a request
 * with a kept token ~2 ms.
 */
export function grantFingerprint(client: Omit<ClientParams, 'endpoints' | 'clientSecret'>, endpoints: readonly (string | undefined)[]): string {
  return JSON.stringify([client.issuerUrl ?? '', ...endpoints.map((url) => url ?? ''), client.clientId, client.authMethod, client.scopes, client.extra]);
}

/** The stored token when it was issued for `grant`, whether or not it is still in use; else undefined. */
export function keptToken(stored: string | undefined, grant: string): KeptToken | undefined {
  if (stored === undefined) return undefined;
  let token: unknown;
  try {
    token = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (!isPlainObject(token) || token.grant !== grant) return undefined;
  const { access_token, token_type, use_until, refresh_token } = token;
  if (typeof access_token !== 'string' || typeof token_type !== 'string') return undefined;
  if (use_until !== undefined && typeof use_until !== 'number') return undefined;
  if (refresh_token !== undefined && typeof refresh_token !== 'string') return undefined;
  return {
    access_token,
    token_type,
    ...(use_until !== undefined ? { use_until } : {}),
    ...(refresh_token !== undefined ? { refresh_token } : {}),
    grant,
  };
}

/** Whether the access token may still be sent at `now`: one without a lifetime is used until a 401 says otherwise. */
export function inUse(token: KeptToken, now: number): boolean {
  return token.use_until === undefined || now < token.use_until;
}

/**
 * When to stop using a token that lives `expiresIn` seconds from `now`: a tenth of its life early,
 * at most 30 s. Undefined when the provider gave no lifetime.
 */
export function useUntil(now: number, expiresIn: number | undefined): number | undefined {
  if (expiresIn === undefined || expiresIn <= 0) return undefined;
  const lifetime = expiresIn * 1000;
  return now + lifetime - Math.min(MAX_SKEW_MS, lifetime / 10);
}

/** The Authorization header value; a `bearer` type is written as RFC 6750 writes it. */
export function authorization(token: Pick<KeptToken, 'access_token' | 'token_type'>): string {
  const type = token.token_type.toLowerCase() === 'bearer' ? 'Bearer' : token.token_type;
  return `${type} ${token.access_token}`;
}
