/** CBOR bodies, written as everywhere in okapi (sdk/shared/cbor.ts): numbers with all their digits. */

import { newCborEncoder } from '../../cbor.js';

const encoder = newCborEncoder();

export function encodeCbor(value: unknown): Uint8Array {
  return Uint8Array.from(encoder.encode(value));
}
