import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'json',
    description: 'Renders responses as JSON',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['json'],
    formatter_raw_types: ['application/json', '+json'],
  },
} satisfies PluginMeta;
