/**
 * Top-level commands declared by plugins. Built-ins claim their names first; an external command
 * never shadows a built-in (or a method command, or another plugin's): the collision is reported.
 */
import type { CommandDeclaration } from '../../sdk/types.js';
import type { PluginRecord, PluginRegistry } from '../plugins/registry.js';
import { HTTP_METHODS } from '../../sdk/http-methods.js';
import { KERNEL_COMMANDS } from '../../sdk/kernel-commands.js';

export interface CommandEntry {
  plugin: PluginRecord;
  declaration: CommandDeclaration;
}

export interface CommandTable {
  commands: Map<string, CommandEntry>;
  /** One sentence per collision, for help, `plugin list` and -v. */
  conflicts: string[];
}

export function buildCommandTable(registry: PluginRegistry): CommandTable {
  const commands = new Map<string, CommandEntry>();
  const conflicts: string[] = [];
  const plugins = registry.withHook('command').sort((a, b) => Number(b.builtin) - Number(a.builtin));
  for (const plugin of plugins) {
    for (const declaration of plugin.commands) {
      const name = declaration.name;
      const holder = commands.get(name);
      if (HTTP_METHODS.has(name.toLowerCase()) || KERNEL_COMMANDS.includes(name)) {
        conflicts.push(`plugin ${plugin.name} (${plugin.path}) declares the command "${name}", which is built into okapi; it was not added`);
      } else if (holder) {
        const owner = holder.plugin.builtin ? 'built into okapi' : `already provided by plugin ${holder.plugin.name} (${holder.plugin.path})`;
        conflicts.push(`plugin ${plugin.name} (${plugin.path}) declares the command "${name}", which is ${owner}; it was not added`);
      } else {
        commands.set(name, { plugin, declaration });
      }
    }
  }
  return { commands, conflicts };
}
