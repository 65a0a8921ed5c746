/**
 * Recursive-descent parser from shorthand text to a {@link Program}. File values are loaded here,
 * not when applying, so that every error surfaces before the caller does anything with the result.
 */

import {
  ArrayNode,
  ObjectNode,
  type Entry,
  type IndexSegment,
  type Path,
  type PathSegment,
  type Program,
  type ValueNode,
} from './ast.js';
import { MAX_NESTING } from '../nesting.js';
import { redactKeepingLength } from '../redact.js';
import { interpretUnquoted, type UnquotedMeaning } from './coerce.js';
import { ShorthandError } from './errors.js';
import { FileRef, loadFile, resolveFilePath, type ShorthandOptions } from './files.js';
import { Scanner, type UnquotedText } from './scanner.js';

/**
 * How many containers may enclose a value: okapi's one nesting limit (sdk/shared/nesting.ts). Parsing and
 * applying recurse once per level, so the cap is what keeps hostile input from overflowing the stack.
 */
const MAX_DEPTH = MAX_NESTING;

/**
 * `oneLineAt` says which text is of one line, where a `//` after a value would drop what the user
 * typed; by default the input is one line when it has no line break between its first and last
 * characters (`echo` and heredocs end text with one, which does not make it text of lines). The
 * argument joiner passes its own, since the line breaks it puts between arguments are not the user's.
 */
export function parseProgram(input: string, options: ShorthandOptions, oneLineAt = wholeInputOneLine(input)): Program {
  return new Parser(input, options, oneLineAt).parseProgram();
}

function wholeInputOneLine(input: string): (position: number) => boolean {
  const oneLine = !input.trim().includes('\n');
  return () => oneLine;
}

/** A scheme and `://`: text that reads as a URL, never as a field named after its scheme. */
export const URL_START = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * Where the path that `input` starts with (`a.b`, `tags[]`, `"my key"`, `[0]`) ends, or undefined
 * when `input` does not start with one.
 */
export function leadingPathEnd(input: string): number | undefined {
  return new Parser(input, {}, () => true).pathEndAt(0);
}

/** Whether a path may start with an index: only at the top level, where the document may be an array. */
type IndexFirst = 'index-first' | 'key-first';

class Parser {
  private readonly scanner: Scanner;
  private readonly options: ShorthandOptions;

  constructor(input: string, options: ShorthandOptions, oneLineAt: (position: number) => boolean) {
    this.scanner = new Scanner(input, oneLineAt);
    this.options = options;
  }

  parseProgram(): Program {
    const { scanner } = this;
    scanner.skipSeparators('field');
    if (scanner.atEnd()) return { kind: 'empty' };
    if (this.startsField()) return { kind: 'entries', entries: this.parseEntries(0, 'index-first', undefined) };
    const start = scanner.pos;
    const char = scanner.peek();
    if (char === '{' || char === '[' || char === '"') {
      const value = this.parseValue(0);
      this.expectEnd();
      return { kind: 'value', value, position: start };
    }
    const wholeValue = this.parseTopLevelScalar();
    if (wholeValue.found) return { kind: 'value', value: wholeValue.value, position: start };
    // Not a single value, so it must be fields; parsing them again gives the precise error.
    scanner.pos = start;
    return { kind: 'entries', entries: this.parseEntries(0, 'index-first', undefined) };
  }

  /** Looks ahead, without consuming, for a path followed by `:`, `{` or `^`. */
  private startsField(): boolean {
    const { scanner } = this;
    const start = scanner.pos;
    const end = this.pathEndAt(start);
    if (end === undefined) return false;
    scanner.pos = end;
    scanner.skipBlank();
    const char = scanner.peek();
    scanner.pos = start;
    return char === ':' || char === '{' || char === '^';
  }

  /** Where a top-level path starting at `start` ends, without consuming it; undefined when there is none. */
  pathEndAt(start: number): number | undefined {
    const { scanner } = this;
    const before = scanner.pos;
    scanner.pos = start;
    try {
      this.parsePath(0, 'index-first');
      return scanner.pos;
    } catch (error) {
      if (error instanceof ShorthandError) return undefined;
      throw error;
    } finally {
      scanner.pos = before;
    }
  }

  /**
   * A whole input such as `5`, `true` or `@body.json` is one value. A bare word is not: `hello`
   * reads as a field missing its `:`, which is the likelier mistake in a request body.
   */
  private parseTopLevelScalar(): { found: true; value: ValueNode } | { found: false } {
    const { scanner } = this;
    const token = scanner.readUnquotedValue();
    scanner.skipSeparators('after-value');
    if (!scanner.atEnd()) return { found: false };
    const meaning = interpretUnquoted(token);
    if (meaning.kind === 'undefined') return { found: false };
    // `@@x` is the escaped form of a file value, so it is a value too.
    if (meaning.kind === 'string' && !token.text.startsWith('@@')) return { found: false };
    return { found: true, value: this.resolveUnquoted(token, meaning) };
  }

