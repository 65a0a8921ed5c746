import type { PluginMeta } from '../../sdk/plugin-meta.js';

export default {
  manifest: {
    name: 'completion',
    description: 'Shell completion for bash, zsh, fish and PowerShell',
    okapi_api_version: 2,
    hooks: ['command'],
  },
  commands: [
    {
      name: 'completion',
      short: 'Print a shell completion script (completion bash|zsh|fish|powershell)',
      long: [
        'Usage:',
        '  okapi completion bash         Add to ~/.bashrc:   eval "$(okapi completion bash)"',
        '  okapi completion zsh          Add to ~/.zshrc after compinit:   source <(okapi completion zsh)',
        '  okapi completion fish         Run once:   okapi completion fish > ~/.config/fish/completions/okapi.fish',
        '  okapi completion powershell   Add to $PROFILE:   okapi completion powershell | Out-String | Invoke-Expression',
        '',
        'The scripts complete commands, registered APIs, their operations (and tags), flags and the',
        'values of flags and arguments that have a fixed set, from what okapi has cached: never from the network.',
      ].join('\n'),
    },
  ],
} satisfies PluginMeta;
