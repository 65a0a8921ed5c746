/**
 * The `oauth-authorization-code` auth type: the user signs in in the browser (PKCE, a loopback
 * redirect; docs/design/030), and the access token is kept in the token store, refreshed with the
 * refresh token when it expires, and sent as `Authorization: Bearer …` (sdk/oauth/token-flow.ts).
 * A request with a kept token reads the store only: the OAuth client library is loaded when a
 * token must be fetched.
 */
import { definePlugin } from '../../sdk/define.js';
import { authOwner } from '../../sdk/auth-params.js';
import { grantFingerprint } from '../../sdk/oauth/kept-token.js';
import { oauthAuthorization } from '../../sdk/oauth/token-flow.js';
import meta from './manifest.js';
import { signInParams } from './sign-in-params.js';
import type { Provider } from './provider-endpoints.js';

export default definePlugin({
  ...meta,
  hooks: {
    async auth(input, ctx) {
      const owner = authOwner('oauth-authorization-code', input);
      const params = signInParams(input.params, owner);
      // One per request, found when first needed: a refused refresh is followed by a sign-in at the same provider.
      let found: Promise<Provider> | undefined;
      const provider = () => (found ??= import('./provider-endpoints.js').then(({ providerFor }) => providerFor(params, owner)));
      return oauthAuthorization(input, ctx, {
        key: 'oauth-authorization-code',
        // The redirect is how a code arrives, not what the token is for: changing it keeps the token.
        grant: grantFingerprint(params, [params.authorizationUrl, params.tokenUrl]),
        obtain: async () => (await import('./sign-in.js')).signIn(params, await provider(), owner, ctx, input.no_browser === true),
        refresh: async (refreshToken) => (await import('./refresh-token.js')).refreshAccessToken(await provider(), owner, refreshToken),
      });
    },
  },
});
