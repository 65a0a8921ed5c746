/**
 * Character-level reading of a query: the path grammar and the filter-expression grammar read
 * different tokens from the same text (`content-type` is one name in a path, `a - b` a subtraction
 * in a filter), so both parsers share this cursor and ask it for the token they expect next.
 */

import { QueryError } from './errors.js';
import { readJsonString } from '../../sdk/shared/grammar/json-string.js';
import { isNameChar } from '../../sdk/shared/query-name.js';

export { isNameChar } from '../../sdk/shared/query-name.js';

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** How a character is shown in an error: quoted, or named when it would be invisible. */
export function describeChar(char: string): string {
  if (char === '') return 'the end of the filter';
  if (char === ' ') return 'a space';
  if (char === '\t') return 'a tab';
  if (char === '\n' || char === '\r') return 'a line break';
  return `'${char}'`;
}

/** Brackets, braces, parentheses and prefix operators nested deeper than this are refused, not overflowed. */
const MAX_NESTING = 200;

export class Cursor {
  readonly text: string;
  pos = 0;
  private depth = 0;

  constructor(text: string) {
    this.text = text;
  }

  /** Runs a nested parse, refusing nesting that would exhaust the stack. */
  nested<T>(position: number, parse: () => T): T {
    if (++this.depth > MAX_NESTING) this.fail(`the filter is nested more than ${MAX_NESTING} levels deep`, position);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  /** The current character, or '' at the end. */
  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  code(offset = 0): number {
    return this.text.charCodeAt(this.pos + offset);
  }

  fail(reason: string, position: number = this.pos, hint?: string): never {
    throw new QueryError(reason, position, this.text, hint === undefined ? {} : { hint });
  }

  /** Consumes `char` if it is next. */
  eat(char: string): boolean {
    if (this.text.charAt(this.pos) !== char) return false;
    this.pos++;
    return true;
  }

  /**
   * Consumes the bracket closing the one opened at `openedAt`. At the end of the text the error
   * points at the opening bracket; elsewhere at what stands where the closing one should.
   */
  close(char: string, openedAt: number, what = `'${char}'`): void {
    if (this.eat(char)) return;
    if (this.atEnd()) this.fail(`unclosed '${this.text.charAt(openedAt)}': expected ${what}`, openedAt);
    this.fail(`expected ${what} but found ${describeChar(this.peek())}`);
  }

  skipSpace(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.pos++;
    }
  }

  /** An unquoted name at the cursor, possibly empty. */
  readName(): string {
    const { text } = this;
    const start = this.pos;
    while (this.pos < text.length && isNameChar(text.charCodeAt(this.pos))) this.pos++;
    return text.slice(start, this.pos);
  }

  /** A JSON string literal; the cursor must be on its opening quote. */
  readQuoted(): string {
    const { value, end } = readJsonString(this.text, this.pos, (problem, position, escape) => {
      if (problem === 'unterminated') this.fail('unterminated string', position, 'close it with a double quote');
      if (problem === 'bad-unicode-escape') this.fail('\\u must be followed by four hex digits', position);
      this.fail(`unknown escape \\${escape}`, position, 'escapes are those of JSON: \\" \\\\ \\/ \\b \\f \\n \\r \\t, and \\u with four hex digits');
    });
    this.pos = end;
    return value;
  }

}
