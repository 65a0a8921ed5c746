import type { CommandContext, CommandInit } from '../../sdk/types.js';

/** One `okapi config <verb>`: returns the exit code (an ArgumentError thrown is a usage error). `tty` says which streams are terminals. */
export type ConfigVerb = (configPath: string, args: string[], ctx: CommandContext, tty: CommandInit['tty']) => Promise<number>;
