import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'external-tool',
    description:
      'Auth type external-tool: runs the param commandline (once approved by its hash) and sends what it prints, JSON {"headers": {name: value}, "query": {name: value}}',
    okapi_api_version: 2,
    hooks: ['auth'],
    // The command line may carry secrets of its own, and its approval is a param beside it.
    needs_auth_secrets: true,
  },
} satisfies PluginMeta;
