import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'bearer',
    description: 'Auth type bearer: sends the param token as Authorization: Bearer <token>',
    okapi_api_version: 2,
    hooks: ['auth'],
    // The token is the whole point of this plugin.
    needs_auth_secrets: true,
  },
} satisfies PluginMeta;
