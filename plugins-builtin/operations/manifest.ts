import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'operations',
    description: "A registered API's operations as commands: okapi <api> <command> [args…] [flags…] [body…]",
    okapi_api_version: 2,
    hooks: ['command'],
    api_commands: true,
  },
  commands: [],
} satisfies PluginMeta;
