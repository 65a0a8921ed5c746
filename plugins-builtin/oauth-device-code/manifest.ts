import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'oauth-device-code',
    description: 'OAuth 2.0 device authorization: shows a code to approve in any browser, keeps and refreshes the token, sends it as a Bearer token',
    okapi_api_version: 2,
    hooks: ['auth'],
    // It sends the client secret, when the client has one, to the provider.
    needs_auth_secrets: true,
  },
} satisfies PluginMeta;
