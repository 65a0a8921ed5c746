/**
 * Bodies for media types okapi does not encode (text/csv, application/xml, …): the value is the
 * content itself, bytes (from `@file` or stdin, sent as they are) or a string, written in the
 * charset the Content-Type declares: UTF-8 when it declares none, ISO-8859-1 or US-ASCII when it
 * says so and every character fits. Text is never sent in another encoding than its label says.
 */

import { UsageError } from '../../errors.js';
import { charsetOf } from '../../media-type.js';
import { isUtf8Charset } from '../../decoders/decoder.js';
import { describeValue } from './values.js';

/** Single-byte charsets okapi can write, by label, with the highest code point each holds. */
const SINGLE_BYTE: Record<string, number> = { 'iso-8859-1': 0xff, latin1: 0xff, 'us-ascii': 0x7f, ascii: 0x7f };

export function encodeRaw(value: unknown, flag: string, contentType: string): Uint8Array {
  if (typeof value === 'string') return encodeText(value, flag, contentType);
  if (value instanceof Uint8Array) return value;
  throw new UsageError(`${flag} sends the body as it is, so give it a string or @file, not ${describeValue(value)}`, {
    hint: `pass the content as @path, on stdin, or as a quoted string; use -c json, yaml or cbor to encode data`,
  });
}

function encodeText(text: string, flag: string, contentType: string): Uint8Array {
  const charset = charsetOf(contentType);
  if (isUtf8Charset(charset)) return Buffer.from(text);
  const highest = SINGLE_BYTE[charset!.toLowerCase()];
  const hint = 'send the bytes as they are with @path or on stdin, or declare charset=utf-8';
  if (highest === undefined) throw new UsageError(`${flag} declares charset=${charset}, which okapi cannot write text in`, { hint });
  const outside = [...text].find((character) => character.codePointAt(0)! > highest);
  if (outside !== undefined) {
    throw new UsageError(`${flag} declares charset=${charset}, which cannot hold ${JSON.stringify(outside)} of the body`, { hint });
  }
  return Buffer.from(text, 'latin1');
}
