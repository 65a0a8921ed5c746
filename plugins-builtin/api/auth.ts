/** `okapi api auth <verb>`: the credential bindings, computed auth and cached tokens of a registered API. */
import { printProblem } from '../../sdk/command-errors.js';
import { apiAuthAdd } from './auth-add.js';
import { apiAuthGet } from './auth-get.js';
import { apiAuthInspect } from './auth-inspect.js';
import { apiAuthLogout } from './auth-logout.js';
import { apiAuthRemove } from './auth-remove.js';
import type { ApiVerb } from './verb.js';

const AUTH_VERBS: Record<string, ApiVerb> = { add: apiAuthAdd, remove: apiAuthRemove, get: apiAuthGet, inspect: apiAuthInspect, logout: apiAuthLogout };

export const apiAuth: ApiVerb = async (init, args, ctx) => {
  const [verb, ...rest] = args;
  const run = verb !== undefined && Object.hasOwn(AUTH_VERBS, verb) ? AUTH_VERBS[verb] : undefined;
  if (!run) {
    const what = verb === undefined ? 'okapi api auth needs a verb' : `unknown api auth command "${verb}"`;
    printProblem(ctx.stderr, what, `okapi api auth ${Object.keys(AUTH_VERBS).join(' | ')} (okapi api --help)`);
    return 2;
  }
  return run(init, rest, ctx);
};
