/**
 * The `lines` format: scalars one per line without quotes, for shell pipelines. Arrays are printed
 * element by element (nested arrays flattened); an object is refused with a way out.
 */
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';
import { base64Of } from '../../sdk/shared/json-bytes.js';
import { ExactNumber } from '../../sdk/shared/exact-number.js';
import { refuseUnwritable } from '../../sdk/shared/unwritable.js';

/** How many of an object's keys the error names. */
const KEYS_SHOWN = 5;

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(_start, items, ctx) {
      for await (const item of items) {
        // Each item is rendered whole before any of it is written: an object deep inside an array
        // fails the item without printing half of it.
        // Infinity and NaN print by name, as a table cell does; CBOR's undefined as `null` would be another value.
        refuseUnwritable(item, '-o lines', 'a line of text', { nonFinite: true });
        const out: string[] = [];
        collect(item, '', out);
        if (out.length > 0) ctx.write(out.join(''));
      }
    },
  },
});

function collect(value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((element, index) => collect(element, `${path}[${index}]`, out));
    return;
  }
  out.push(`${scalarText(value, path)}\n`);
}

function scalarText(value: unknown, path: string): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array) return base64Of(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof ExactNumber) return value.text;
  const keys = Object.keys(value as object);
  const shown = keys.slice(0, KEYS_SHOWN).join(', ') + (keys.length > KEYS_SHOWN ? ', …' : '');
  const what = keys.length === 0 ? 'an empty object' : `an object (keys: ${shown})`;
  const where = path === '' ? 'the value' : `the value at ${path}`;
  throw new Error(`-o lines prints scalars, but ${where} is ${what}; select scalar fields with a filter, or use -o ndjson`);
}
