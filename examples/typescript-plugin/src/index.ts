/**
 * An example okapi plugin built on the SDK, with two hooks:
 * - a `csv` output format (`okapi get URL -o csv`) for arrays of objects;
 * - a request middleware that gives every request an `X-Request-Id` unless one is already set.
 */
import { randomUUID } from 'node:crypto';
import { definePlugin, ExactNumber, runPlugin, stringifyJson } from 'okapi/sdk';

const plugin = definePlugin({
  manifest: {
    name: 'example',
    version: '1.0.0',
    description: 'CSV output and X-Request-Id headers',
    okapi_api_version: 2,
    hooks: ['formatter', 'request-middleware'],
    formatter_names: ['csv'],
  },
  hooks: {
    'request-middleware'(input) {
      const present = Object.keys(input.request.headers).some((name) => name.toLowerCase() === 'x-request-id');
      return present ? {} : { headers: { 'X-Request-Id': randomUUID() } };
    },

    async formatter(_start, items, ctx) {
      const rows: Record<string, unknown>[] = [];
      for await (const item of items) {
        for (const row of Array.isArray(item) ? item : [item]) rows.push(isRecord(row) ? row : { value: row });
      }
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      ctx.write(`${columns.map(csvCell).join(',')}\n`);
      for (const row of rows) ctx.write(`${columns.map((c) => csvCell(row[c])).join(',')}\n`);
    },
  },
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof ExactNumber);
}

/**
 * RFC 4180: quote a cell holding a comma, quote or line break; nested values as JSON. Numbers a
 * double would change arrive as ExactNumbers; stringifyJson writes their digits.
 */
function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'object' ? stringifyJson(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

await runPlugin(plugin);
