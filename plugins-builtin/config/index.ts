/** `okapi config path | set | edit`. */
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';
import { configPath } from './path.js';
import { configSet } from './set.js';
import { configEdit } from './edit.js';

const VERBS = { path: configPath, set: configSet, edit: configEdit };

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      const [verb, ...args] = init.args;
      const run = verb === undefined ? undefined : VERBS[verb as keyof typeof VERBS];
      if (!run) {
        const what = verb === undefined ? 'okapi config needs a verb' : `unknown config command "${verb}"`;
        ctx.stderr(`okapi: ${what}\n  hint: okapi config path | set <patch...> | edit\n`);
        return 2;
      }
      if (!init.config_path) {
        ctx.stderr('okapi: the host did not say which config file is in use\n');
        return 1;
      }
      return run(init.config_path, args, ctx);
    },
  },
});
