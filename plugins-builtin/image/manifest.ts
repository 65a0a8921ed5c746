import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'image',
    description: 'Draws PNG, JPEG and GIF bodies in the terminal',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['image'],
  },
} satisfies PluginMeta;
