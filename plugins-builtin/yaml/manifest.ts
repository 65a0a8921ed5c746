import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'yaml',
    description: 'Renders responses as YAML',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['yaml'],
  },
} satisfies PluginMeta;
