/**
 * Bringing an API's cached operation index up to date through the built-in api plugin, which is
 * what extracts indexes: `api sync` when a local spec file changed (local files only, so offline),
 * `api reindex` to rebuild from the cached spec copy otherwise. Each runs as if the user had typed
 * it, its report on stderr: stdout is for what the caller prints next.
 */
import { ExitCode } from '../../sdk/shared/errors.js';
import type { Invocation } from '../invocation.js';

export function resyncFromFiles(inv: Invocation, api: string): Promise<number> {
  return runApiCommand(inv, ['sync', api]);
}

export function reindexFromSpecCopy(inv: Invocation, api: string): Promise<number> {
  return runApiCommand(inv, ['reindex', api]);
}

async function runApiCommand(inv: Invocation, args: string[]): Promise<number> {
  const registry = await inv.registry();
  const entry = registry.container.commandTable().commands.get('api');
  if (!entry?.plugin.builtin) return ExitCode.runtime;
  const { runPluginCommand } = await import('../commands/plugin-command.js');
  const quiet = { ...inv.io, stdout: inv.io.stderr };
  const { Invocation: Inv } = await import('../invocation.js');
  const child = new Inv(inv.argv, inv.env, quiet);
  return runPluginCommand(child, registry, entry, args);
}
