import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'ndjson',
    description: 'Renders one compact JSON value per line',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['ndjson'],
  },
} satisfies PluginMeta;
