/**
 * `okapi cache clear [api]`: deletes HTTP response cache entries only (the host's cache service,
 * `<cache>/responses/`); specs, operation indexes and tokens stay.
 */
import { ArgumentError, parseArguments, printArgumentError, type ArgumentDeclaration } from '../../sdk/arguments.js';
import { definePlugin } from '../../sdk/define.js';
import { apiNameLengthProblem } from '../../sdk/shared/api-names.js';
import type { CommandContext } from '../../sdk/types.js';
import meta from './manifest.js';
import { printProblem } from '../../sdk/command-errors.js';

const USAGE = 'okapi cache clear [api]';
const CLEAR = {
  command: 'cache clear',
  positionals: [{ name: 'api', optional: true }],
  usage: USAGE,
  wrongCount: 'cache clear takes at most one API name',
} satisfies ArgumentDeclaration;

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      const [verb, ...args] = init.args;
      if (verb !== 'clear') {
        printProblem(ctx.stderr, verb === undefined ? 'cache needs a verb' : `unknown cache command "${verb}"`, USAGE);
        return 2;
      }
      let api: string | undefined;
      try {
        [api] = parseArguments(args, CLEAR).positionals;
      } catch (error) {
        if (error instanceof ArgumentError) return printArgumentError(error, ctx.stderr);
        throw error;
      }
      const tooLong = api === undefined ? undefined : apiNameLengthProblem(api);
      if (tooLong) {
        printProblem(ctx.stderr, tooLong, "see 'okapi api list'");
        return 2;
      }
      try {
        if (api !== undefined && !(await ctx.apis.get(api))) {
          // A removed API's responses are gone already; an unknown name is most likely a typo.
          const cleared = await ctx.cache.clearResponses(api);
          if (!cleared.existed) {
            printProblem(ctx.stderr, `there is no API named "${api}"`, "see 'okapi api list'");
            return 1;
          }
          report(ctx, cleared.files, api);
          return 0;
        }
        report(ctx, (await ctx.cache.clearResponses(api)).files, api);
        return 0;
      } catch (error) {
        ctx.stderr(`okapi: cannot clear the cache: ${error instanceof Error ? error.message : String(error)}\n`);
        return 1;
      }
    },
  },
});

function report(ctx: CommandContext, count: number, api: string | undefined): void {
  ctx.stderr(`okapi: cleared ${count} cached response file${count === 1 ? '' : 's'}${api === undefined ? '' : ` of ${api}`}\n`);
}
