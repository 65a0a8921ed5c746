/**
 * The `json` format: indented when pretty output is asked for, one compact value per line
 * otherwise. A JSON body that nothing needs decoded arrives raw and is re-laid out as it streams.
 */
import { definePlugin } from '../../sdk/define.js';
import { jsonTextOrRefuse } from '../../sdk/shared/unwritable.js';
import meta from './manifest.js';
import { JsonTextError } from '../../sdk/shared/json-syntax.js';
import { JsonReindenter } from './reindent.js';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      if (start.raw) {
        const reindenter = new JsonReindenter(start.pretty, (chunk) => ctx.write(chunk));
        try {
          for await (const chunk of items) reindenter.push(chunk as Uint8Array);
          reindenter.end();
        } catch (error) {
          if (error instanceof JsonTextError) {
            throw new Error(`the response body says it is JSON but is not: ${error.message}`);
          }
          throw error;
        }
        return;
      }
      for await (const item of items) {
        ctx.write(`${jsonTextOrRefuse(item, '-o json', start.pretty ? 2 : undefined)}\n`);
      }
    },
  },
});
