/**
 * `okapi api remove <name>`: the entry, its cached spec and indexes, its HTTP response cache
 * entries, and its auth token cache entries (and shared auth-profile tokens only it used). Never
 * contacts the API.
 */
import { UsageError } from '../../sdk/errors.js';
import { fail, type ApiVerb } from './verb.js';
import { refuseOverlongApiName } from '../../sdk/api-names.js';

export const apiRemove: ApiVerb = async (_init, args, ctx) => {
  try {
    if (args.length !== 1) throw new UsageError('api remove needs the name of one API', { hint: 'okapi api remove <name>' });
    const name = args[0]!;
    refuseOverlongApiName(name);
    await ctx.apis.remove(name);
    ctx.stderr(`okapi: removed ${name}\n`);
    return 0;
  } catch (error) {
    return fail(ctx, error);
  }
};
