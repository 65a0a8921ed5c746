/**
 * The `oauth-device-code` auth type: an access token from the device authorization grant
 * (RFC 8628), for a CLI where no browser can be opened or reached: okapi shows a URL and a code,
 * the user approves it on any device, okapi polls until then. The token is kept in the token
 * store and refreshed with its refresh token when it ends (sdk/oauth/token-flow.ts). A request
 * with a kept token reads the store only: the OAuth client library is loaded when a token must be
 * fetched.
 */
import { definePlugin } from '../../sdk/define.js';
import { authOwner } from '../../sdk/auth-params.js';
import { grantFingerprint } from '../../sdk/oauth/kept-token.js';
import { oauthAuthorization } from '../../sdk/oauth/token-flow.js';
import meta from './manifest.js';
import { deviceParams } from './device-params.js';
import type { DeviceGrant } from './device-grant.js';

export default definePlugin({
  ...meta,
  hooks: {
    async auth(input, ctx) {
      const owner = authOwner('oauth-device-code', input);
      const params = deviceParams(input.params, owner);
      // One per request, made when first needed: a refused refresh is followed by a device code on the same provider.
      let loaded: Promise<DeviceGrant> | undefined;
      const grant = () => (loaded ??= import('./device-grant.js').then(({ DeviceGrant }) => new DeviceGrant(params, owner, input.api)));
      return oauthAuthorization(input, ctx, {
        key: 'oauth-device-code',
        grant: grantFingerprint(params, [params.deviceAuthorizationUrl, params.tokenUrl]),
        obtain: async () => (await grant()).obtain(ctx),
        refresh: async (refreshToken) => (await grant()).refresh(refreshToken),
      });
    },
  },
});
