/**
 * The `toon` format: Token-Oriented Object Notation (https://toonformat.dev), a compact rendering
 * for language-model prompts, by the `@toon-format/toon` encoder with its default options. TOON has
 * no multi-document streams, so records (pages, stream events) are gathered and written as one
 * root array once the last has arrived.
 */
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';

/** Output is handed on in pieces of about this many characters, so large documents stream. */
const CHUNK = 64 * 1024;

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      // Loaded on first use, so no other command pays for parsing the encoder.
      const { encodeLines } = await import('@toon-format/toon');
      // `encode` is these lines joined by "\n"; taking them one by one spares building one huge string.
      const write = (value: unknown) => {
        let pending = '';
        for (const line of encodeLines(bytesAsBase64(value))) {
          pending += `${line}\n`;
          if (pending.length >= CHUNK) {
            ctx.write(pending);
            pending = '';
          }
        }
        if (pending) ctx.write(pending);
      };
      if (start.document) {
        for await (const item of items) write(item);
      } else {
        const records: unknown[] = [];
        for await (const item of items) records.push(item);
        write(records);
      }
    },
  },
});

/**
 * The value with bytes as base64 strings, as in every JSON output (the encoder would write null).
 * Only the objects and arrays on the way to some bytes are copied; without bytes it is the value itself.
 */
function bytesAsBase64(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      const replaced = bytesAsBase64(element);
      if (replaced !== element) (copy ??= [...value])[i] = replaced;
    }
    return copy ?? value;
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    let copy: Record<string, unknown> | undefined;
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
      const child = record[key];
      const replaced = bytesAsBase64(child);
      // The spread copy holds every key as its own property, `__proto__` included, so this assigns it.
      if (replaced !== child) (copy ??= { ...record })[key] = replaced;
    }
    return copy ?? value;
  }
  return value;
}
