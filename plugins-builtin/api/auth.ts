/** `okapi api auth <verb>`: the credentials of an API's profiles (SPEC.md "API management commands"). */
import { printProblem } from '../../sdk/command-errors.js';
import { apiAuthGet } from './auth-get.js';
import { apiAuthInspect } from './auth-inspect.js';
import type { ApiVerb } from './verb.js';

const AUTH_VERBS: Record<string, ApiVerb> = { get: apiAuthGet, inspect: apiAuthInspect };

export const apiAuth: ApiVerb = async (init, args, ctx) => {
  const [verb, ...rest] = args;
  const run = verb !== undefined && Object.hasOwn(AUTH_VERBS, verb) ? AUTH_VERBS[verb]! : undefined;
  if (!run) {
    printProblem(ctx.stderr, verb === undefined ? 'okapi api auth needs a verb' : `unknown api auth command "${verb}"`, `okapi api auth ${Object.keys(AUTH_VERBS).join(' | ')} (okapi api --help)`);
    return 2;
  }
  return run(init, rest, ctx);
};
