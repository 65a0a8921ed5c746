/**
 * The `table` format, for people: one row per element of an array (one for a single value), the
 * columns from the data or `--okapi-columns`, rows sorted by `--okapi-sort-by`, fitted to the
 * terminal width. Records (pages, stream events) are gathered into one table.
 */
import { definePlugin } from '../../sdk/define.js';
import { addRows, renderTable, tableOptions } from './layout.js';
import meta from './manifest.js';
import { refuseUnwritable } from '../../sdk/shared/unwritable.js';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      const options = tableOptions(start);
      const rows: unknown[] = [];
      for await (const item of items) {
        // A cell shows Infinity and NaN by name; an undefined cell would read as a missing one.
        refuseUnwritable(item, '-o table', 'a table', { nonFinite: true });
        addRows(rows, item);
      }
      renderTable(rows, options, (text) => ctx.write(text), (message) => ctx.log('warn', message));
    },
  },
});
