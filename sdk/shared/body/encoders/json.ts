/** JSON bodies: compact, bytes as base64 strings, numbers with all their digits. */

import { stringifyJson } from '../../json-stringify.js';

export function encodeJson(value: unknown): Uint8Array {
  return Buffer.from(stringifyJson(value));
}
