import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'shorthand-query',
    description: 'Runs -f filters written in the shorthand query language (body.items[age > 30].name)',
    okapi_api_version: 2,
    hooks: ['filter'],
    filter_languages: ['shorthand'],
  },
} satisfies PluginMeta;
