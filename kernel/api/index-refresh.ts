/**
 * Bringing an API's cached operation index up to date through the built-in api plugin, which is
 * what extracts indexes: `api sync <api>` when a local spec file changed (local files only, so
 * offline), `api reindex <api>` to rebuild from the cached spec copy otherwise. Each runs as if the
 * user had typed it, its report on stderr: stdout is for what the caller prints next.
 */
import { ExitCode } from '../../sdk/shared/errors.js';
import { Invocation } from '../invocation.js';

export async function runApiCommand(inv: Invocation, args: ['sync' | 'reindex', string]): Promise<number> {
  const registry = await inv.registry();
  const entry = registry.container.commandEntry('api');
  if (!entry?.plugin.builtin) return ExitCode.runtime;
  const { runPluginCommand } = await import('../commands/plugin-command.js');
  const quiet = new Invocation(inv.argv, inv.env, { ...inv.io, stdout: inv.io.stderr });
  return runPluginCommand(quiet, registry, entry, args);
}
