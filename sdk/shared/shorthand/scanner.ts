/**
 * Character-level reading of shorthand input. The grammar is context-sensitive (the same `:` ends a
 * key but belongs to an unquoted value like `12:30`), so instead of a token stream the parser asks
 * the scanner for the kind of token it expects at the current position.
 */

import { ShorthandError } from './errors.js';
import { readJsonString } from '../grammar/json-string.js';
import { redactKeepingLength } from '../redact.js';

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

/**
 * Where a `//` stands, which decides whether it may open a comment: where a field or item could
 * start, it cuts no value short; after a value, only in text of several lines, where the user
 * writes lines and sees where one ends (on one line, `note: see //wiki` means the slashes);
 * anywhere else (after `key:`, a key or `^`) it would drop what a field needs.
 */
export type CommentPlace = 'field' | 'after-value' | 'inside';

export class Scanner {
  readonly input: string;
  pos = 0;
  /** Whether `position` lies in text of one line (an argument with no line break), where a comment after a value is refused. */
  private readonly oneLineAt: (position: number) => boolean;
  /** Where the last unquoted value began and where its reading stopped, to quote it in a hint. */
  private lastValue = { start: -1, end: -1 };

  constructor(input: string, oneLineAt: (position: number) => boolean) {
    this.input = input;
    this.oneLineAt = oneLineAt;
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

  /** Skips spaces, tabs and carriage returns, stopping at a newline or a `//`. */
  skipBlank(): void {
    while (this.pos < this.input.length && isInlineSpace(this.input.charAt(this.pos))) this.pos++;
  }

  /** Skips spaces, tabs, carriage returns and `//` comments a `place` allows, stopping at a newline. */
  skipInlineSpace(place: CommentPlace): void {
    const { input } = this;
    for (;;) {
      this.skipBlank();
      if (input.charAt(this.pos) !== '/' || input.charAt(this.pos + 1) !== '/') return;
      if (place !== 'field' && (place === 'inside' || this.oneLineAt(this.pos))) this.refuseComment(place);
      const newline = input.indexOf('\n', this.pos);
      this.pos = newline === -1 ? input.length : newline;
    }
  }

  /**
   * Skips blank space, comments, commas and newlines; reports whether a separator was among them.
   * `place` is where the first `//` would stand; past a separator, a field could start.
   */
  skipSeparators(place: CommentPlace): boolean {
    let separated = false;
    for (;;) {
      this.skipInlineSpace(separated ? 'field' : place);
      const char = this.peek();
      if (char !== ',' && char !== '\n') return separated;
      separated = true;
      this.pos++;
    }
  }

  /**
   * A `//` that would drop input: the error names what it would drop and how to keep it, quoting the
   * input as the caret line does, with credential values masked (the masking keeps lengths).
   */
  private refuseComment(place: Exclude<CommentPlace, 'field'>): never {
    const { input, pos } = this;
    const shown = redactKeepingLength(input);
    const newline = input.indexOf('\n', pos);
    const dropped = trimInlineSpaceEnd(shown.slice(pos, newline === -1 ? input.length : newline));
    const reason = `${JSON.stringify(dropped)} would be read as a comment and dropped`;
    if (place === 'inside') {
      const raw = trimInlineSpaceEnd(input.slice(pos, newline === -1 ? input.length : newline));
      const which = dropped === raw ? `: ${JSON.stringify(dropped)}` : ` (here, ${fieldBefore(input, pos)})`;
      this.fail(reason, pos, `a value that starts with // goes in quotes${which}; for an empty value write ""`);
    }
    const { start, end } = this.lastValue;
    const value = end === pos ? trimInlineSpaceEnd(shown.slice(start, pos)) : undefined;
    // A masked value quoted back would be stars the user cannot copy: the field's name says which.
    const which =
      value === undefined
        ? 'the value in quotes'
        : value !== trimInlineSpaceEnd(input.slice(start, pos))
          ? `${fieldBefore(input, start)} in quotes`
          : `the value in quotes (${JSON.stringify(`${value} ${dropped}`)})`;
    this.fail(reason, pos, `to send it, put ${which}; on one line, a comment may stand only where a field could start (after a comma)`);
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
    this.lastValue = { start: position, end: i };
    return { text: trimInlineSpaceEnd(out + input.slice(chunkStart, i)), escaped, position };
  }
}

/** A `//` at `index` opens a comment when nothing, or blank space, comes before it in the value. */
function startsComment(input: string, index: number, valueStart: number): boolean {
  return index === valueStart || isInlineSpace(input.charAt(index - 1));
}

/** How far before a value fieldBefore looks for its key: far enough for any key a person types. */
const KEY_LOOKBEHIND = 256;

/** `the value of "name"` for the key typed right before a value at `start`, or `the value` when there is none (an array item). */
function fieldBefore(input: string, start: number): string {
  // Only the text just before: a regex anchored at the end would try every position of a long line.
  const key = /("(?:[^"\\\n]|\\.)*"|[^\s,{}[\]:"]+)\s*:\s*$/.exec(input.slice(Math.max(0, start - KEY_LOOKBEHIND), start))?.[1];
  return key === undefined ? 'the value' : `the value of ${key.startsWith('"') ? key : JSON.stringify(key)}`;
}

/** Escaped characters are never blank, so trimming the resolved text cannot eat an escape. */
function trimInlineSpaceEnd(text: string): string {
  let end = text.length;
  while (end > 0 && isInlineSpace(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}
