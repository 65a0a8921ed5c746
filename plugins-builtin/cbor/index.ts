/** The `cbor` format: each item as one CBOR data item, so records make a CBOR sequence (RFC 8742). */
import { newCborEncoder } from '../../sdk/shared/cbor.js';
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';

// As the wire codec: plain byte strings, and big integers and exact decimals as CBOR has them.
const encoder = newCborEncoder();

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(_start, items, ctx) {
      for await (const item of items) {
        // A view into cbor-x's output buffer, which it never writes over (a full one is replaced).
        ctx.write(encoder.encode(item));
      }
    },
  },
});
