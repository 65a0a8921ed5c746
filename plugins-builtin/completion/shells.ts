/** The shells `okapi completion <shell>` writes a script for, and what each script is. */
import { bashScript } from './bash-script.js';
import { fishScript } from './fish-script.js';
import { powershellScript } from './powershell-script.js';
import { zshScript } from './zsh-script.js';

export const SHELL_SCRIPTS: Readonly<Record<string, { description: string; script: string }>> = {
  bash: { description: 'Bash 4 or later', script: bashScript },
  zsh: { description: 'Z shell, with compinit', script: zshScript },
  fish: { description: 'fish 3 or later', script: fishScript },
  powershell: { description: 'PowerShell 7 or later', script: powershellScript },
};
