import type { CommandContext, CommandInit } from '../../sdk/types.js';

/** One `okapi api <verb>`: returns the exit code. Each verb's arguments are in arguments.ts. */
export type ApiVerb = (init: CommandInit & { config_path: string }, args: string[], ctx: CommandContext) => Promise<number>;

/** Prints an error the way the kernel does and returns its exit code. */
export function fail(ctx: CommandContext, error: unknown): number {
  const e = error as { message?: string; hint?: string; exitCode?: number };
  ctx.stderr(`okapi: ${e.message ?? String(error)}\n${e.hint ? `  hint: ${e.hint}\n` : ''}`);
  return typeof e.exitCode === 'number' ? e.exitCode : 1;
}
