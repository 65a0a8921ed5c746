/** CBOR bodies: application/cbor and `+cbor`; CBOR sequences (RFC 8742) decode to an array. */
import { Decoder } from 'cbor-x';
import type { BodyDecoder } from './decoder.js';

// As the wire codec (sdk/codec.ts): no record extension, maps as plain objects.
const decoder = new Decoder({ useRecords: false, mapsAsObjects: true });

function isSequenceType(mediaType: string): boolean {
  return mediaType === 'application/cbor-seq' || mediaType.endsWith('+cbor-seq');
}

function decodeSequence(bytes: Uint8Array): unknown[] {
  return (decoder.decodeMultiple(bytes) as unknown[] | undefined) ?? [];
}

export const cborDecoder: BodyDecoder = {
  accept: [{ range: 'application/cbor', q: 0.6 }],
  handles: (mediaType) => mediaType === 'application/cbor' || mediaType.endsWith('+cbor') || isSequenceType(mediaType),
  decode(bytes, mediaType) {
    try {
      if (isSequenceType(mediaType)) return decodeSequence(bytes);
      try {
        return decoder.decode(bytes);
      } catch {
        // Several items under application/cbor: read them as the sequence they are.
        const items = decodeSequence(bytes);
        if (items.length < 2) throw new Error('not CBOR');
        return items;
      }
    } catch {
      // Not CBOR after all: the bytes as they came.
      return bytes;
    }
  },
};
