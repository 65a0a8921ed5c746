import type { CommandContext, CommandInit } from '../../sdk/types.js';
import { UsageError } from '../../sdk/errors.js';

/** One `okapi api <verb>`: returns the exit code. */
export type ApiVerb = (init: CommandInit & { config_path: string }, args: string[], ctx: CommandContext) => Promise<number>;

/** Prints an error the way the kernel does and returns its exit code. */
export function fail(ctx: CommandContext, error: unknown): number {
  const e = error as { message?: string; hint?: string; exitCode?: number };
  ctx.stderr(`okapi: ${e.message ?? String(error)}\n${e.hint ? `  hint: ${e.hint}\n` : ''}`);
  return typeof e.exitCode === 'number' ? e.exitCode : 1;
}

export interface ParsedArgs {
  positional: string[];
  strings: Map<string, string>;
  flags: Set<string>;
}

/**
 * A verb's own arguments: `--name value` / `--name=value` for the string options it declares,
 * `--name` for its boolean ones; `--` ends options. Anything else starting with `--` is a usage error.
 */
export function parseArgs(args: string[], options: { strings?: string[]; booleans?: string[] }, usage: string): ParsedArgs {
  const strings = new Map<string, string>();
  const flags = new Set<string>();
  const positional: string[] = [];
  let literal = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (literal || !arg.startsWith('--') || arg === '--') {
      if (arg === '--' && !literal) literal = true;
      else positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (options.strings?.includes(name)) {
      const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`, { hint: usage });
      strings.set(name, value);
    } else if (options.booleans?.includes(name)) {
      const value = eq === -1 ? 'true' : arg.slice(eq + 1);
      if (value !== 'true' && value !== 'false') throw new UsageError(`--${name} takes no value, or true/false; got "${value}"`);
      if (value === 'true') flags.add(name);
      else flags.delete(name);
    } else {
      throw new UsageError(`unknown flag ${arg}`, { hint: usage });
    }
  }
  return { positional, strings, flags };
}
