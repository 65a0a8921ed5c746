/** The `cbor` format: each item as one CBOR data item, so records make a CBOR sequence (RFC 8742). */
import { Encoder } from 'cbor-x';
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';

// As the wire codec (sdk/codec.ts): plain byte strings, no record extension, minimal map headers.
const encoder = new Encoder({
  useRecords: false,
  tagUint8Array: false,
  variableMapSize: true,
  mapsAsObjects: true,
});

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
