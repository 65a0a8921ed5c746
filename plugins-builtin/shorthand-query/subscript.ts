/**
 * What a `[` opens. `[]` flattens, `[2]` and `[-1]` index, `[0:2]` slices (both ends inclusive,
 * either optional), `[a, b]` (a comma at its top level) builds an array, and anything else is a
 * filter expression. These readers decide before either grammar parses the inside.
 */

import type { Cursor } from './cursor.js';

export type Subscript = { kind: 'index'; index: number } | { kind: 'slice'; start: number | undefined; end: number | undefined };

const INDEX_OR_SLICE = /[ \t\r\n]*(-?\d+)?[ \t\r\n]*(?:(:)[ \t\r\n]*(-?\d+)?[ \t\r\n]*)?\]/y;

/**
 * Reads an index or a slice and its closing `]`, the cursor being just past the `[`; leaves the
 * cursor alone and returns undefined when the brackets hold something else.
 */
export function readSubscript(cursor: Cursor): Subscript | undefined {
  INDEX_OR_SLICE.lastIndex = cursor.pos;
  const match = INDEX_OR_SLICE.exec(cursor.text);
  if (!match) return undefined;
  const [whole, first, colon, second] = match;
  if (first === undefined && colon === undefined) return undefined; // `[ ]`: a flatten, read by the caller
  cursor.pos += whole.length;
  if (colon === undefined) return { kind: 'index', index: Number(first) };
  return { kind: 'slice', start: first === undefined ? undefined : Number(first), end: second === undefined ? undefined : Number(second) };
}

/**
 * Whether the brackets opened just before `from` hold a comma outside any nested bracket, brace,
 * parenthesis or string: `[id, name]` builds an array, `[a > 1]` filters.
 */
export function hasTopLevelComma(text: string, from: number): boolean {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip a string, escapes included; an unterminated one is the parser's to report.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b || c === 0x28) {
      depth++;
    } else if (c === 0x5d || c === 0x7d || c === 0x29) {
      if (depth === 0) return false;
      depth--;
    } else if (c === 0x2c && depth === 0) {
      return true;
    }
  }
  return false;
}
