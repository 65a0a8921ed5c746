/**
 * YAML bodies. Bytes become base64 strings, as in JSON, so servers read both encodings alike;
 * numbers keep their digits as typed.
 */

import { stringify } from 'yaml';
import { base64Of } from '../../json-bytes.js';
import { exactNumberYamlTag } from '../../yaml-exact-number.js';
import { isObjectLiteral } from '../../plain-object.js';

export function encodeYaml(value: unknown): Uint8Array {
  return Buffer.from(stringify(bytesToBase64(value), { customTags: [exactNumberYamlTag] }));
}

function bytesToBase64(value: unknown): unknown {
  if (value instanceof Uint8Array) return base64Of(value);
  if (Array.isArray(value)) return value.map(bytesToBase64);
  if (isObjectLiteral(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      Object.defineProperty(copy, key, {
        value: bytesToBase64(value[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}
