/** The bytes of JSON's syntax, for formatters that read JSON text without parsing it. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;
/** Space, line feed, carriage return and tab. */
const JSON_WHITESPACE = [0x20, 0x0a, 0x0d, 0x09] as const;

export function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Carried from chunk to chunk inside a string: a backslash ended the last chunk, escaping the next one's first byte. */
export interface StringScan {
  escaped: boolean;
  /** Hex digits of a `\u` escape still to come in the next chunk (checkedStringEnd only). */
  hexDigits?: number;
}

/**
 * Where a string whose content continues at `from` ends: just past its closing quote, or -1 when
 * the chunk ends first (`scan` then carries a trailing backslash to the next chunk). Strings are
 * most of a JSON body, so this jumps from quote to quote and looks back for escaping backslashes.
 */
export function stringEnd(bytes: Uint8Array, from: number, scan: StringScan): number {
  let start = from;
  if (scan.escaped) {
    if (start >= bytes.length) return -1;
    scan.escaped = false;
    start++;
  }
  let quote = bytes.indexOf(QUOTE, start);
  while (quote >= 0 && escapedAt(bytes, quote, start)) quote = bytes.indexOf(QUOTE, quote + 1);
  if (quote >= 0) return quote + 1;
  scan.escaped = escapedAt(bytes, bytes.length, start);
  return -1;
}

/** Whether an odd run of backslashes ends just before `at`, counting back no further than `from`. */
function escapedAt(bytes: Uint8Array, at: number, from: number): boolean {
  let i = at;
  while (i > from && bytes[i - 1] === BACKSLASH) i--;
  return (at - i) % 2 === 1;
}

/** RFC 7464's record separator, which opens each value of a JSON text sequence. */
export const RECORD_SEPARATOR = 0x1e;

/** Byte tables for scanners of JSON text that may be a sequence: 1 where the byte is white space (or a record separator). */
export const SEPARATING_BYTES = new Uint8Array(256);
for (const byte of [...JSON_WHITESPACE, RECORD_SEPARATOR]) SEPARATING_BYTES[byte] = 1;
/** 1 where the byte ends a number, true, false or null. */
export const SCALAR_END = new Uint8Array(256);
for (const byte of [...JSON_WHITESPACE, RECORD_SEPARATOR, QUOTE, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, COMMA, COLON]) SCALAR_END[byte] = 1;

/** What JSON text read as it streams may hold next. */
export const enum JsonExpect {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  /** A root value is complete: only white space, or the start of another value, may follow. */
  Next,
}

/** Where JSON text read as it streams stops being JSON; `offset` counts bytes from the body's start. */
export class JsonTextError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
    this.name = 'JsonTextError';
  }
}

/** What may follow a backslash in a JSON string. */
const ESCAPED = new Uint8Array(256);
for (const char of '"\\/bfnrtu') ESCAPED[char.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const char of '0123456789abcdefABCDEF') HEX[char.charCodeAt(0)] = 1;
const LETTER_U = 0x75;

/**
 * `stringEnd` for text that must be valid JSON: also refuses a raw control character, which a JSON
 * string cannot hold, and an escape JSON does not have (`\x`, `\u12`). `consumed`: the body offset
 * of `bytes[0]`, for the error.
 */
export function checkedStringEnd(bytes: Uint8Array, from: number, scan: StringScan, consumed: number): number {
  let i = from;
  if (scan.escaped && i < bytes.length) {
    scan.escaped = false;
    i = escapeEnd(bytes, i, scan, consumed);
  }
  if (scan.hexDigits) i = hexEnd(bytes, i, scan, consumed);
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === QUOTE) return i + 1;
    if (byte < 0x20) throw new JsonTextError('a control character inside a string', consumed + i);
    if (byte !== BACKSLASH) i++;
    else if (i + 1 < bytes.length) i = escapeEnd(bytes, i + 1, scan, consumed);
    else {
      scan.escaped = true;
      return -1;
    }
  }
  return -1;
}

