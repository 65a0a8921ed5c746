/** The `json` format: indented when pretty output is asked for, one compact value per line otherwise. */
import { definePlugin } from '../../sdk/define.js';
import { bytesAsBase64 } from '../../sdk/json-bytes.js';
import meta from './manifest.js';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      for await (const item of items) {
        ctx.write(`${JSON.stringify(item, bytesAsBase64, start.pretty ? 2 : undefined) ?? 'null'}\n`);
      }
    },
  },
});
