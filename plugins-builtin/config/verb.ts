import type { CommandContext, CommandInit } from '../../sdk/types.js';

/** One `okapi config <verb>`: returns the exit code (an ArgumentError thrown is a usage error). `tty` says which streams are terminals. */
export type ConfigVerb = (configPath: string, args: string[], ctx: CommandContext, tty: CommandInit['tty']) => Promise<number>;

/** Prints an error the way the kernel does and returns its exit code. */
export function fail(ctx: CommandContext, error: unknown): number {
  const e = error as { message?: string; hint?: string; exitCode?: number };
  ctx.stderr(`okapi: ${e.message ?? String(error)}\n${e.hint ? `  hint: ${e.hint}\n` : ''}`);
  return typeof e.exitCode === 'number' ? e.exitCode : 1;
}