  private expectEnd(): void {
    const { scanner } = this;
    scanner.skipSeparators('after-value');
    if (!scanner.atEnd()) scanner.fail('expected the end of the input after the value');
  }

  /**
   * Fields up to the `}` opened at `openedAt`, or to the end of the input at the top level.
   * `depth` counts the containers enclosing the object the fields belong to, plus that object.
   */
  private parseEntries(depth: number, indexFirst: IndexFirst, openedAt: number | undefined): Entry[] {
    const { scanner } = this;
    const entries: Entry[] = [];
    for (;;) {
      const separated = scanner.skipSeparators(entries.length === 0 ? 'field' : 'after-value');
      const char = scanner.peek();
      if (scanner.atEnd()) {
        if (openedAt !== undefined) scanner.fail("expected '}' to close this '{'", openedAt);
        return entries;
      }
      if (char === '}' && openedAt !== undefined) {
        scanner.pos++;
        return entries;
      }
      if (char === '}' || char === ']') scanner.fail(`unexpected '${char}'`);
      if (entries.length > 0 && !separated) scanner.fail("expected ',' or a new line before the next field");
      entries.push(this.parseEntry(depth, indexFirst));
    }
  }

  private parseEntry(depth: number, indexFirst: IndexFirst): Entry {
    const { scanner } = this;
    const start = scanner.pos;
    const path = this.parsePath(depth, indexFirst);
    const pathEnd = scanner.pos;
    scanner.skipInlineSpace('inside');
    const operator = scanner.peek();
    if (operator === '{') {
      return { kind: 'merge', path, entries: this.parseObject(depth + path.length), position: start };
    }
    if (operator === '^') {
      rejectAppendOrInsert(scanner, path, 'move');
      scanner.pos++;
      scanner.skipInlineSpace('inside');
      return { kind: 'move', from: path, to: this.parsePath(depth, indexFirst), position: start };
    }
    if (operator !== ':') scanner.fail(`expected ':' after key ${JSON.stringify(scanner.input.slice(start, pathEnd))}`);
    if (pathEnd === scanner.pos && URL_START.test(scanner.input.slice(start, pathEnd + 3))) this.refuseUrl(start);
    scanner.pos++;
    scanner.skipInlineSpace('inside');
    const char = scanner.peek();
    const valueDepth = depth + path.length;
    if (char === '{') return { kind: 'merge', path, entries: this.parseObject(valueDepth), position: start };
    if (char === '' || char === ',' || char === '\n' || char === '}' || char === ']') {
      return { kind: 'set', path, value: '', position: start };
    }
    if (char === '[' || char === '"') return { kind: 'set', path, value: this.parseValue(valueDepth), position: start };
    const token = scanner.readUnquotedValue();
    const meaning = interpretUnquoted(token);
    if (meaning.kind === 'undefined') {
      rejectAppendOrInsert(scanner, path, 'delete');
      return { kind: 'delete', path };
    }
    return { kind: 'set', path, value: this.resolveUnquoted(token, meaning), position: start };
  }

  /** A path such as `a.b[0]`, `"a.b".c` or (top level only) `[0][2]`. */
  private parsePath(depth: number, indexFirst: IndexFirst): Path {
    const { scanner } = this;
    const segments: PathSegment[] = [];
    // What introduces the next segment; the first key has no '.' before it.
    let introducer = scanner.peek() === '[' && indexFirst === 'index-first' ? '[' : '';
    for (;;) {
      // Each segment nests the value one level deeper.
      if (depth + segments.length >= MAX_DEPTH) this.failTooDeep(scanner.pos);
      if (introducer === '[') {
        segments.push(this.parseIndex());
      } else {
        if (introducer === '.') scanner.pos++;
        segments.push(this.parseKey());
      }
      introducer = scanner.peek();
      if (introducer !== '.' && introducer !== '[') return segments;
    }
  }

  private parseKey(): string {
    const { scanner } = this;
    if (scanner.peek() === '"') return scanner.readQuoted();
    const key = scanner.readUnquotedKey();
    if (key === '') scanner.fail('expected a key');
    return key;
  }

