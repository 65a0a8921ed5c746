/**
 * The `oauth-client-credentials` auth type: an access token from the client credentials grant
 * (RFC 6749 §4.4), kept in the token store per API, profile and credential until shortly before it
 * expires, and sent as `Authorization: Bearer …`. A request with a kept token reads the store only:
 * the OAuth client library is loaded when a token must be fetched.
 */
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';
import { grantParams } from './grant-params.js';
import { TOKEN_KEY, authorization, grantFingerprint, usableToken, useUntil } from './cached-token.js';

export default definePlugin({
  ...meta,
  hooks: {
    async auth(input, ctx) {
      const owner = `the oauth-client-credentials auth of API ${input.api} (profile ${input.profile})`;
      const params = grantParams(input.params, owner);
      const scope = { api: input.api, profile: input.profile, ...(input.credential !== undefined ? { credential: input.credential } : {}) };
      const grant = grantFingerprint(params);
      const kept = usableToken(await ctx.tokens.get(scope, TOKEN_KEY), grant, Date.now());
      if (kept) return { headers: { Authorization: authorization(kept) } };

      const { fetchToken } = await import('./fetch-token.js');
      const fetchedAt = Date.now();
      const token = await fetchToken(params, owner);
      const until = useUntil(fetchedAt, token.expires_in);
      if (until !== undefined) {
        await ctx.tokens.set(scope, TOKEN_KEY, JSON.stringify({ access_token: token.access_token, token_type: token.token_type, use_until: until, grant }));
      } else {
        ctx.log('info', `${owner}: the token endpoint gave no expires_in, so the token is not kept`);
      }
      return { headers: { Authorization: authorization(token) } };
    },
  },
});
