/**
 * The `ndjson` format: one compact JSON value per line. A document that is an array is written one
 * element per line, which is what asking for NDJSON of a list means.
 */
import { definePlugin } from '../../sdk/define.js';
import { jsonTextOrRefuse } from '../../sdk/shared/unwritable.js';
import meta from './manifest.js';

/** Output is handed on in pieces of about this many characters, so large arrays stream. */
const CHUNK = 64 * 1024;

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      let pending = '';
      // A refusal names the path in the whole item, not in the element written as a line.
      const line = (value: unknown, item: unknown) => {
        pending += `${jsonTextOrRefuse(value, '-o ndjson', undefined, item)}\n`;
        if (pending.length >= CHUNK) {
          ctx.write(pending);
          pending = '';
        }
      };
      for await (const item of items) {
        if (start.document && Array.isArray(item)) item.forEach((element) => line(element, item));
        else line(item, item);
      }
      if (pending) ctx.write(pending);
    },
  },
});
