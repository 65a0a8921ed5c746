import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'config',
    description: 'Shows and changes the okapi config file',
    okapi_api_version: 2,
    hooks: ['command'],
  },
  commands: [
    {
      name: 'config',
      short: 'Show or change the config file (path, set, edit)',
      long: [
        'Usage:',
        '  okapi config path              Print the config file in use',
        '  okapi config set <patch...>    Apply shorthand patches, e.g. okapi config set \'plugins.csv.enabled: false\'',
        '                                 (an argument that begins with key: and a space starts a new field;',
        '                                 other words continue the value before them)',
        '  okapi config edit              Open the config in $VISUAL or $EDITOR, validate it, then save it',
        '',
        'The config file is chosen by --okapi-config, then OKAPI_CONFIG, then the platform default.',
      ].join('\n'),
    },
  ],
} satisfies PluginMeta;
