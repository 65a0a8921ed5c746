/** `okapi api connect | sync | list | inspect | set | remove | auth`. */
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';
import { apiAuth } from './auth.js';
import { apiConnect } from './connect.js';
import { apiInspect } from './inspect.js';
import { apiList } from './list.js';
import { apiReindex } from './reindex.js';
import { apiRemove } from './remove.js';
import { apiSet } from './set.js';
import { apiSync } from './sync.js';
import { printProblem } from '../../sdk/command-errors.js';

const VERBS = { connect: apiConnect, sync: apiSync, list: apiList, inspect: apiInspect, set: apiSet, remove: apiRemove, reindex: apiReindex, auth: apiAuth };

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      const [verb, ...args] = init.args;
      const run = verb === undefined ? undefined : Object.hasOwn(VERBS, verb) ? VERBS[verb as keyof typeof VERBS] : undefined;
      if (!run) {
        const what = verb === undefined ? 'okapi api needs a verb' : `unknown api command "${verb}"`;
        printProblem(ctx.stderr, what, 'okapi api connect | sync | list | inspect | set | remove | auth (okapi api --help)');
        return 2;
      }
      if (!init.config_path) {
        printProblem(ctx.stderr, 'the host did not say which config file is in use');
        return 1;
      }
      return run({ ...init, config_path: init.config_path }, args, ctx);
    },
  },
});
