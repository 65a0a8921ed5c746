/** `okapi completion <shell>` prints the shell's completion script; the scripts call `okapi completion __complete`. */
import { printCommandError, printProblem } from '../../sdk/command-errors.js';
import { definePlugin } from '../../sdk/define.js';
import { COMPLETE_VERB, runComplete } from './complete-verb.js';
import meta from './manifest.js';
import { SHELL_SCRIPTS } from './shells.js';

const USAGE = `okapi completion ${Object.keys(SHELL_SCRIPTS).join('|')}`;

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      const [verb, ...rest] = init.args;
      if (verb === COMPLETE_VERB) {
        try {
          return await runComplete(rest, ctx);
        } catch (error) {
          return printCommandError(ctx.stderr, error);
        }
      }
      const shell = verb === undefined || !Object.hasOwn(SHELL_SCRIPTS, verb) ? undefined : SHELL_SCRIPTS[verb];
      if (shell === undefined || rest.length > 0) {
        const problem =
          verb === undefined
            ? 'completion needs the name of a shell'
            : shell === undefined
              ? `okapi has no completion script for "${verb}"`
              : `completion ${verb} takes no further words, got "${rest.join(' ')}"`;
        printProblem(ctx.stderr, problem, USAGE);
        return 2;
      }
      ctx.stdout(shell.script);
      return 0;
    },
  },
});
