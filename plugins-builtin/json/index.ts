/** The `json` format: one pretty document, or one compact value per line for records. */
import { definePlugin } from '../../sdk/define.js';
import { bytesAsBase64 } from '../../sdk/json-bytes.js';
import meta from './manifest.js';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      for await (const item of items) {
        ctx.write(`${JSON.stringify(item, bytesAsBase64, start.document ? 2 : undefined) ?? 'null'}\n`);
      }
    },
  },
});
