import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'oauth-client-credentials',
    description: 'OAuth 2.0 client credentials: fetches an access token, keeps it until it expires, sends it as a Bearer token',
    okapi_api_version: 2,
    hooks: ['auth'],
    // It sends the client secret to the token endpoint.
    needs_auth_secrets: true,
  },
} satisfies PluginMeta;
