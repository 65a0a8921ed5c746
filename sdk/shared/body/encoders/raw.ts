/**
 * Bodies for media types okapi does not encode (text/csv, application/xml, …): the value is the
 * content itself, a string (sent as UTF-8) or bytes, typically from `@file` or stdin.
 */

import { UsageError } from '../../errors.js';
import { describeValue } from './values.js';

export function encodeRaw(value: unknown, flag: string): Uint8Array {
  if (typeof value === 'string') return Buffer.from(value);
  if (value instanceof Uint8Array) return value;
  throw new UsageError(`${flag} sends the body as it is, so give it a string or @file, not ${describeValue(value)}`, {
    hint: `pass the content as @path, on stdin, or as a quoted string; use -c json, yaml or cbor to encode data`,
  });
}
