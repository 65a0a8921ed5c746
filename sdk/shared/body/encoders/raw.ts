/**
 * Bodies for media types okapi does not encode (text/csv, application/xml, …): the value is the
 * content itself. A string, and bytes that are UTF-8 text (from `@file` or stdin), are text okapi
 * writes in the charset the Content-Type declares (sdk/shared/text-charset.ts); other bytes are
 * the user's own and are sent as they are. Text is never sent in another encoding than its label says.
 */

import { UsageError } from '../../errors.js';
import { charsetOf } from '../../media-type.js';
import { canonicalCharset, encodeTextIn } from '../../text-charset.js';
import { utf8TextOf } from '../../utf8-text.js';
import { describeValue } from './values.js';

/** The bytes sent, and the charset okapi wrote them in when they are text (absent for the user's own bytes). */
export interface RawBytes {
  readonly bytes: Uint8Array;
  readonly charset?: string;
}

/** `source` names where `contentType` came from, for messages (`-c text/csv`, `-H 'Content-Type: …'`). */
export function encodeRaw(value: unknown, flag: string, contentType: string, source = flag): RawBytes {
  if (typeof value === 'string') return { bytes: writeText(value, source, contentType), charset: canonicalCharset(charsetOf(contentType)) };
  if (value instanceof Uint8Array) return { bytes: value };
  throw new UsageError(`${flag} sends the body as it is, so give it a string or @file, not ${describeValue(value)}`, {
    hint: `pass the content as @path, on stdin, or as a quoted string; use -c json, yaml or cbor to encode data`,
  });
}

/**
 * Stdin or a file sent as the body: UTF-8 text in the label's charset (unchanged when that is UTF-8),
 * other bytes as they are. `text` is the bytes read as UTF-8, when the caller has already read them.
 */
export function rawBytes(bytes: Uint8Array, source: string, contentType: string, text: string | undefined = utf8TextOf(bytes)): RawBytes {
  const charset = canonicalCharset(charsetOf(contentType));
  if (text === undefined) return { bytes };
  return { bytes: charset === 'utf-8' ? bytes : writeText(text, source, contentType), charset };
}

function writeText(text: string, source: string, contentType: string): Uint8Array {
  const written = encodeTextIn(text, charsetOf(contentType));
  if (written instanceof Uint8Array) return written;
  const charset = charsetOf(contentType)!;
  if ('outside' in written) {
    throw new UsageError(`${source} declares charset=${charset}, which cannot hold ${JSON.stringify(written.outside)} of the body`, {
      hint: 'declare charset=utf-8, or leave the charset out',
    });
  }
  throw new UsageError(`${source} declares charset=${charset}, which okapi cannot write text in`, {
    hint: `convert the text to ${charset} first (iconv -t ${charset}) and give it as @path or on stdin, where bytes that are not UTF-8 are sent as they are; or declare charset=utf-8`,
  });
}
