import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'cache',
    description: "Clears okapi's HTTP response cache",
    okapi_api_version: 2,
    hooks: ['command'],
  },
  commands: [
    {
      name: 'cache',
      short: 'Clear cached HTTP responses (cache clear [api])',
      long: [
        'Usage:',
        '  okapi cache clear         Delete every cached HTTP response',
        '  okapi cache clear <api>   Delete the cached responses of one registered API',
        '',
        'API descriptions, operation indexes and auth tokens are kept.',
      ].join('\n'),
    },
  ],
} satisfies PluginMeta;
