/**
 * Tokens of a filter expression (`age > 30 and name startsWith A`), read on demand from the shared
 * cursor so the parser can switch back to path reading (`.name`, `[0]`) at any point.
 *
 * Names may hold `-` (`content-type`, `early-adopter`), so subtraction needs spaces: `a - b`. A
 * date such as `2024-01-01` or `2024-01-01T10:00:00Z` is one token (a string), not arithmetic.
 */

import { isNumberText, numberFromText, type ExactNumber } from '../../sdk/shared/exact-number.js';
import { Cursor, describeChar, isDigit, isNameChar } from './cursor.js';

export type Token =
  | { readonly type: 'number'; readonly value: number | ExactNumber; readonly pos: number; readonly end: number }
  | { readonly type: 'string'; readonly value: string; readonly pos: number; readonly end: number }
  | { readonly type: 'name'; readonly value: string; readonly pos: number; readonly end: number }
  | { readonly type: 'op'; readonly value: string; readonly pos: number; readonly end: number }
  | { readonly type: 'end'; readonly value: ''; readonly pos: number; readonly end: number };

const DATE = /\d{4}-\d{2}-\d{2}(?:[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?/y;
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

const TWO_CHAR_OPS = new Set(['==', '!=', '<=', '>=']);
const ONE_CHAR_OPS = new Set(['<', '>', '+', '-', '*', '/', '%', '^', '(', ')', '.', '[', ']', '@', ',', ':', '|', '{', '}', '?']);

/** Mistakes from other languages, answered with the spelling this one uses. */
const MISSPELLED: Readonly<Record<string, string>> = {
  '&&': "use 'and'",
  '||': "use 'or'",
  '=': "use '==' to compare",
  '!': "use 'not'",
  "'": 'quote strings with double quotes',
};

export class ExprLexer {
  private cached: Token | undefined;
  private cachedFrom = -1;

  constructor(readonly cursor: Cursor) {}

  /** The next token, without consuming it. */
  peek(): Token {
    const { cursor } = this;
    if (this.cached !== undefined && this.cachedFrom === cursor.pos) return this.cached;
    const from = cursor.pos;
    cursor.skipSpace();
    const token = this.read();
    cursor.pos = from;
    this.cached = token;
    this.cachedFrom = from;
    return token;
  }

  next(): Token {
    const token = this.peek();
    this.cursor.pos = token.end;
    return token;
  }

  /** Whether the next token is the operator or keyword `value`. */
  is(value: string): boolean {
    const token = this.peek();
    return (token.type === 'op' || token.type === 'name') && token.value === value;
  }

  private read(): Token {
    const { cursor } = this;
    const { text } = cursor;
    const pos = cursor.pos;
    if (pos >= text.length) return { type: 'end', value: '', pos, end: pos };
    const char = text.charAt(pos);
    const code = text.charCodeAt(pos);
    if (char === '"') {
      const value = cursor.readQuoted();
      return { type: 'string', value, pos, end: cursor.pos };
    }
    if (isDigit(code)) {
      DATE.lastIndex = pos;
      const date = DATE.exec(text);
      if (date) return { type: 'string', value: date[0], pos, end: pos + date[0].length };
      NUMBER.lastIndex = pos;
      const number = NUMBER.exec(text)![0];
      // Digits as typed: `id == 1234567890123456789` must not match the ids a double rounds to.
      return { type: 'number', value: isNumberText(number) ? numberFromText(number) : Number(number), pos, end: pos + number.length };
    }
    if (isNameChar(code) && char !== '-' && (char !== '@' || isNameChar(text.charCodeAt(pos + 1)))) {
      const value = cursor.readName();
      return { type: 'name', value, pos, end: cursor.pos };
    }
    const two = text.slice(pos, pos + 2);
    if (TWO_CHAR_OPS.has(two)) return { type: 'op', value: two, pos, end: pos + 2 };
    const misspelled = MISSPELLED[two] ?? MISSPELLED[char];
    if (misspelled !== undefined) cursor.fail(`unexpected ${describeChar(MISSPELLED[two] ? two : char)} in the filter expression`, pos, misspelled);
    if (ONE_CHAR_OPS.has(char)) return { type: 'op', value: char, pos, end: pos + 1 };
    return cursor.fail(`unexpected ${describeChar(char)} in the filter expression`, pos);
  }
}