  /** `[]`, `[n]`, `[-n]`, `[^n]` or `[^-n]`. */
  private parseIndex(): IndexSegment {
    const { scanner } = this;
    const position = scanner.pos;
    scanner.pos++;
    const insert = scanner.peek() === '^';
    if (insert) scanner.pos++;
    const negative = scanner.peek() === '-';
    if (negative) scanner.pos++;
    const digitsStart = scanner.pos;
    while (isDigit(scanner.peek())) scanner.pos++;
    const digits = scanner.input.slice(digitsStart, scanner.pos);
    if (scanner.peek() !== ']') {
      scanner.fail(digits === '' ? 'expected an array index' : "expected ']' after the array index");
    }
    scanner.pos++;
    if (digits === '') {
      if (insert || negative) scanner.fail('expected an array index', digitsStart);
      return { kind: 'append', position };
    }
    const magnitude = Number(digits);
    if (!Number.isSafeInteger(magnitude)) scanner.fail(`array index ${digits} is too large`, digitsStart);
    if (negative && magnitude === 0) scanner.fail('-0 is not an array index; use [-1] for the last item', position);
    const index = negative ? -magnitude : magnitude;
    return insert ? { kind: 'insert', index, position } : { kind: 'index', index, position };
  }

  /** The fields of `{...}`; `depth` counts the containers enclosing the object, plus the object. */
  private parseObject(depth: number): Entry[] {
    const { scanner } = this;
    const openedAt = scanner.pos;
    if (depth > MAX_DEPTH) this.failTooDeep(openedAt);
    scanner.pos++;
    return this.parseEntries(depth, 'key-first', openedAt);
  }

  /** A value at `depth` containers deep. */
  private parseValue(depth: number): ValueNode {
    const { scanner } = this;
    if (depth > MAX_DEPTH) this.failTooDeep(scanner.pos);
    const char = scanner.peek();
    if (char === '{') return new ObjectNode(this.parseObject(depth));
    if (char === '[') return this.parseArray(depth);
    if (char === '"') return scanner.readQuoted();
    const token = scanner.readUnquotedValue();
    return this.resolveUnquoted(token, interpretUnquoted(token));
  }

  private parseArray(depth: number): ArrayNode {
    const { scanner } = this;
    const openedAt = scanner.pos;
    scanner.pos++;
    const items: ValueNode[] = [];
    for (;;) {
      const separated = scanner.skipSeparators(items.length === 0 ? 'field' : 'after-value');
      const char = scanner.peek();
      if (scanner.atEnd()) scanner.fail("expected ']' to close this '['", openedAt);
      if (char === ']') {
        scanner.pos++;
        return new ArrayNode(items);
      }
      if (char === '}') scanner.fail(`unexpected '}' in an array`);
      if (items.length > 0 && !separated) scanner.fail("expected ',' or ']' after the array item");
      items.push(this.parseValue(depth + 1));
    }
  }

  private resolveUnquoted(token: UnquotedText, meaning: UnquotedMeaning): ValueNode {
    const { scanner, options } = this;
    switch (meaning.kind) {
      case 'string':
      case 'scalar':
        return meaning.value;
      case 'invalid':
        return scanner.fail(meaning.reason, token.position, meaning.hint);
      case 'undefined':
        return scanner.fail(
          'undefined can only delete a field or array item, as in "name: undefined"',
          token.position,
          'write "undefined" in quotes to send it as a string',
        );
      case 'file': {
        if (options.fileRefs === true) {
          return new FileRef(resolveFilePath(meaning.path, options));
        }
        const loaded = loadFile(meaning.path, options);
        if (!loaded.ok) return scanner.fail(loaded.reason, token.position);
        return loaded.value;
      }
    }
  }

  /**
   * `https://x` where a field starts would be the field "https" and a comment: it is a second URL
   * (okapi takes one) or a value that lost its key.
   */
  private refuseUrl(start: number): never {
    const { input } = this.scanner;
    const end = input.slice(start).search(/[\s,{}[\]]/);
    // User information or a token in the query is a secret, which the message must not repeat.
    const url = redactKeepingLength(end === -1 ? input.slice(start) : input.slice(start, start + end));
    return this.scanner.fail(
      `${url} is a URL where a field should start`,
      start,
      `okapi takes one URL, the target before the body; to send a URL as a value, give it a field: 'callback: ${url}' (or 'callback: ${JSON.stringify(url)}')`,
    );
  }

  private failTooDeep(position: number): never {
    return this.scanner.fail(`values are nested deeper than okapi's limit of ${MAX_DEPTH} levels`, position);
  }
}

/** `[]` and `[^n]` name a slot that does not exist yet, so nothing can be moved or deleted there. */
function rejectAppendOrInsert(scanner: Scanner, path: Path, operation: 'move' | 'delete'): void {
  for (const segment of path) {
    if (typeof segment !== 'string' && (segment.kind === 'append' || segment.kind === 'insert')) {
      const index = segment.kind === 'append' ? '[]' : `[^${segment.index}]`;
      scanner.fail(`cannot ${operation} ${index}: it names an item that does not exist yet`, segment.position);
    }
  }
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9';
}
