import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'doctor',
    description: 'Explains what a registered API description changes about okapi',
    okapi_api_version: 2,
    hooks: ['command'],
  },
  commands: [
    {
      name: 'doctor',
      short: 'Diagnose a registered API (doctor api <name>)',
      long: [
        'Usage:',
        '  okapi doctor api <name>   Where the description uses behaviour-changing x-cli-* extensions, and what each changes',
        '',
        'Plain x-cli-description overrides only change help text and are not reported.',
      ].join('\n'),
    },
  ],
} satisfies PluginMeta;
