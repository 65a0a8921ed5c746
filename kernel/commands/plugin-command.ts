/** Runs a command a plugin declared, built-in or external, through the same command hook. */
import type { Invocation } from '../invocation.js';
import type { PluginRegistry } from '../plugins/registry.js';
import { commandHost } from './command-host.js';
import type { CommandEntry } from './command-table.js';
import { stdinIsRedirected } from '../cli/stdin.js';

export async function runPluginCommand(inv: Invocation, registry: PluginRegistry, entry: CommandEntry, args: string[]): Promise<number> {
  return registry.container.command(
    entry.plugin,
    {
      command: entry.declaration.name,
      args,
      // Asked of the file descriptors: building the streams to ask them costs a command ~1.5 ms.
      tty: { stdin: inv.isTTY('stdin'), stdout: inv.isTTY('stdout'), stderr: inv.isTTY('stderr') },
      width: inv.outputWidth ?? 80,
      config_path: inv.configPath,
      cache_dir: inv.cacheDir,
      ...(inv.string('okapi-output-format') !== undefined ? { output_format: inv.string('okapi-output-format') } : {}),
      ...(inv.string('okapi-filter') !== undefined ? { filter: inv.string('okapi-filter') } : {}),
      ...(inv.profileName !== undefined ? { profile: inv.profileName } : {}),
      ...(inv.string('okapi-content-type') !== undefined ? { content_type: inv.string('okapi-content-type') } : {}),
      ...(stdinIsRedirected(inv.isTTY('stdin')) ? { stdin_redirected: true } : {}),
    },
    commandHost(inv, registry),
  );
}
