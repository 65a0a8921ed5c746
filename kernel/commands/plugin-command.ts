/** Runs a command a plugin declared, built-in or external, through the same command hook. */
import { resolve } from 'node:path';
import type { CommandInit } from '../../sdk/types.js';
import type { Invocation } from '../invocation.js';
import type { PluginRegistry } from '../plugins/registry.js';
import { commandHost } from './command-host.js';
import type { CommandEntry } from './command-table.js';
import { stdinIsRedirected } from '../cli/stdin.js';
import { PROFILE_TLS_FIELDS, PROFILE_TLS_FLAGS } from '../../sdk/shared/profile-tls.js';

export async function runPluginCommand(inv: Invocation, registry: PluginRegistry, entry: CommandEntry, args: string[]): Promise<number> {
  return registry.container.command(
    entry.plugin,
    {
      command: entry.declaration.name,
      args,
      tty: terminals(inv),
      width: inv.outputWidth ?? 80,
      config_path: inv.configPath,
      cache_dir: inv.cacheDir,
      ...(inv.string('okapi-output-format') !== undefined ? { output_format: inv.string('okapi-output-format') } : {}),
      ...(inv.string('okapi-filter') !== undefined ? { filter: inv.string('okapi-filter') } : {}),
      ...(inv.profileName !== undefined ? { profile: inv.profileName } : {}),
      ...(inv.string('okapi-content-type') !== undefined ? { content_type: inv.string('okapi-content-type') } : {}),
      ...(stdinIsRedirected(() => inv.isTTY('stdin')) ? { stdin_redirected: true } : {}),
      ...tlsFiles(inv),
    },
    commandHost(inv, registry),
  );
}

/**
 * Which standard streams are terminals, each asked of its file descriptor when the command first
 * reads it (an external plugin's init is encoded, which reads them all). Building the streams to
 * ask them cost a command ~1.5 ms, and asking a character device (/dev/null) loads node:tty
 * (~0.7 ms), which a generated command never reads.
 */
function terminals(inv: Invocation): CommandInit['tty'] {
  const answers: Partial<Record<keyof CommandInit['tty'], boolean>> = {};
  const ask = (stream: keyof CommandInit['tty']) => (answers[stream] ??= inv.isTTY(stream));
  return {
    get stdin() {
      return ask('stdin');
    },
    get stdout() {
      return ask('stdout');
    },
    get stderr() {
      return ask('stderr');
    },
  };
}

/** The TLS flags' files, absolute: a command that saves them (api connect) saves what the user meant from where they stood. */
function tlsFiles(inv: Invocation): Pick<CommandInit, 'tls_files'> {
  const files: NonNullable<CommandInit['tls_files']> = {};
  for (const field of PROFILE_TLS_FIELDS) {
    const path = inv.string(PROFILE_TLS_FLAGS[field]);
    if (path !== undefined) files[field] = resolve(path);
  }
  return Object.keys(files).length > 0 ? { tls_files: files } : {};
}
