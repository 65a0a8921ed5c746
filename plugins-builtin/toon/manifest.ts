import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'toon',
    description: 'Renders responses as TOON for language models',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['toon'],
    formatter_raw_types: ['application/json', '+json'],
  },
} satisfies PluginMeta;
