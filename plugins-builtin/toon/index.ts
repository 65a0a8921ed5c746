/**
 * The `toon` format: Token-Oriented Object Notation (https://toonformat.dev), a compact rendering
 * for language-model prompts, with the specification's default options. TOON has no
 * multi-document streams, so records (pages, stream events) are gathered and written as one root
 * array once the last has arrived.
 */
import { definePlugin } from '../../sdk/define.js';
import { ToonEncoder } from './encoder.js';
import meta from './manifest.js';
import { UnpairedSurrogateError } from './scalars.js';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      const encoder = new ToonEncoder((bytes) => ctx.write(bytes));
      const write = (value: unknown) => {
        try {
          encoder.document(value);
        } catch (error) {
          throw explained(error);
        } finally {
          encoder.flush();
        }
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

function explained(error: unknown): unknown {
  if (error instanceof UnpairedSurrogateError) {
    return new Error(`-o toon cannot write this response: a string in it holds ${error.message}, which TOON text cannot carry; use -o json, which escapes it`);
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new Error('-o toon cannot write this response: it is nested too deeply; use -o json, or select a part of it with -f');
  }
  return error;
}
