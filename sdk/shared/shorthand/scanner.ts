/**
 * Character-level reading of shorthand input. The grammar is context-sensitive (the same `:` ends a
 * key but belongs to an unquoted value like `12:30`), so instead of a token stream the parser asks
 * the scanner for the kind of token it expects at the current position.
 */

import { ShorthandError } from './errors.js';
import { readJsonString } from '../grammar/json-string.js';

/** The text of an unquoted value, before coercion. */
export interface UnquotedText {
  readonly text: string;
  /** A backslash escape was used, which forces the value to be a string. */
  readonly escaped: boolean;
  readonly position: number;
}

/** Membership tables over ASCII codes: these tests run once per input character. */
function asciiTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return table;
}

function inTable(table: Uint8Array, code: number): boolean {
  return code < 128 && table[code] === 1;
}

/** Characters that end an unquoted key segment. */
const KEY_STOPS = asciiTable('.[{:^,\n}]" \t\r');

/** Characters that end an unquoted value. */
const VALUE_STOPS = asciiTable(',\n}]');

/**
 * What a backslash may escape inside an unquoted value. Other backslashes stay literal so that
 * Windows paths such as `C:\Users\me` need no doubling.
 */
const VALUE_ESCAPABLE = asciiTable(',}]{["\\');

const BACKSLASH = 0x5c;
const SLASH = 0x2f;

function isInlineSpace(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\r';
}

export class Scanner {
  readonly input: string;
  pos = 0;

  constructor(input: string) {
    this.input = input;
  }

  atEnd(): boolean {
    return this.pos >= this.input.length;
  }

  /** The current character, or '' at the end. */
  peek(): string {
    return this.input.charAt(this.pos);
  }

  fail(reason: string, position: number = this.pos, hint?: string): never {
    throw new ShorthandError(reason, position, this.input, hint === undefined ? {} : { hint });
  }

  /** Skips spaces, tabs, carriage returns and `//` comments, stopping at a newline. */
  skipInlineSpace(): void {
    const { input } = this;
    while (this.pos < input.length) {
      const char = input.charAt(this.pos);
      if (isInlineSpace(char)) {
        this.pos++;
      } else if (char === '/' && input.charAt(this.pos + 1) === '/') {
        const newline = input.indexOf('\n', this.pos);
        this.pos = newline === -1 ? input.length : newline;
      } else {
        return;
      }
    }
  }

  /** Skips blank space, comments, commas and newlines; reports whether a separator was among them. */
  skipSeparators(): boolean {
    let separated = false;
    for (;;) {
      this.skipInlineSpace();
      const char = this.peek();
      if (char !== ',' && char !== '\n') return separated;
      separated = true;
      this.pos++;
    }
  }

  /** Reads a JSON string literal; the scanner must be on its opening quote. */
  readQuoted(): string {
    const { value, end } = readJsonString(this.input, this.pos, (problem, position, escape) => {
      if (problem === 'bad-unicode-escape') this.fail('expected four hex digits after \\u', position);
      this.fail(problem === 'unterminated' ? 'unterminated string' : `unknown escape \\${escape} in a quoted string`, position);
    });
    this.pos = end;
    return value;
  }


  /**
   * Reads an unquoted key segment, resolving backslash escapes (`a\.b` is the key "a.b"). Returns
   * '' when the scanner is not on a key character.
   */
  readUnquotedKey(): string {
    const { input } = this;
    let out = '';
    let chunkStart = this.pos;
    let i = this.pos;
    while (i < input.length) {
      const code = input.charCodeAt(i);
      if (code === BACKSLASH) {
        if (i + 1 >= input.length) this.fail('expected a character after the backslash', i);
        out += input.slice(chunkStart, i) + input.charAt(i + 1);
        i += 2;
        chunkStart = i;
      } else if (inTable(KEY_STOPS, code)) {
        break;
      } else {
        i++;
      }
    }
    this.pos = i;
    return out + input.slice(chunkStart, i);
  }

  /**
   * Reads an unquoted value up to a comma, newline, `}` or `]`, trimmed. A `//` comment ends the
   * value only after blank space, so `url: http://example.com` keeps its slashes.
   */
  readUnquotedValue(): UnquotedText {
    const { input } = this;
    const position = this.pos;
    let out = '';
    let escaped = false;
    let chunkStart = position;
    let i = position;
    while (i < input.length) {
      const code = input.charCodeAt(i);
      if (code === BACKSLASH && inTable(VALUE_ESCAPABLE, input.charCodeAt(i + 1))) {
        out += input.slice(chunkStart, i) + input.charAt(i + 1);
        escaped = true;
        i += 2;
        chunkStart = i;
      } else if (inTable(VALUE_STOPS, code)) {
        break;
      } else if (code === SLASH && input.charCodeAt(i + 1) === SLASH && startsComment(input, i, position)) {
        break;
      } else {
        i++;
      }
    }
    this.pos = i;
    return { text: trimInlineSpaceEnd(out + input.slice(chunkStart, i)), escaped, position };
  }
}

/** A `//` at `index` opens a comment when nothing, or blank space, comes before it in the value. */
function startsComment(input: string, index: number, valueStart: number): boolean {
  return index === valueStart || isInlineSpace(input.charAt(index - 1));
}

/** Escaped characters are never blank, so trimming the resolved text cannot eat an escape. */
function trimInlineSpaceEnd(text: string): string {
  let end = text.length;
  while (end > 0 && isInlineSpace(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}
