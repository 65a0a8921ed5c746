/**
 * `okapi api reindex <name>`: rebuilds an API's operation index offline from its cached spec copy.
 * The kernel runs it when the index no longer fits (kernel/api/index-refresh.ts), since extracting
 * an index is this plugin's work; it is left out of the help because `okapi <api> --help` and
 * `okapi doctor api` already do it when needed.
 */
import { dirname } from 'node:path';
import { parseArguments } from '../../sdk/arguments.js';
import { REINDEX } from './arguments.js';
import { reindexFromSpecCopy } from './save.js';
import { printCommandError } from '../../sdk/command-errors.js';
import type { ApiVerb } from './verb.js';

export const apiReindex: ApiVerb = async (init, args, ctx) => {
  try {
    const [name] = parseArguments(args, REINDEX).positionals as [string];
    await reindexFromSpecCopy(ctx, dirname(init.config_path), name);
    return 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};
