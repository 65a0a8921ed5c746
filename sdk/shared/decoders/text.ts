/**
 * Text bodies: `text/*` and application types that are text by nature (XML, JavaScript, forms),
 * decoded with their charset. decode-body also sends here any type that names a charset.
 */
import { decodeText, type BodyDecoder } from './decoder.js';
import { utf8TextOf } from '../utf8-text.js';

const TEXT_APPLICATION_TYPES = new Set([
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-www-form-urlencoded',
  'application/graphql',
  'application/sql',
]);

export const textDecoder: BodyDecoder = {
  accept: [{ range: 'text/*', q: 0.2 }],
  handles: (mediaType) =>
    mediaType.startsWith('text/') || TEXT_APPLICATION_TYPES.has(mediaType) || mediaType.endsWith('+xml'),
  decode: (bytes, _mediaType, charset) => decodeText(bytes, charset),
};

/** Characters that mark bytes as binary rather than text: C0 and C1 controls except tab, LF, FF and CR. */
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/;

/** The text of bytes that are valid UTF-8 with no control characters, or undefined. */
export function plainTextOf(bytes: Uint8Array): string | undefined {
  const text = utf8TextOf(bytes);
  return text === undefined || CONTROL.test(text) ? undefined : text;
}
