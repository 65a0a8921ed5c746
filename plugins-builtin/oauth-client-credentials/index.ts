/**
 * The `oauth-client-credentials` auth type: an access token from the client credentials grant
 * (RFC 6749 §4.4), kept in the token store until shortly before it expires and sent as
 * `Authorization: Bearer …` (sdk/oauth/token-flow.ts). A request with a kept token reads the store
 * only: the OAuth client library is loaded when a token must be fetched.
 */
import { definePlugin } from '../../sdk/define.js';
import { authOwner } from '../../sdk/auth-params.js';
import { grantFingerprint } from '../../sdk/oauth/kept-token.js';
import { oauthAuthorization } from '../../sdk/oauth/token-flow.js';
import meta from './manifest.js';
import { grantParams } from './grant-params.js';

export default definePlugin({
  ...meta,
  hooks: {
    async auth(input, ctx) {
      const owner = authOwner('oauth-client-credentials', input);
      const params = grantParams(input.params, owner);
      return oauthAuthorization(input, ctx, {
        key: 'oauth-client-credentials',
        grant: grantFingerprint(params, [params.tokenUrl]),
        obtain: async () => (await import('./fetch-token.js')).fetchToken(params, owner),
      });
    },
  },
});
