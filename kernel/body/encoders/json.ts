/**
 * JSON bodies: compact, bytes as base64 strings (JSON has no bytes). Integers too large for a
 * double, which CBOR stdin can carry, are written with all their digits.
 */

import { randomBytes } from 'node:crypto';
import { bytesAsBase64 } from '../../../sdk/json-bytes.js';

export function encodeJson(value: unknown): Uint8Array {
  return Buffer.from(stringifyJson(value));
}

export function stringifyJson(value: unknown): string {
  const bigints: bigint[] = [];
  // JSON.stringify rejects bigints, so each becomes a unique placeholder string replaced afterwards.
  const marker = `okapi-bigint-${randomBytes(8).toString('hex')}-`;
  const text = JSON.stringify(value, (key: string, item: unknown) => {
    if (typeof item === 'bigint') {
      bigints.push(item);
      return `${marker}${bigints.length - 1}`;
    }
    return bytesAsBase64(key, item);
  }) as string | undefined;
  // Only a top-level undefined or function has no JSON text; a body value is never either.
  if (text === undefined) return 'null';
  if (bigints.length === 0) return text;
  return text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_match, index: string) => String(bigints[Number(index)]));
}