/** Checks the escape whose letter is at `i`; returns where the string goes on (a `\u` escape's digits may run into the next chunk). */
function escapeEnd(bytes: Uint8Array, i: number, scan: StringScan, consumed: number): number {
  const letter = bytes[i]!;
  if (!ESCAPED[letter]) {
    const shown = letter > 0x20 && letter < 0x7f ? `"\\${String.fromCharCode(letter)}"` : `a backslash before byte 0x${letter.toString(16).padStart(2, '0')}`;
    throw new JsonTextError(`${shown} is not a JSON escape inside a string`, consumed + i - 1);
  }
  if (letter !== LETTER_U) return i + 1;
  scan.hexDigits = 4;
  return hexEnd(bytes, i + 1, scan, consumed);
}

function hexEnd(bytes: Uint8Array, from: number, scan: StringScan, consumed: number): number {
  let i = from;
  while (scan.hexDigits! > 0 && i < bytes.length) {
    if (!HEX[bytes[i]!]) throw new JsonTextError('a \\u escape without four hex digits inside a string', consumed + i);
    scan.hexDigits!--;
    i++;
  }
  return i;
}

const LITERALS = ['true', 'false', 'null'].map((word) => Buffer.from(word));

/** Whether `bytes[start, end)` is a JSON number, true, false or null. */
export function isJsonScalar(bytes: Uint8Array | readonly number[], start: number, end: number): boolean {
  const first = bytes[start]!;
  if (first === 0x2d || (first >= 0x30 && first <= 0x39)) return isNumber(bytes, start, end);
  return LITERALS.some((literal) => isLiteral(bytes, start, end, literal));
}

function isLiteral(bytes: Uint8Array | readonly number[], start: number, end: number, literal: Uint8Array): boolean {
  if (end - start !== literal.length) return false;
  for (let k = 0; k < literal.length; k++) if (bytes[start + k] !== literal[k]) return false;
  return true;
}

/** RFC 8259's number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. */
function isNumber(bytes: Uint8Array | readonly number[], start: number, end: number): boolean {
  let i = start;
  if (bytes[i] === 0x2d) i++;
  if (i < end && bytes[i] === 0x30) i++;
  else if ((i = digitsEnd(bytes, i, end)) < 0) return false;
  if (i < end && bytes[i] === 0x2e && (i = digitsEnd(bytes, i + 1, end)) < 0) return false;
  if (i < end && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
    i++;
    if (i < end && (bytes[i] === 0x2b || bytes[i] === 0x2d)) i++;
    if ((i = digitsEnd(bytes, i, end)) < 0) return false;
  }
  return i === end;
}

/** Past the run of digits at `start`, or -1 when there is none. */
function digitsEnd(bytes: Uint8Array | readonly number[], start: number, end: number): number {
  let i = start;
  while (i < end && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) i++;
  return i > start ? i : -1;
}

/** The first bytes of a token that is not JSON, for an error message. */
export function tokenPreview(bytes: Uint8Array | readonly number[], start: number, end: number): string {
  return Buffer.from(bytes.slice(start, Math.min(end, start + 40))).toString('utf8');
}

/**
 * The records of a JSON text sequence (RFC 7464), for scanners reading JSON as it streams. A
 * record separator before the first value makes the body a sequence; then one may stand between
 * values, each record holding one value, as the decoder reads them. Anywhere else it is not JSON.
 */
export class JsonTextSequence {
  /** Whether the body opened with a record separator: an array of its values, even of one. */
  active = false;
  private recordHasValue = false;

  /** A record separator at body offset `offset`; `atStart`: no value has begun; `betweenValues`: a root value is complete. */
  separator(atStart: boolean, betweenValues: boolean, offset: number): void {
    if (atStart) this.active = true;
    else if (!this.active || !betweenValues) throw new JsonTextError('a record separator (0x1E) inside a value', offset);
    this.recordHasValue = false;
  }

  /** A value starts at the root of the sequence. */
  value(offset: number): void {
    if (this.recordHasValue) throw new JsonTextError('a second value in one record of the JSON text sequence', offset);
    this.recordHasValue = true;
  }
}
