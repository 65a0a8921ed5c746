import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'lines',
    description: 'Prints scalar values one per line, unquoted',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['lines'],
  },
} satisfies PluginMeta;
