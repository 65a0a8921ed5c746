/**
 * okapi's TOON encoder against the reference encoder, `@toon-format/toon` (kept as a development
 * dependency for this): on random documents built to reach every layout rule, both must write the
 * same text. The specification's fixtures are in toon.test.ts.
 */
import { encode } from '@toon-format/toon';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToonEncoder } from '../../../plugins-builtin/toon/encoder.js';

function ours(value: unknown): string {
  const chunks: Buffer[] = [];
  new ToonEncoder((bytes) => chunks.push(Buffer.from(bytes))).document(value);
  return Buffer.concat(chunks).toString('utf8');
}

function reference(value: unknown): string {
  const text = encode(value);
  return text === '' ? '' : `${text}\n`;
}

/** Strings at every quoting rule's edge, and ordinary ones. */
const trickyText = fc.constantFrom(
  '', ' ', 'a', 'a b', ' lead', 'trail ', '\tx', 'x\t', 'true', 'false', 'null', 'True', '0', '12', '-3', '+4', '1.5', '1e9',
  '2.5E-3', '05', '1.', '.5', '0x1f', 'a:b', 'a,b', 'a|b', 'say "hi"', 'back\\slash', '[x]', '{y}', '#tag', '-dash', 'a-b',
  'line\nbreak', 'cr\r', 'bell\u0007', '\u001f', 'é', 'naïve café', '🦘', '漢字', '\uFEFFbom', 'a.b', '_k', 'k1', '1k', 'x y z',
  '- item', '[3]: a', 'key: value',
);
const text = fc.oneof(trickyText, fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 6 }));
const key = fc.oneof(fc.constantFrom('id', 'name', 'a.b', '_x', 'user_id', '1', '10', 'x y', 'é', '', 'a:b', '-k', 'K2'), text);

const primitive = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, 1e-7, 123.456, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
);
/**
 * Values outside JSON that both encoders bring into it. Integers past 2^53 are left out: okapi
 * writes their digits as a number where the reference writes a string (toon.test.ts has them).
 * Those the reference writes as null okapi refuses (below).
 */
const hostValue = fc.constantFrom<unknown>(12n, new Date(Date.UTC(2024, 1, 29, 12)));

/** Objects sharing fields (optionally with a nested group), sometimes with one row off the pattern. */
function uniformRows(value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>[]> {
  return fc
    .record({
      names: fc.uniqueArray(key, { minLength: 1, maxLength: 4 }),
      nested: fc.option(fc.uniqueArray(key, { minLength: 1, maxLength: 3 }), { nil: undefined }),
      count: fc.integer({ min: 1, max: 5 }),
      odd: fc.option(fc.tuple(fc.nat(), fc.constantFrom('drop', 'extra', 'reorder', 'value')), { nil: undefined }),
    })
    .chain(({ names, nested, count, odd }) =>
      fc.array(fc.tuple(fc.array(primitive, { minLength: names.length, maxLength: names.length }), fc.array(primitive, { minLength: 3, maxLength: 3 }), value), {
        minLength: count,
        maxLength: count,
      }).map((cells) =>
        cells.map(([values, inner, other], index) => {
          const row: Record<string, unknown> = {};
          names.forEach((name, i) => (row[name] = values[i]));
          if (nested && !names.includes('group')) row.group = Object.fromEntries(nested.map((name, i) => [name, inner[i % inner.length]]));
          if (odd && odd[0] % cells.length === index) {
            const [first] = names;
            if (odd[1] === 'drop') delete row[first!];
            else if (odd[1] === 'extra') row.zz_extra = 1;
            else if (odd[1] === 'value') row[first!] = other;
            else return Object.fromEntries(Object.entries(row).reverse());
          }
          return row;
        }),
      ),
    );
}

const document = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    primitive,
    hostValue,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.array(primitive, { maxLength: 5 }),
    fc.array(fc.array(primitive, { maxLength: 3 }), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    uniformRows(tie('value')),
    // Keyed rows: an object of uniform objects.
    uniformRows(tie('value')).chain((rows) =>
      fc.uniqueArray(key, { minLength: rows.length, maxLength: rows.length }).map((names) => Object.fromEntries(names.map((name, i) => [name, rows[i]]))),
    ),
    // An object as a list item leads with a tabular array or keyed rows.
    fc.tuple(uniformRows(tie('value')), fc.dictionary(key, tie('value'), { maxKeys: 2 })).map(([rows, rest]) => [{ rows, ...rest }, 1]),
  ),
})).value;

describe('toon encoder: the reference encoder writes the same', () => {
  it('on random documents', () => {
    fc.assert(
      fc.property(document, (value) => {
        expect(ours(value)).toBe(reference(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('on a large list of objects like the example API serves', () => {
    const items = Array.from({ length: 2000 }, (_, i) => ({
      id: i,
      name: `User ${i}`,
      active: i % 3 === 0,
      score: i / 7,
      tags: i % 5 === 0 ? [] : ['a', 'b,c'].slice(0, (i % 2) + 1),
      created: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
    }));
    expect(ours(items)).toBe(reference(items));
    const uniform = items.map(({ tags: _tags, ...rest }) => rest);
    expect(ours(uniform)).toBe(reference(uniform));
  });

  it('keys named __proto__ are written as keys', () => {
    const value = JSON.parse('{"__proto__": {"a": 1}, "list": [{"__proto__": 1, "b": 2}]}') as unknown;
    expect(ours(value)).toBe(reference(value));
  });
});

describe('toon encoder: what TOON cannot carry', () => {
  it('an unpaired surrogate is refused, naming the code unit', () => {
    expect(() => ours({ text: 'a\ud800b' })).toThrow(/U\+D800, half of a UTF-16 surrogate pair/);
    expect(() => ours({ ['k\udc00']: 1 })).toThrow(/U\+DC00/);
    expect(() => encode({ text: 'a\ud800b' })).toThrow();
  });

  it('what the reference writes as null (NaN, Infinity, undefined, an invalid date) is refused, and so is a set', () => {
    for (const value of [NaN, -Infinity, undefined, new Date(Number.NaN)]) {
      expect(() => ours({ list: [1, value] })).toThrow(/-o toon cannot write .*: TOON has no spelling for it/);
      expect(encode({ list: [1, value] })).toBe('list[2]: 1,null');
    }
    expect(() => ours({ list: [1, new Set([1])] })).toThrow('-o toon cannot write an object of this kind: TOON has no spelling for it');
  });
});
