import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'doctor',
    description: 'Explains what a registered API description changes about okapi, and what to know about the plugins in use',
    okapi_api_version: 2,
    hooks: ['command'],
  },
  commands: [
    {
      name: 'doctor',
      short: 'Diagnose a registered API (doctor api <name>) or the plugins (doctor plugins)',
      long: [
        'Usage:',
        '  okapi doctor api <name>   Where the description uses behaviour-changing x-cli-* extensions, what each changes, and the description\'s defects okapi works around',
        '  okapi doctor plugins      Refused plugins, and formats or commands a plugin claims that another owns (plugins.<name>.overrides)',
        '',
        'Plain x-cli-description overrides only change help text and are not reported.',
      ].join('\n'),
    },
  ],
} satisfies PluginMeta;
