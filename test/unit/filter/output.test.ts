import { describe, expect, it } from 'vitest';
import { rawResults } from '../../../kernel/filter-call/output.js';

const text = (results: unknown[]) => Buffer.from(rawResults(results)).toString('utf8');

describe('-o raw with a filter', () => {
  it('writes strings as their text and other values as compact JSON, one per line', () => {
    expect(text(['Okapi'])).toBe('Okapi\n');
    expect(text([1, true, null])).toBe('1\ntrue\nnull\n');
    expect(text([{ a: [1, 2] }, 'x'])).toBe('{"a":[1,2]}\nx\n');
  });

  it('writes bytes exactly as they are', () => {
    expect([...rawResults([Uint8Array.from([0, 255, 10])])]).toEqual([0, 255, 10]);
  });

  it('spells bytes inside a structure as base64 and big integers as numbers with all their digits', () => {
    expect(text([{ b: Uint8Array.from([1, 2, 3]), n: 2n ** 70n }])).toBe('{"b":"AQID","n":1180591620717411303424}\n');
  });

  it('refuses a result JSON cannot hold (Infinity, NaN, CBOR undefined) rather than write null', () => {
    expect(() => rawResults([Infinity])).toThrow('-o raw cannot show the value at .: it is Infinity');
    expect(() => rawResults([{ k: [1, NaN] }])).toThrow('-o raw cannot show the value at .k[1]: it is NaN');
    expect(() => rawResults([{ u: undefined }])).toThrow("-o raw cannot show the value at .u: it is CBOR's undefined");
  });

  it('writes nothing for no results', () => {
    expect(rawResults([]).length).toBe(0);
  });
});
