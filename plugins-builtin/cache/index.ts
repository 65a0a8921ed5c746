/**
 * `okapi cache clear [api]`: deletes HTTP response cache entries only (kernel/api/cache-paths.ts,
 * `<cache>/responses/`); specs, operation indexes and tokens stay.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { definePlugin } from '../../sdk/define.js';
import { apiEntry } from '../../kernel/api/api-config.js';
import { apiNameLengthProblem } from '../../sdk/api-names.js';
import { apiResponsesDir, responsesDir } from '../../kernel/api/cache-paths.js';
import { readConfig } from '../../kernel/config/read.js';
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
      if (!init.cache_dir) {
        ctx.stderr('okapi: the host did not say where the cache is\n');
        return 1;
      }
      try {
        if (api !== undefined && init.config_path && !apiEntry(readConfig(init.config_path).config, api)) {
          // A removed API's responses are gone already; an unknown name is most likely a typo.
          if (!existsSync(apiResponsesDir(init.cache_dir, api))) {
            ctx.stderr(`okapi: there is no API named "${api}"\n  hint: see 'okapi api list'\n`);
            return 1;
          }
        }
        const dir = api === undefined ? responsesDir(init.cache_dir) : apiResponsesDir(init.cache_dir, api);
        const count = countFiles(dir);
        rmSync(dir, { recursive: true, force: true });
        ctx.stderr(`okapi: cleared ${count} cached response file${count === 1 ? '' : 's'}${api === undefined ? '' : ` of ${api}`}\n`);
        return 0;
      } catch (error) {
        ctx.stderr(`okapi: cannot clear the cache: ${error instanceof Error ? error.message : String(error)}\n`);
        return 1;
      }
    },
  },
});

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    count += statSync(path).isDirectory() ? countFiles(path) : 1;
  }
  return count;
}
