/** CBOR bodies: application/cbor and `+cbor`; CBOR sequences (RFC 8742) decode to an array. */
import type { Decoder } from 'cbor-x';
import { NestingError } from '../nesting.js';
import { OkapiError } from '../errors.js';
import { UndecodableBodyError, type BodyDecoder } from './decoder.js';

let decoder: Decoder | undefined;

/** cbor-x is loaded only when a CBOR body arrives; configured as everywhere (sdk/shared/cbor.ts). */
async function cborDecoderInstance(): Promise<Decoder> {
  const { newCborDataDecoder } = await import('../cbor.js');
  decoder ??= newCborDataDecoder();
  return decoder;
}

function isSequenceType(mediaType: string): boolean {
  return mediaType === 'application/cbor-seq' || mediaType.endsWith('+cbor-seq');
}

function decodeSequence(decoder: Decoder, bytes: Uint8Array): unknown[] {
  return (decoder.decodeMultiple(bytes) as unknown[] | undefined) ?? [];
}

function sequenceOrUndefined(decoder: Decoder, bytes: Uint8Array): unknown[] | undefined {
  try {
    return decodeSequence(decoder, bytes);
  } catch {
    return undefined;
  }
}

export const cborDecoder: BodyDecoder = {
  accept: [{ range: 'application/cbor', q: 0.6 }],
  handles: (mediaType) => mediaType === 'application/cbor' || mediaType.endsWith('+cbor') || isSequenceType(mediaType),
  async decode(bytes, mediaType) {
    const decoder = await cborDecoderInstance();
    try {
      return isSequenceType(mediaType) ? decodeSequence(decoder, bytes) : decoder.decode(bytes);
    } catch (error) {
      // CBOR that okapi cannot hold without losing an entry is CBOR all the same: not "not CBOR".
      if (error instanceof NestingError || error instanceof OkapiError) throw error;
      if (!isSequenceType(mediaType)) {
        // Several items under application/cbor: read them as the sequence they are.
        const items = sequenceOrUndefined(decoder, bytes);
        if (items && items.length >= 2) return items;
      }
      throw new UndecodableBodyError('CBOR', mediaType, (error as Error).message);
    }
  },
};
