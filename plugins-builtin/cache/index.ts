/**
 * `okapi cache clear [api]`: deletes HTTP response cache entries only (the host's cache service,
 * `<cache>/responses/`); specs, operation indexes and tokens stay.
 */
import { definePlugin } from '../../sdk/define.js';
import { apiNameLengthProblem } from '../../sdk/api-names.js';
import type { CommandContext } from '../../sdk/types.js';
import meta from './manifest.js';

const USAGE = 'okapi cache clear [api]';

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      const [verb, api, ...rest] = init.args;
      if (verb !== 'clear' || rest.length > 0) {
        ctx.stderr(`okapi: ${verb === undefined ? 'cache needs a verb' : verb !== 'clear' ? `unknown cache command "${verb}"` : 'cache clear takes at most one API name'}\n  hint: ${USAGE}\n`);
        return 2;
      }
      const tooLong = api === undefined ? undefined : apiNameLengthProblem(api);
      if (tooLong) {
        ctx.stderr(`okapi: ${tooLong}\n  hint: see 'okapi api list'\n`);
        return 2;
      }
      try {
        if (api !== undefined && !(await ctx.apis.get(api))) {
          // A removed API's responses are gone already; an unknown name is most likely a typo.
          const cleared = await ctx.cache.clearResponses(api);
          if (!cleared.existed) {
            ctx.stderr(`okapi: there is no API named "${api}"\n  hint: see 'okapi api list'\n`);
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
