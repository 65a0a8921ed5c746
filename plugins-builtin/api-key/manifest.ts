import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'api-key',
    description: 'Auth type api-key: the param value sent as the header, query parameter or cookie the params in and name say',
    okapi_api_version: 2,
    hooks: ['auth'],
    // The key is a secret param, and a cookie key is merged into the request's (secret) Cookie header.
    needs_auth_secrets: true,
  },
} satisfies PluginMeta;
