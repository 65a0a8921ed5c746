import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'table',
    description: 'Renders responses as a text table',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['table'],
  },
} satisfies PluginMeta;
