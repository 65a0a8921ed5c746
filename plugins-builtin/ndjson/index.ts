/**
 * The `ndjson` format: one compact JSON value per line. A document that is an array is written one
 * element per line, which is what asking for NDJSON of a list means.
 */
import { definePlugin } from '../../sdk/define.js';
import { stringifyJson } from '../../sdk/shared/json-stringify.js';
import { refuseUnwritable } from '../../sdk/shared/unwritable.js';
import meta from './manifest.js';

/** Output is handed on in pieces of about this many characters, so large arrays stream. */
const CHUNK = 64 * 1024;

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      let pending = '';
      const line = (value: unknown) => {
        pending += `${stringifyJson(value)}\n`;
        if (pending.length >= CHUNK) {
          ctx.write(pending);
          pending = '';
        }
      };
      for await (const item of items) {
        refuseUnwritable(item, '-o ndjson', 'JSON');
        if (start.document && Array.isArray(item)) item.forEach((element) => line(element));
        else line(item);
      }
      if (pending) ctx.write(pending);
    },
  },
});
