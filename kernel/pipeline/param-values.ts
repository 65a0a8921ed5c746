/**
 * Auth param values as the config may give them (SPEC.md "Auth object"): a literal,
 * `env:<VAR>` read from the environment, or `command:<command-line>` run through the shell
 * (`/bin/sh -c`, `cmd /c` on Windows), its output trimmed. Errors name the param, never a value.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import { redactKeepingLength, redactText } from '../../sdk/shared/redact.js';

export function resolveParamValue(name: string, value: string, owner: string, env: NodeJS.ProcessEnv): string {
  if (value.startsWith('env:')) {
    const variable = value.slice(4);
    const found = env[variable];
    if (found === undefined) {
      throw new OkapiError(`${owner} param "${name}" reads the environment variable ${variable}, which is not set`, {
        hint: `export ${variable}=…, or change the param with okapi api set`,
      });
    }
    return found;
  }
  if (value.startsWith('command:')) {
    const command = value.slice(8);
    const [shell, flag] = process.platform === 'win32' ? ['cmd', '/c'] : ['/bin/sh', '-c'];
    try {
      // Loaded here: node:child_process costs every request ~5 ms, and few params are commands.
      const { execFileSync } = process.getBuiltinModule('node:child_process');
      return execFileSync(shell, [flag, command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env }).trim();
    } catch (error) {
      const status = (error as { status?: number }).status;
      // The command line is the user's own, but may carry a secret (`printf %s sk_live_…`).
      throw new OkapiError(`${owner} param "${name}" comes from a command that failed${status === undefined ? '' : ` (exit ${status})`}: ${redactText(redactKeepingLength(command))}`, {
        hint: 'run the command yourself to see why',
      });
    }
  }
  return value;
}
