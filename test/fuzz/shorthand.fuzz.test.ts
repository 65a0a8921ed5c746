/**
 * The shorthand languages under hostile input: the body/config expression parser, the joiner of
 * several arguments, and the `-f` query language. Each either gives a value or refuses with its
 * documented error (ShorthandError, QueryError); JSON text reads as JSON does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileQuery, QueryError } from '../../plugins-builtin/shorthand-query/compile.js';
import { applyShorthand, joinShorthandArguments, parseShorthand, ShorthandError } from '../../sdk/shared/shorthand/index.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { fuzz, tally } from './harness.js';
import { jsonText, mutatedText } from './mutate.js';

/** Generated input never reaches the disk: every `@file` read fails as a missing file does. */
const noFiles = {
  readFile: (path: string): Uint8Array => {
    throw new Error(`no file ${path} here`);
  },
};

const SHORTHAND_PIECES = [...'{}[]:,.^@"\'\\<>|=*?!~#$%&()', ' ', '\n', '\t', '//', '[]', '[0]', '[-1]', 'a', 'b.c', 'key', 'true', 'null', 'undefined', '1', '-2.5e3', '0x1f', '12345678901234567890', 'é', '\u0000', '\ud800'];
const grammarLike = fc.array(fc.oneof(fc.constantFrom(...SHORTHAND_PIECES), fc.string({ maxLength: 4 })), { maxLength: 50 }).map((parts) => parts.join(''));
const validShorthand = fc.constantFrom('a: 1, b.c[]: x, d{e: true, f: null}', 'tags[]: one, tags[]: two', 'name: Alice Smith, age: 30', 'a.b.c: "quoted: text"', 'x: [1, 2, {y: 3}]', 'a: 1, a: undefined', 'list[0]: first, list[-1]: last', '{}', '[]', 'n: 12345678901234567890');

describe('the shorthand expression parser', () => {
  const counts = tally('shorthand parser');

  it('gives a value or a ShorthandError for grammar-like and mutated input', () => {
    fuzz(counts, fc.oneof(grammarLike, mutatedText(validShorthand)), [ShorthandError], (input) => void parseShorthand(input, noFiles), 600);
  });

  it('reads JSON text as JSON does', () => {
    fuzz(counts, jsonText, [], (text) => expect(parseShorthand(text, noFiles)).toEqual(parseJsonExact(text)), 300);
  });

  it('patches any JSON document or refuses with a ShorthandError', () => {
    fuzz(counts, fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.oneof(grammarLike, mutatedText(validShorthand))), [ShorthandError], ([base, input]) => void applyShorthand(base, input, noFiles), 400);
  });
});

describe('the argument joiner', () => {
  const counts = tally('shorthand argument joiner');
  const argument = fc.oneof(grammarLike, fc.constantFrom('name=Alice', 'n:=5', 'X-Token:abc', 'q==1', 'b: 2', 'Smith', '12:30', 'http://x', 'base{one: 1}', '"my key": 1', 'tags[]: x', 'a:', ''));

  it('joins into one expression or points at the ambiguous argument', () => {
    fuzz(
      counts,
      fc.tuple(fc.array(argument, { maxLength: 8 }), fc.boolean()),
      [ShorthandError],
      ([args, requestBody]) => {
        const joined = joinShorthandArguments(args, { requestBody });
        try {
          parseShorthand(joined, noFiles);
        } catch (error) {
          if (!(error instanceof ShorthandError)) throw error;
        }
      },
      500,
    );
  });
});

describe('the shorthand query language', () => {
  const counts = tally('shorthand query (-f)');
  const QUERY_PIECES = [...'.[]{}|,:*?!=<>()"\'@$', ' ', '..', '[]', '[0]', '[1:2]', '[-1]', 'body', 'headers', 'status', 'a', 'b', 'name', 'id', '==', '!=', '&&', '||', 'contains', 'startsWith', 'length', 'keys', 'true', '1', '"x"', 'é'];
  const query = fc.oneof(
    fc.array(fc.oneof(fc.constantFrom(...QUERY_PIECES), fc.string({ maxLength: 3 })), { maxLength: 30 }).map((parts) => parts.join('')),
    mutatedText(fc.constantFrom('body.items[0].name', 'body..id', 'body.items[?price > 3].name', '{status, n: body.count}', 'body.items[1:3]|[0]', 'headers.Content-Type', 'body.items[].tags[]', '[body.a, body.b]'), 2),
  );
  const response = fc.jsonValue({ maxDepth: 4 }).map((body) => ({ proto: 'HTTP/1.1', status: 200, headers: { 'Content-Type': 'application/json' }, links: {}, body }));

  it('compiles and evaluates, or refuses with a QueryError', () => {
    fuzz(counts, fc.tuple(query, response), [QueryError], ([text, value]) => void compileQuery(text)(value), 800);
  });
});
