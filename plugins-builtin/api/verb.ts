import type { CommandContext, CommandInit } from '../../sdk/types.js';

/** One `okapi api <verb>`: returns the exit code. Each verb's arguments are in arguments.ts. */
export type ApiVerb = (init: CommandInit & { config_path: string }, args: string[], ctx: CommandContext) => Promise<number>;
