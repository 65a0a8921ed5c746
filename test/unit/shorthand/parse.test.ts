import { describe, expect, it } from 'vitest';
import { parseShorthand } from '../../../sdk/shared/shorthand/index.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

/** [input, expected value] */
type Case = readonly [string, unknown];

const structure: Case[] = [
  ['', undefined],
  ['   \n  ', undefined],
  ['// only a comment', undefined],
  ['a: 1', { a: 1 }],
  ['a: 1, b: two', { a: 1, b: 'two' }],
  ['{a: 1, b: two}', { a: 1, b: 'two' }],
  ['{}', {}],
  ['  { a: 1 }  ', { a: 1 }],
  ['a:1,b:2', { a: 1, b: 2 }],
  ['a : 1', { a: 1 }],
  ['a\t:\t1', { a: 1 }],
  ['a: 1 , b: 2', { a: 1, b: 2 }],
  ['a: 1\nb: 2', { a: 1, b: 2 }],
  ['a: 1,\n  b: 2,\n', { a: 1, b: 2 }],
  ['a: 1,,b: 2', { a: 1, b: 2 }],
  [',a: 1', { a: 1 }],
  ['a: 1\r\nb: 2\r\n', { a: 1, b: 2 }],
  ['a: 1 // the first\nb: 2', { a: 1, b: 2 }],
  ['a: 1\nb: 2 // the last line of several', { a: 1, b: 2 }],
  ['a: 1 // about a\n// a whole line\n  // indented\nb: 2', { a: 1, b: 2 }],
  ['// first, b: 2', undefined],
  ['a: [1, // one\n  2]', { a: [1, 2] }],
  ['// header\na: 1', { a: 1 }],
  ['a: 1, // trailing comment', { a: 1 }],
  ['{\n  a: 1 // one\n  b: 2\n}', { a: 1, b: 2 }],
  ['{\n  foo.bar[]{\n    baz: 1\n    hello: world\n  }\n}', { foo: { bar: [{ baz: 1, hello: 'world' }] } }],
  ['foo.bar[]{baz: 1, hello: world}', { foo: { bar: [{ baz: 1, hello: 'world' }] } }],
  // Fields need commas: the second "field" is part of the first value.
  ['a: 1 b: 2', { a: '1 b: 2' }],
];

const keys: Case[] = [
  ['a.b.c: 1', { a: { b: { c: 1 } } }],
  ['a.b: 1, a.c: 2', { a: { b: 1, c: 2 } }],
  ['a.b: 1, a: 2', { a: 2 }],
  ['base{one: 1, two.three: 3}', { base: { one: 1, two: { three: 3 } } }],
  ['base: {one: 1}', { base: { one: 1 } }],
  ['base {one: 1}', { base: { one: 1 } }],
  ['a{b{c{d: 1}}}', { a: { b: { c: { d: 1 } } } }],
  ['a{}', { a: {} }],
  ['a: {}', { a: {} }],
  ['a: {b: 1}, a: {c: 2}', { a: { b: 1, c: 2 } }],
  ['a{b: 1}, a{b: 2}', { a: { b: 2 } }],
  ['"a.b": 1', { 'a.b': 1 }],
  ['"a.b".c: 1', { 'a.b': { c: 1 } }],
  ['a."b c": 1', { a: { 'b c': 1 } }],
  ['"": 1', { '': 1 }],
  ['"a\\"b": 1', { 'a"b': 1 }],
  ['"k"{x: 1}', { k: { x: 1 } }],
  ['a\\.b: 1', { 'a.b': 1 }],
  ['a\\:b: 1', { 'a:b': 1 }],
  ['a\\{b: 1', { 'a{b': 1 }],
  ['a\\ b: 1', { 'a b': 1 }],
  ['a\\\\b: 1', { 'a\\b': 1 }],
  ['a\\[0\\]: 1', { 'a[0]': 1 }],
  ['a\\^b: 1', { 'a^b': 1 }],
  ['0: zero', { '0': 'zero' }],
  ['a-b_c: 1', { 'a-b_c': 1 }],
  ['über.ключ: 1', { über: { ключ: 1 } }],
  ['@type: Person', { '@type': 'Person' }],
  ['null: null, true: true', { null: null, true: true }],
  ['a.b[1].c: x', { a: { b: [null, { c: 'x' }] } }],
];

