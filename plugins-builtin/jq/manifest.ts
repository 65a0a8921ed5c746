import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'jq',
    description: 'Runs -f filters written in jq 1.8 (.body.items | length), with jq-wasm',
    okapi_api_version: 2,
    hooks: ['filter'],
    filter_languages: ['jq'],
  },
} satisfies PluginMeta;
