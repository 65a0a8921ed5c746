/** The streaming re-indenter lays JSON out exactly as JSON.stringify would, chunk boundaries anywhere. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonTextError } from '../../../sdk/shared/json-syntax.js';
import { JsonReindenter } from '../../../plugins-builtin/json/reindent.js';

function reindent(text: string, pretty: boolean, chunkSize = 7): string {
  const parts: Uint8Array[] = [];
  const r = new JsonReindenter(pretty, (c) => parts.push(c));
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += chunkSize) r.push(bytes.subarray(i, i + chunkSize));
  r.end();
  return Buffer.concat(parts).toString('utf8');
}

describe('JsonReindenter', () => {
  const cases: unknown[] = [
    { a: 1, b: [1, 2, { c: 'x, y: "z"' }], d: {}, e: [], f: null, g: true },
    [],
    {},
    'a "quoted" \\ string',
    [[[]], [{}], { '': '' }],
    { unicode: 'héllo 🦒 日本', escapes: '\n\t\u0001' },
  ];

  it.each(cases.map((c) => [JSON.stringify(c), c]))('matches JSON.stringify for %s', (_label, value) => {
    const compactText = JSON.stringify(value);
    const spaced = JSON.stringify(value, null, 4);
    expect(reindent(spaced, true)).toBe(`${JSON.stringify(value, null, 2)}\n`);
    expect(reindent(spaced, false)).toBe(`${compactText}\n`);
    expect(reindent(compactText, true, 1)).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('keeps numbers exactly as written (no precision lost)', () => {
    expect(reindent('{"id": 12345678901234567890, "x": 1.50, "y": 1e3}', false)).toBe('{"id":12345678901234567890,"x":1.50,"y":1e3}\n');
  });

  it('reports broken JSON with its byte offset', () => {
    expect(() => reindent('{"a": [1, 2}', true)).toThrow(JsonTextError);
    expect(() => reindent('{"a": [1, 2}', true)).toThrow(/byte 11/);
    expect(() => reindent('{"a": "unterminated', true)).toThrow(/ends before/);
  });

  it('agrees with JSON.stringify on any JSON value, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), (value, chunk) => {
        const text = JSON.stringify(value);
        expect(reindent(text, true, chunk)).toBe(`${JSON.stringify(value, null, 2)}\n`);
        expect(reindent(JSON.stringify(value, null, 3), false, chunk)).toBe(`${text}\n`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('JsonReindenter: text that is not JSON', () => {
  it.each([
    ['[1 2]', /expected "," or "\]" but found "2" at byte 3/],
    ['{"a" 1}', /expected ":" but found "1" at byte 5/],
    ['[tru]', /"tru" is not a JSON value at byte 1/],
    ['{"a":1,}', /expected a key but found "}" at byte 7/],
    ['[1,]', /expected a value but found "]" at byte 3/],
    ['{1:2}', /expected a key or "}" but found "1" at byte 1/],
    ['{"a":1]', /expected "," or "}" but found "]" at byte 6/],
    ['["a\tb"]', /a control character inside a string at byte 3/],
    ['  \n', /holds only white space/],
    ['{"a":', /ends before its last value does/],
    ['01', /"01" is not a JSON value/],
    ['["a\\xb"]', /"\\x" is not a JSON escape inside a string at byte 3/],
    ['["\\u12"]', /a \\u escape without four hex digits inside a string at byte 6/],
    ['["\\u00e9"', /ends before its last value does/],
    ['[1,\x1e2]', /a record separator \(0x1E\) inside a value at byte 3/],
    ['\x1e1 2', /a second value in one record of the JSON text sequence at byte 3/],
  ])('%s is an error', (text, message) => {
    for (const chunk of [1, 3, 1024]) expect(() => reindent(text, true, chunk)).toThrow(message);
  });

  it('an empty body is null, as the decoded body is', () => {
    expect(reindent('', true)).toBe('null\n');
  });
});

describe('JsonReindenter: several values', () => {
  it('a JSON text sequence is an array even with one record, as the decoded body is (found by test/fuzz)', () => {
    for (const chunk of [1, 1024]) {
      expect(reindent('\x1e""\n', false, chunk)).toBe('[""]\n');
      expect(reindent('\x1e{"a":1}\n', true, chunk)).toBe('[\n  {\n    "a": 1\n  }\n]\n');
      expect(reindent('\x1e\n', true, chunk)).toBe('[]\n');
    }
  });

  const values = [{ a: 1 }, [2, { b: [] }], 'x', 3];
  it.each([
    ['concatenated', values.map((v) => JSON.stringify(v)).join('')],
    ['one per line', values.map((v) => JSON.stringify(v, null, 3)).join('\n')],
    ['a JSON text sequence', values.map((v) => `\x1e${JSON.stringify(v)}\n`).join('')],
  ])('%s are laid out as the array the decoded body is', (_name, text) => {
    for (const chunk of [1, 5, 1024]) {
      expect(reindent(text, true, chunk)).toBe(`${JSON.stringify(values, null, 2)}\n`);
      expect(reindent(text, false, chunk)).toBe(`${JSON.stringify(values)}\n`);
    }
  });

  it('a second value after a first too large to hold back is an error that says what to do', () => {
    const large = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => ({ i })));
    expect(() => reindent(`${large}\n{"b":2}`, true, 65536)).toThrow(/several JSON values .* add -f body/);
  });
});
