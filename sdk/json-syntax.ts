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
export const JSON_WHITESPACE = [0x20, 0x0a, 0x0d, 0x09] as const;

export function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Carried from chunk to chunk inside a string: a backslash ended the last chunk, escaping the next one's first byte. */
export interface StringScan {
  escaped: boolean;
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
