/** What every response body decoder provides, and the text decoding they share. */
import { OkapiError } from '../errors.js';

/** A media range okapi advertises in `Accept`, with its preference (q, 0 to 1). */
export interface AcceptEntry {
  range: string;
  q: number;
}

export interface BodyDecoder {
  /** Media ranges for the `Accept` header; empty when the decoder only reads what it is sent. */
  accept: readonly AcceptEntry[];
  /** Whether this decoder reads the media type (lower-case, no parameters). */
  handles(mediaType: string): boolean;
  /** May be async: decoders of rarer formats load their library only when such a body arrives. */
  decode(bytes: Uint8Array, mediaType: string, charset: string | undefined): unknown;
}

const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

/** Whether a `charset` parameter (or its absence) means UTF-8. */
export function isUtf8Charset(charset: string | undefined): boolean {
  return charset === undefined || UTF8_LABELS.has(charset.toLowerCase());
}

/** Bytes to text in the given charset; UTF-8 when none is given or the label is unknown. A BOM is dropped. */
export function decodeText(bytes: Uint8Array, charset: string | undefined): string {
  if (!isUtf8Charset(charset)) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // An unknown label: fall through to UTF-8.
    }
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A body whose Content-Type names a format it is not in. Never shown as text or bytes in its place:
 * that would be a wrong value with exit 0 (the renderer shows the bytes as received, with this).
 */
export class UndecodableBodyError extends OkapiError {
  constructor(format: string, mediaType: string, reason: string) {
    super(`the response body says it is ${format} (${mediaType}) but is not: ${reason}`);
    this.name = 'UndecodableBodyError';
  }
}
