/**
 * `okapi api reindex <name>`: rebuilds an API's operation index offline from its cached spec copy.
 * The kernel runs it when the index no longer fits (kernel/api/index-refresh.ts), since extracting
 * an index is this plugin's work; it is left out of the help because `okapi <api> --help` and
 * `okapi doctor api` already do it when needed.
 */
import { dirname } from 'node:path';
import { UsageError } from '../../sdk/errors.js';
import { reindexFromSpecCopy } from './save.js';
import { fail, parseArgs, type ApiVerb } from './verb.js';

const USAGE = 'okapi api reindex <name>';

export const apiReindex: ApiVerb = async (init, args, ctx) => {
  try {
    const [name, ...extra] = parseArgs(args, {}, USAGE).positional;
    if (name === undefined || extra.length > 0) throw new UsageError('api reindex needs the name of one API', { hint: USAGE });
    await reindexFromSpecCopy(ctx, dirname(init.config_path), name);
    return 0;
  } catch (error) {
    return fail(ctx, error);
  }
};
