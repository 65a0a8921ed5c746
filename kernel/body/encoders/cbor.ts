/**
 * CBOR bodies, with cbor-x set up as for the plugin wire codec (sdk/codec.ts): byte strings without
 * typed-array tags, no record extension, string-keyed maps with minimal headers.
 */

import { Encoder } from 'cbor-x';

const encoder = new Encoder({
  useRecords: false,
  tagUint8Array: false,
  variableMapSize: true,
  mapsAsObjects: true,
});

export function encodeCbor(value: unknown): Uint8Array {
  return Uint8Array.from(encoder.encode(value));
}
