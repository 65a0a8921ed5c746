/**
 * The `toon` format: Token-Oriented Object Notation (https://toonformat.dev), a compact rendering
 * for language-model prompts, with the specification's default options. TOON writes array
 * lengths before their elements, so nothing is written before the whole value is known: a JSON
 * body that nothing else needs decoded arrives raw and is parsed as it arrives (json-body.ts), and
 * records (pages, stream events) are gathered and written as one root array after the last.
 */
import { definePlugin } from '../../sdk/define.js';
import { ToonEncoder } from './encoder.js';
import { JsonBody } from './json-body.js';
import { RootArray } from './root-array.js';
import meta from './manifest.js';
import { UnpairedSurrogateError } from './scalars.js';
import { refuseUnwritable } from '../../sdk/shared/unwritable.js';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      const encoder = new ToonEncoder((bytes) => ctx.write(bytes));
      const encoded = (encode: () => void) => {
        try {
          encode();
        } catch (error) {
          throw explained(error);
        } finally {
          encoder.flush();
        }
      };
      const write = (value: unknown) => {
        refuseUnwritable(value, '-o toon', 'TOON');
        encoded(() => encoder.document(value));
      };
      if (start.raw) {
        const rootArray = new RootArray();
        const body = new JsonBody(start.content_type ?? 'application/json', (elements) => rootArray.add(elements));
        for await (const chunk of items) body.push(chunk as Uint8Array);
        const whole = body.end();
        // Read from JSON text, so it holds nothing JSON cannot write: no walk to look for it.
        if (whole) encoded(() => encoder.document(whole.value));
        else encoded(() => rootArray.finish(encoder, (bytes) => ctx.write(bytes)));
      } else if (start.document) {
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
