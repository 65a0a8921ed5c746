/**
 * What every OAuth auth type does around its grant: send the kept access token while it is in use;
 * when it is not (expired, or refused with a 401: `input.renew`), try the refresh token, then the
 * grant itself; keep what came back in the token store under the request's API, profile and
 * credential. The answer is `renewable`, so a 401 brings the hook back once with `renew`.
 */
import type * as oauth from 'oauth4webapi';
import { authOwner } from '../auth-params.js';
import type { AuthContext, AuthInput, AuthOutput } from '../types.js';
import type { TokenScope } from '../services.js';
import { authorization, inUse, keptToken, useUntil, type KeptToken } from './kept-token.js';

export interface TokenSource {
  /** The token store key: the auth type's name, which also names the auth in log lines. */
  key: string;
  /** The grant fingerprint (kept-token.ts grantFingerprint): a token of another grant is not used. */
  grant: string;
  /** The grant itself: client credentials, a sign-in in the browser, a device code. */
  obtain(): Promise<oauth.TokenEndpointResponse>;
  /** Exchanges a refresh token; absent when the auth type has no refresh step. */
  refresh?(refreshToken: string): Promise<oauth.TokenEndpointResponse>;
}

export async function oauthAuthorization(input: AuthInput, ctx: AuthContext, source: TokenSource): Promise<AuthOutput> {
  const scope = tokenScope(input);
  const kept = keptToken(await ctx.tokens.get(scope, source.key), source.grant);
  if (kept && !input.renew && inUse(kept, Date.now())) return answer(kept);

  let token: oauth.TokenEndpointResponse | undefined;
  let refreshed = false;
  const fetchedAt = Date.now();
  if (kept?.refresh_token !== undefined && source.refresh) {
    try {
      token = await source.refresh(kept.refresh_token);
      refreshed = true;
    } catch (error) {
      // A refresh token may be revoked or expired; the grant itself still works.
      ctx.log('info', `${authOwner(source.key, input)}: the refresh token was not accepted (${error instanceof Error ? error.message : String(error)}); signing in again`);
    }
  }
  token ??= await source.obtain();
  const until = useUntil(fetchedAt, token.expires_in);
  // A provider may rotate the refresh token on a refresh, or leave the old one in force.
  const refreshToken = token.refresh_token ?? (refreshed ? kept?.refresh_token : undefined);
  const fresh: KeptToken = {
    access_token: token.access_token,
    token_type: token.token_type,
    ...(until !== undefined ? { use_until: until } : {}),
    ...(refreshToken !== undefined ? { refresh_token: refreshToken } : {}),
    grant: source.grant,
  };
  await ctx.tokens.set(scope, source.key, JSON.stringify(fresh));
  return answer(fresh);
}

/** Where the request's tokens are kept: per API, profile and credential, or per shared auth profile. */
function tokenScope(input: Pick<AuthInput, 'api' | 'profile' | 'credential' | 'auth_profile'>): TokenScope {
  return {
    api: input.api,
    profile: input.profile,
    ...(input.credential !== undefined ? { credential: input.credential } : {}),
    ...(input.auth_profile !== undefined ? { auth_profile: input.auth_profile } : {}),
  };
}

function answer(token: KeptToken): AuthOutput {
  return { headers: { Authorization: authorization(token) }, renewable: true };
}
