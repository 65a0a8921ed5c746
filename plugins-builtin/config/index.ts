/** `okapi config path | set | edit`. */
import { ArgumentError, printArgumentError } from '../../sdk/arguments.js';
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';
import type { ConfigVerb } from './verb.js';
import { printProblem } from '../../sdk/command-errors.js';

// Each verb loads its own code: `config path` must not pay for the shorthand parser and YAML.
const VERBS = new Map<string, () => Promise<ConfigVerb>>([
  ['path', async () => (await import('./path.js')).configPath],
  ['set', async () => (await import('./set.js')).configSet],
  ['edit', async () => (await import('./edit.js')).configEdit],
]);

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      const [verb, ...args] = init.args;
      const load = verb === undefined ? undefined : VERBS.get(verb);
      if (!load) {
        const what = verb === undefined ? 'okapi config needs a verb' : `unknown config command "${verb}"`;
        printProblem(ctx.stderr, what, 'okapi config path | set <patch...> | edit');
        return 2;
      }
      if (!init.config_path) {
        printProblem(ctx.stderr, 'the host did not say which config file is in use');
        return 1;
      }
      try {
        return await (await load())(init.config_path, args, ctx, init.tty);
      } catch (error) {
        // A verb's parseArguments() throws these: usage errors, exit 2.
        if (error instanceof ArgumentError) return printArgumentError(error, ctx.stderr);
        throw error;
      }
    },
  },
});