const arrays: Case[] = [
  ['[1, 2, three]', [1, 2, 'three']],
  ['[]', []],
  ['[ ]', []],
  ['[0]', [0]],
  ['[-1]', [-1]],
  ['[[1, 2], [3]]', [[1, 2], [3]]],
  ['[1,\n2,\n]', [1, 2]],
  ['[1\n2]', [1, 2]],
  ['[1, , 2]', [1, 2]],
  ['[a b, c]', ['a b', 'c']],
  ['[{a: 1}, {b: 2}]', [{ a: 1 }, { b: 2 }]],
  ['[1, [2, [3]]]', [1, [2, [3]]]],
  ['[\n  1, // one\n  2\n]', [1, 2]],
  ['a: [1, 2]', { a: [1, 2] }],
  ['a: []', { a: [] }],
  ['a[]: x', { a: ['x'] }],
  ['a[]: x, a[]: y', { a: ['x', 'y'] }],
  ['a[2]: x', { a: [null, null, 'x'] }],
  ['a[0]: x, a[0]: y', { a: ['y'] }],
  ['[0][2][0]: 1', [[null, null, [1]]]],
  ['a[0][1]: x', { a: [[null, 'x']] }],
  ['a[].b: 1', { a: [{ b: 1 }] }],
  ['a[].b: 1, a[].b: 2', { a: [{ b: 1 }, { b: 2 }] }],
  ['a[0].b: 1, a[0].c: 2', { a: [{ b: 1, c: 2 }] }],
  ['a[]{b: 1, c: 2}', { a: [{ b: 1, c: 2 }] }],
  ['a[^0]: x', { a: ['x'] }],
  ['a[]: 1, a[]: 2, a[^0]: 0', { a: [0, 1, 2] }],
  ['a[]: 1, a[]: 3, a[^1]: 2', { a: [1, 2, 3] }],
  ['a[]: 1, a[]: 2, a[^-1]: x', { a: [1, 'x', 2] }],
  ['a[^2]: x', { a: [null, null, 'x'] }],
  ['a[]: 1, a[-1]: 9', { a: [9] }],
  ['a[]: 1, a[]: 2, a[-2]: 9', { a: [9, 2] }],
  ['[]: 1', [1]],
  ['[^0]: x', ['x']],
  ['[1]: x', [null, 'x']],
  ['[0].a: 1', [{ a: 1 }]],
  ['[0]{a: 1}', [{ a: 1 }]],
  ['a: [1, 2], a[]: 3', { a: [1, 2, 3] }],
  ['a[01]: x', { a: [null, 'x'] }],
];

const values: Case[] = [
  ['a: null', { a: null }],
  ['a: true, b: false', { a: true, b: false }],
  ['a: 0', { a: 0 }],
  ['a: -7', { a: -7 }],
  ['a: 3.25', { a: 3.25 }],
  // Numbers a double would write differently keep the text as typed (docs/design/009-exact-numbers.md).
  ['a: 1e+4', { a: new ExactNumber('1e+4') }],
  ['a: -2.5E-3', { a: new ExactNumber('-2.5E-3') }],
  ['a: 1E3', { a: new ExactNumber('1E3') }],
  ['a: 12345678901234567890', { a: new ExactNumber('12345678901234567890') }],
  ['a: 1e400', { a: new ExactNumber('1e400') }],
  ['a: -1e400', { a: new ExactNumber('-1e400') }],
  ['a: 2.50', { a: new ExactNumber('2.50') }],
  ['a: 0.1', { a: 0.1 }],
  ['a: 9007199254740993', { a: new ExactNumber('9007199254740993') }],
  ['a: 007', { a: '007' }],
  ['a: +1', { a: '+1' }],
  ['a: .5', { a: '.5' }],
  ['a: 1.', { a: '1.' }],
  ['a: 0x10', { a: '0x10' }],
  ['a: 1_000', { a: '1_000' }],
  ['a: NaN, b: Infinity', { a: 'NaN', b: 'Infinity' }],
  ['a: True, b: NULL', { a: 'True', b: 'NULL' }],
  ['a: "123"', { a: '123' }],
  ['a: "true", b: "null"', { a: 'true', b: 'null' }],
  ['a: ""', { a: '' }],
  ['a:', { a: '' }],
  ['a: , b: 1', { a: '', b: 1 }],
  ['a:\nb: 1', { a: '', b: 1 }],
  ['{a:}', { a: '' }],
  ['a: hello world', { a: 'hello world' }],
  ['a:    spaced out   ', { a: 'spaced out' }],
  ['a: x\\, y', { a: 'x, y' }],
  ['a: x\\}y\\]z', { a: 'x}y]z' }],
  ['a: \\[not an array\\]', { a: '[not an array]' }],
  ['a: \\{x', { a: '{x' }],
  ['a: \\"x', { a: '"x' }],
  ['a: 1\\,5', { a: '1,5' }],
  ['a: back\\\\slash', { a: 'back\\slash' }],
  ['a: C:\\Users\\me', { a: 'C:\\Users\\me' }],
  ['a: 2024-01-01T12:00:00Z', { a: '2024-01-01T12:00:00Z' }],
  ['a: 2024-01-01T12:00:00.5+02:00', { a: '2024-01-01T12:00:00.5+02:00' }],
  ['a: 12:30', { a: '12:30' }],
  ['a: x: y', { a: 'x: y' }],
  ['a: b{c', { a: 'b{c' }],
  ['a: x ^ y', { a: 'x ^ y' }],
  ['a: say "hi"', { a: 'say "hi"' }],
  ['a: x//y', { a: 'x//y' }],
  ['url: https://example.com/x?y=1 // docs\nb: 2', { url: 'https://example.com/x?y=1', b: 2 }],
  ['url: https://example.com/x?y=1, // docs', { url: 'https://example.com/x?y=1' }],
  ['callback: https://example.com/cb', { callback: 'https://example.com/cb' }],
  ['a: "line\\nbreak"', { a: 'line\nbreak' }],
  ['a: "\\u00e9\\/"', { a: 'é/' }],
  ['a: "tab\\there"', { a: 'tab\there' }],
  ['a: "with, comma"', { a: 'with, comma' }],
  ['a: "// not a comment"', { a: '// not a comment' }],
  ['a: "multi\nline"', { a: 'multi\nline' }],
  ['a: %aGVsbG8=', { a: bytes(104, 101, 108, 108, 111) }],
  ['a: %AAE=', { a: bytes(0, 1) }],
  ['a: %', { a: bytes() }],
  ['a: @@x', { a: '@x' }],
  ['a: "@x"', { a: '@x' }],
  ['a: undefined', {}],
  ['a: 1, a: undefined', {}],
  ['a: "undefined"', { a: 'undefined' }],
  ['a: undefined, b: 1', { b: 1 }],
  ['a: [1, "2", null, true]', { a: [1, '2', null, true] }],
  ['a: [1, {b: 2, c[]: 3}]', { a: [1, { b: 2, c: [3] }] }],
  ['a: [{b: 1, b: undefined}]', { a: [{}] }],
];

