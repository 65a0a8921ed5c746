import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'auto',
    description: 'Shows bodies readably on a terminal',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['auto'],
  },
} satisfies PluginMeta;
