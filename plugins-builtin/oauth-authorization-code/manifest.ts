import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'oauth-authorization-code',
    description: 'OAuth 2.0 authorization code with PKCE: the user signs in in the browser; the token is kept, refreshed, and sent as a Bearer token',
    okapi_api_version: 2,
    hooks: ['auth'],
    // A confidential client sends its secret to the token endpoint.
    needs_auth_secrets: true,
  },
} satisfies PluginMeta;
