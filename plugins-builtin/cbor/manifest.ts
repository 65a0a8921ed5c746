import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'cbor',
    description: 'Renders responses as CBOR bytes',
    okapi_api_version: 2,
    hooks: ['formatter'],
    formatter_names: ['cbor'],
  },
} satisfies PluginMeta;