const topLevelValues: Case[] = [
  ['5', 5],
  ['-1.5', -1.5],
  ['1e3', new ExactNumber('1e3')],
  ['1000', 1000],
  ['true', true],
  ['false', false],
  ['null', null],
  ['"text"', 'text'],
  ['"a.b"', 'a.b'],
  ['"text",', 'text'],
  ['[1,2]', [1, 2]],
  ['%AAE=', bytes(0, 1)],
  ['@@x', '@x'],
  ['{"a": 1, "b": [true, null, 2.5, "s"]}', { a: 1, b: [true, null, 2.5, 's'] }],
];

const moves: Case[] = [
  ['a: 1, a ^ b', { b: 1 }],
  ['a: 1, b: 2, a ^ b', { a: 2, b: 1 }],
  ['a: [1, 2, 3], a[0] ^ a[-1]', { a: [3, 2, 1] }],
  ['a{x: 1, x ^ y}', { a: { y: 1 } }],
  ['[{a: 1, a ^ b}]', [{ b: 1 }]],
];

describe('parseShorthand', () => {
  const groups: Record<string, Case[]> = { structure, keys, arrays, values, topLevelValues, moves };
  for (const [group, cases] of Object.entries(groups)) {
    describe(group, () => {
      it.each(cases)('%j', (input, expected) => {
        expect(parseShorthand(input)).toEqual(expected);
      });
    });
  }

  it('keeps special keys as own data properties', () => {
    const result = parseShorthand('__proto__: 1, constructor.x: 2') as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe(1);
    expect(result['constructor']).toEqual({ x: 2 });
  });

  it('keeps a negative zero as typed', () => {
    expect((parseShorthand('a: -0') as { a: unknown }).a).toEqual(new ExactNumber('-0'));
  });

  it('returns bytes as a plain Uint8Array', () => {
    const value = (parseShorthand('a: %AAE=') as { a: unknown }).a;
    expect(Object.getPrototypeOf(value)).toBe(Uint8Array.prototype);
  });

  it("accepts okapi's limit of 500 levels of nesting", () => {
    const input = '['.repeat(500) + ']'.repeat(500);
    let value: unknown = parseShorthand(input);
    let depth = 0;
    while (Array.isArray(value) && value.length > 0) {
      value = value[0];
      depth++;
    }
    expect(depth).toBe(499);
  });

  // How fast these parse is a figure of `npm run bench` (test/bench/in-process.ts), not a test.
  it('parses a 1 MB input', () => {
    const item = '{id: 12345, name: "some name", tags: [a, b, c], nested.deep.value: 1.5e3},\n';
    const input = `items: [\n${item.repeat(Math.ceil(1_000_000 / item.length))}]`;
    const result = parseShorthand(input) as { items: unknown[] };
    expect(result.items[0]).toEqual({
      id: 12345,
      name: 'some name',
      tags: ['a', 'b', 'c'],
      nested: { deep: { value: new ExactNumber('1.5e3') } },
    });
  });

  it('parses 1 MB of JSON', () => {
    const records = Array.from({ length: 12_000 }, (_, i) => ({
      id: i,
      name: `item ${i}`,
      ok: i % 2 === 0,
      tags: ['x', 'y'],
      ratio: i / 7,
    }));
    const input = JSON.stringify({ records });
    expect(input.length).toBeGreaterThan(900_000);
    const result = parseShorthand(input);
    expect(result).toEqual({ records });
  });

  it('parses 1 MB of long unquoted and quoted values', () => {
    const long = 'x'.repeat(500_000);
    const result = parseShorthand(`a: ${long}, b: "${long}"`) as { a: string; b: string };
    expect(result.a.length + result.b.length).toBe(1_000_000);
  });
});
