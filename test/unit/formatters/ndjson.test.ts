import { describe, expect, it } from 'vitest';
import { binary, empties, mixed, nested, text, unicode, uniform } from './fixtures.js';
import { formatDocument, formatRecords, runFormatter } from './run-formatter.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';

/** Every line of NDJSON output, parsed. */
function parseLines(out: string): unknown[] {
  expect(out === '' || out.endsWith('\n')).toBe(true);
  return out.split('\n').slice(0, -1).map((line) => JSON.parse(line));
}

describe('ndjson formatter: golden documents', () => {
  it('nested object: one compact line', async () => {
    expect(await formatDocument('ndjson', nested)).toBe(
      text('{"id":7,"name":"okapi","owner":{"login":"ada","roles":["admin","dev"],"active":true},"score":4.5,"note":null}'),
    );
  });

  it('array of uniform objects: one element per line', async () => {
    expect(await formatDocument('ndjson', uniform)).toBe(
      text('{"id":1,"name":"one","done":false}', '{"id":2,"name":"two","done":true}'),
    );
  });

  it('array of non-uniform values: one element per line, nested arrays kept whole', async () => {
    expect(await formatDocument('ndjson', mixed)).toBe(
      text('{"id":1}', '{"name":"two","tags":["x","y"]}', '3', '"four"', 'null'),
    );
    expect(await formatDocument('ndjson', [[1, 2], [3]])).toBe(text('[1,2]', '[3]'));
  });

  it('Unicode stays literal', async () => {
    expect(await formatDocument('ndjson', unicode)).toBe(
      text('{"greeting":"héllo wörld","emoji":"🦘🎉","cjk":"漢字とかな","clé ✓":"ok"}'),
    );
  });

  it('bytes as base64 strings', async () => {
    expect(await formatDocument('ndjson', binary)).toBe(text('"AAEC/f7/"'));
    expect(await formatDocument('ndjson', { file: binary, buf: Buffer.from([1]) })).toBe(text('{"file":"AAEC/f7/","buf":"AQ=="}'));
  });

  it('empty values', async () => {
    expect(await formatDocument('ndjson', null)).toBe(text('null'));
    expect(await formatDocument('ndjson', [])).toBe('');
    expect(await formatDocument('ndjson', {})).toBe(text('{}'));
    expect(await formatDocument('ndjson', '')).toBe(text('""'));
    await expect(formatDocument('ndjson', undefined)).rejects.toThrow("cannot show the value at .: it is CBOR's undefined");
  });

  it('newlines inside strings are escaped, so a value never spans lines', async () => {
    expect(await formatDocument('ndjson', { s: 'a\nb\r\nc\u2028' })).toBe(text('{"s":"a\\nb\\r\\nc\u2028"}'));
  });

  it('integers beyond 2^53 and exact numbers with all their digits', async () => {
    expect(await formatDocument('ndjson', { n: 12345678901234567890n, x: new ExactNumber('1e400') })).toBe(text('{"n":12345678901234567890,"x":1e400}'));
  });
});

describe('ndjson formatter: records', () => {
  it('one record per line; a record that is an array stays one line', async () => {
    expect(await formatRecords('ndjson', [nested, uniform, binary, ...empties])).toBe(
      text(
        '{"id":7,"name":"okapi","owner":{"login":"ada","roles":["admin","dev"],"active":true},"score":4.5,"note":null}',
        '[{"id":1,"name":"one","done":false},{"id":2,"name":"two","done":true}]',
        '"AAEC/f7/"',
        'null',
        '[]',
        '{}',
        '""',
      ),
    );
  });

  it('no records write nothing', async () => {
    expect(await formatRecords('ndjson', [])).toBe('');
  });
});

describe('ndjson formatter: round trips', () => {
  it.each([
    ['nested', nested],
    ['unicode', unicode],
    ['mixed', mixed],
    ['uniform', uniform],
  ])('%s lines parse back', async (_name, value) => {
    const out = await formatDocument('ndjson', value);
    expect(parseLines(out)).toEqual(Array.isArray(value) ? value : [value]);
    expect(parseLines(await formatRecords('ndjson', [value, value]))).toEqual([value, value]);
  });

  it('a large array is written in pieces, every line intact', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ i, name: `row ${i}`, tags: ['a', 'b'] }));
    const { text: out, writes } = await runFormatter('ndjson', [rows]);
    expect(writes).toBeGreaterThan(1);
    expect(writes).toBeLessThan(rows.length / 10);
    expect(parseLines(out)).toEqual(rows);
  });
});
