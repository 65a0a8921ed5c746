import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'gron',
    description: 'Renders responses as greppable assignments',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['gron'],
    formatter_raw_types: ['application/json', '+json'],
  },
} satisfies PluginMeta;
