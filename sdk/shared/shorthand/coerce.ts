/**
 * What an unquoted value means. Like YAML, well-known words and numbers become JSON types and the
 * rest stays text; quoting a value is how a user opts out.
 */

import { isNumberText, numberFromText, type ExactNumber } from '../exact-number.js';
import type { UnquotedText } from './scanner.js';

export type UnquotedMeaning =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'scalar'; readonly value: null | boolean | number | ExactNumber | Uint8Array }
  /** `undefined`: delete the field it is assigned to. */
  | { readonly kind: 'undefined' }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'invalid'; readonly reason: string; readonly hint: string };

/** Standard base64 with its padding; anything looser would make `%` values guesswork. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function interpretUnquoted({ text, escaped }: UnquotedText): UnquotedMeaning {
  // The prefixes are checked on the raw text: an escape elsewhere (`@my\,file`) must not disable them.
  if (text.startsWith('@@')) return { kind: 'string', value: text.slice(1) };
  if (text.startsWith('@')) {
    if (text.length === 1) {
      return {
        kind: 'invalid',
        reason: "expected a file path after '@'",
        hint: 'write "@" in quotes to send it as text',
      };
    }
    return { kind: 'file', path: text.slice(1) };
  }
  if (text.startsWith('%')) return interpretBytes(text.slice(1));
  if (escaped) return { kind: 'string', value: text };
  switch (text) {
    case 'null':
      return { kind: 'scalar', value: null };
    case 'true':
      return { kind: 'scalar', value: true };
    case 'false':
      return { kind: 'scalar', value: false };
    case 'undefined':
      return { kind: 'undefined' };
  }
  // Numbers keep the digits as typed; a double would turn 1234567890123456789 into …800.
  if (isNumberText(text)) return { kind: 'scalar', value: numberFromText(text) };
  return { kind: 'string', value: text };
}

function interpretBytes(base64: string): UnquotedMeaning {
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) {
    return {
      kind: 'invalid',
      reason: "expected base64 bytes after '%'",
      hint: 'write the value in quotes to send it as a string',
    };
  }
  return { kind: 'scalar', value: Uint8Array.from(Buffer.from(base64, 'base64')) };
}
