/**
 * `okapi api remove <name>`: the entry, its cached spec and indexes, its HTTP response cache
 * entries, and its auth token cache entries (and shared auth-profile tokens only it used). Never
 * contacts the API.
 */
import { parseArguments } from '../../sdk/arguments.js';
import { REMOVE } from './arguments.js';
import { printCommandError } from '../../sdk/command-errors.js';
import type { ApiVerb } from './verb.js';
import { refuseOverlongApiName } from '../../sdk/shared/api-names.js';

export const apiRemove: ApiVerb = async (_init, args, ctx) => {
  try {
    const [name] = parseArguments(args, REMOVE).positionals as [string];
    refuseOverlongApiName(name);
    await ctx.apis.remove(name);
    ctx.stderr(`okapi: removed ${name}\n`);
    return 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};
