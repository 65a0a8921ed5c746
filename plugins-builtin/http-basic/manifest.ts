import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'http-basic',
    description: 'Auth type http-basic: the params username and password as Authorization: Basic (RFC 7617, UTF-8)',
    okapi_api_version: 2,
    hooks: ['auth'],
    // The password is a secret param.
    needs_auth_secrets: true,
  },
} satisfies PluginMeta;
