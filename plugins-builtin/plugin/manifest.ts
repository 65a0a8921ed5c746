import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'plugin',
    description: 'Lists the plugins okapi found',
    okapi_api_version: 2,
    hooks: ['command'],
  },
  commands: [
    {
      name: 'plugin',
      short: 'List plugins: name, version, hooks, path, and why one was refused',
      long: [
        'Usage:',
        '  okapi plugin list              Every built-in and external plugin, as a table',
        '  okapi plugin list -o json      The same as data (any -o format; -f filters it, e.g. -f \'[refused != null].name\')',
        '',
        "External plugins are executables named okapi-<name> in the config directory's plugins/ folder",
        'or in a directory listed in OKAPI_PLUGIN_PATH.',
      ].join('\n'),
    },
  ],
} satisfies PluginMeta;
