/**
 * How TOON spells keys and primitive values, written straight into output bytes. A string goes
 * unquoted unless a decoder could read it as something else: empty, padded with spaces or tabs,
 * `true`/`false`/`null`, number-like, starting with `-` or `#`, or holding `:`, `"`, `\`,
 * brackets, braces, the delimiter or a control character. Quoted strings escape `\`, `"`, line
 * feed, carriage return and tab by letter and other control characters as `\u00XX`.
 */
import type { ByteOutput } from '../../sdk/shared/byte-output.js';
import { BACKSLASH, QUOTE } from '../../sdk/shared/json-syntax.js';
import type { Primitive } from './data-model.js';
import { toonNumberText } from './number-text.js';

const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;
const PLUS = 0x2b;
const MINUS = 0x2d;

/** ASCII bytes that force quotes anywhere in a string (control characters are checked apart). */
const NEEDS_QUOTES = new Uint8Array(128);
for (const character of ':"\\[]{},') NEEDS_QUOTES[character.charCodeAt(0)] = 1;

const NUMBER_LIKE = /^[+-]?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;
const UNQUOTED_KEY = /^[A-Z_][\w.]*$/i;

/** Control characters escaped by a letter: line feed, carriage return, tab. Others are `\u00XX`. */
const LETTER_ESCAPES: Record<number, number> = { 0x0a: 'n'.charCodeAt(0), 0x0d: 'r'.charCodeAt(0), 0x09: 't'.charCodeAt(0) };
const HEX = '0123456789abcdef';

export class UnpairedSurrogateError extends Error {
  constructor(readonly codeUnit: number) {
    super(`U+${codeUnit.toString(16).toUpperCase()}, half of a UTF-16 surrogate pair without its other half`);
    this.name = 'UnpairedSurrogateError';
  }
}

export function writePrimitive(out: ByteOutput, value: Primitive): void {
  if (typeof value === 'string') writeString(out, value);
  else if (value !== null && typeof value === 'object') writeAscii(out, toonNumberText(value));
  else writeAscii(out, value === null ? 'null' : String(value));
}

/** A string value: unquoted when it reads back as itself, quoted otherwise. */
function writeString(out: ByteOutput, value: string): void {
  const start = out.length;
  if (mayGoUnquoted(value) && writeUnquoted(out, value)) return;
  out.length = start;
  writeQuoted(out, value);
}

/** A key: bare when it is an identifier (dots allowed), quoted otherwise. */
export function writeKey(out: ByteOutput, key: string): void {
  const spelled = keySpellings.get(key);
  if (spelled === undefined) {
    const start = out.length;
    if (UNQUOTED_KEY.test(key)) writeAscii(out, key);
    else writeQuoted(out, key);
    if (keySpellings.size < KEY_SPELLINGS_KEPT) keySpellings.set(key, out.bytes.slice(start, out.length));
    return;
  }
  out.write(spelled);
}

/**
 * Documents repeat the same few keys on every object: each is spelled once. Only so many are
 * kept, so an object keyed by ids does not grow the table without end.
 */
const keySpellings = new Map<string, Uint8Array>();
const KEY_SPELLINGS_KEPT = 4096;

/** Text known to be ASCII: headers, numbers, literals, identifier keys. */
export function writeAscii(out: ByteOutput, text: string): void {
  out.reserve(text.length);
  const bytes = out.bytes;
  let at = out.length;
  for (let i = 0; i < text.length; i++) bytes[at++] = text.charCodeAt(i);
  out.length = at;
}

/** The checks that need the whole string; the per-character ones happen while it is copied. */
function mayGoUnquoted(value: string): boolean {
  const length = value.length;
  if (length === 0) return false;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(length - 1);
  if (first === SPACE || first === TAB || last === SPACE || last === TAB || first === MINUS || first === HASH) return false;
  if (value === 'true' || value === 'false' || value === 'null') return false;
  return !(((first >= 0x30 && first <= 0x39) || first === PLUS) && NUMBER_LIKE.test(value));
}

/** Copies `value` as UTF-8; false, leaving the bytes written so far, at a character that needs quotes. */
function writeUnquoted(out: ByteOutput, value: string): boolean {
  out.reserve(value.length * 3);
  const bytes = out.bytes;
  let at = out.length;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x80) {
      if (code < SPACE || NEEDS_QUOTES[code] === 1) return false;
      bytes[at++] = code;
    } else {
      at = writeNonAscii(bytes, at, value, i);
      if (code >= 0xd800 && code <= 0xdbff) i++;
    }
  }
  out.length = at;
  return true;
}

/** A string in quotes, whatever it holds. */
export function writeQuoted(out: ByteOutput, value: string): void {
  // The longest spelling of one UTF-16 unit is a six-byte \u00XX escape.
  out.reserve(value.length * 6 + 2);
  const bytes = out.bytes;
  let at = out.length;
  bytes[at++] = QUOTE;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x80) {
      at = writeNonAscii(bytes, at, value, i);
      if (code >= 0xd800 && code <= 0xdbff) i++;
    } else if (code === QUOTE || code === BACKSLASH) {
      bytes[at++] = BACKSLASH;
      bytes[at++] = code;
    } else if (code >= SPACE) {
      bytes[at++] = code;
    } else {
      bytes[at++] = BACKSLASH;
      const letter = LETTER_ESCAPES[code];
      if (letter !== undefined) {
        bytes[at++] = letter;
      } else {
        for (const character of `u00${HEX[code >> 4]}${HEX[code & 0xf]}`) bytes[at++] = character.charCodeAt(0);
      }
    }
  }
  bytes[at++] = QUOTE;
  out.length = at;
}

/** UTF-8 of the character at `i` (a surrogate pair counts as one); the new write position. */
function writeNonAscii(bytes: Uint8Array, at: number, value: string, i: number): number {
  const code = value.charCodeAt(i);
  if (code < 0x800) {
    bytes[at++] = 0xc0 | (code >> 6);
    bytes[at++] = 0x80 | (code & 0x3f);
    return at;
  }
  if (code < 0xd800 || code > 0xdfff) {
    bytes[at++] = 0xe0 | (code >> 12);
    bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
    bytes[at++] = 0x80 | (code & 0x3f);
    return at;
  }
  const low = value.charCodeAt(i + 1);
  if (code > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) throw new UnpairedSurrogateError(code);
  const point = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
  bytes[at++] = 0xf0 | (point >> 18);
  bytes[at++] = 0x80 | ((point >> 12) & 0x3f);
  bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
  bytes[at++] = 0x80 | (point & 0x3f);
  return at;
}
