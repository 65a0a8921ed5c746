/**
 * Top-level commands: words the kernel handles itself (methods and `help`), and the
 * commands plugins declare, each owned by one plugin as the plugin container decides
 * (kernel/plugins/claims.ts): built-ins first, and an external command never shadows a built-in
 * or another plugin's unless the config lets it take over.
 */
import type { CommandDeclaration } from '../../sdk/types.js';
import type { PluginRecord } from '../plugins/registry.js';
import { HTTP_METHODS } from '../../sdk/shared/http-methods.js';
import { KERNEL_COMMANDS } from '../../sdk/shared/kernel-commands.js';

export interface CommandEntry {
  plugin: PluginRecord;
  declaration: CommandDeclaration;
}

export interface CommandTable {
  commands: Map<string, CommandEntry>;
  /** One sentence per collision, for help, `plugin list` and -v. */
  conflicts: string[];
}

/** Whether a command word belongs to the kernel, whatever plugins declare. */
export function isKernelCommandWord(name: string): boolean {
  return HTTP_METHODS.has(name.toLowerCase()) || KERNEL_COMMANDS.includes(name);
}
