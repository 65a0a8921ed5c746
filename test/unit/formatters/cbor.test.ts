import { Decoder } from 'cbor-x';
import { describe, expect, it } from 'vitest';
import { binary, empties, mixed, nested, unicode, uniform } from './fixtures.js';
import { runFormatter, start } from './run-formatter.js';

const decoder = new Decoder({ useRecords: false, mapsAsObjects: true });

async function hexOf(items: unknown[], document = true): Promise<string> {
  return Buffer.from((await runFormatter('cbor', items, { document })).bytes).toString('hex');
}

/** Byte strings come back as Buffers; compare them as plain bytes. */
function normalise(value: unknown): unknown {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (Array.isArray(value)) return value.map(normalise);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
  }
  return value;
}

describe('cbor formatter: golden bytes', () => {
  it('nested object', async () => {
    expect(await hexOf([nested])).toBe(
      [
        'a5', // map(5)
        '626964', '07', // "id": 7
        '646e616d65', '656f6b617069', // "name": "okapi"
        '656f776e6572', 'a3', // "owner": map(3)
        '656c6f67696e', '63616461', // "login": "ada"
        '65726f6c6573', '82', '6561646d696e', '63646576', // "roles": ["admin", "dev"]
        '66616374697665', 'f5', // "active": true
        '6573636f7265', 'fb4012000000000000', // "score": 4.5
        '646e6f7465', 'f6', // "note": null
      ].join(''),
    );
  });

  it('array of uniform objects: plain maps, no record extension', async () => {
    expect(await hexOf([uniform])).toBe(
      ['82', 'a3', '626964', '01', '646e616d65', '636f6e65', '64646f6e65', 'f4', 'a3', '626964', '02', '646e616d65', '6374776f', '64646f6e65', 'f5'].join(''),
    );
  });

  it('array of non-uniform values', async () => {
    expect(await hexOf([mixed])).toBe(
      ['85', 'a1', '626964', '01', 'a2', '646e616d65', '6374776f', '6474616773', '82', '6178', '6179', '03', '64666f7572', 'f6'].join(''),
    );
  });

  it('Unicode as UTF-8 text strings', async () => {
    expect(await hexOf(['🦘'])).toBe('64f09fa698');
    expect(await hexOf(['漢字'])).toBe('66e6bca2e5ad97');
    expect(await hexOf([{ 'clé ✓': 'ok' }])).toBe('a168636cc3a920e29c93626f6b');
  });

  it('bytes as a plain byte string, not a typed-array tag', async () => {
    expect(await hexOf([binary])).toBe('46000102fdfeff');
  });

  it('empty values', async () => {
    expect(await hexOf([null])).toBe('f6');
    expect(await hexOf([[]])).toBe('80');
    expect(await hexOf([{}])).toBe('a0');
    expect(await hexOf([''])).toBe('60');
  });
});

describe('cbor formatter: records and round trips', () => {
  const fixtures: unknown[] = [nested, uniform, mixed, unicode, binary, { bytes: binary }, ...empties];

  it.each(fixtures.map((value, i) => [i, value]))('fixture %i decodes back', async (_i, value) => {
    const { bytes } = await runFormatter('cbor', [value]);
    expect(normalise(decoder.decode(bytes))).toEqual(value);
  });

  it('records form a CBOR sequence, one data item each', async () => {
    const { bytes, writes } = await runFormatter('cbor', fixtures, { document: false });
    expect(writes).toBe(fixtures.length);
    expect(normalise(decoder.decodeMultiple(bytes))).toEqual(fixtures);
  });

  it('no records write nothing', async () => {
    expect((await runFormatter('cbor', [], { document: false })).bytes.length).toBe(0);
  });

  it('integers beyond 2^53 survive', async () => {
    const { bytes } = await runFormatter('cbor', [{ n: 2n ** 64n + 1n }]);
    expect(decoder.decode(bytes)).toEqual({ n: 2n ** 64n + 1n });
  });

  it('each write is its own buffer, untouched by later items', async () => {
    const plugin = (await import('../../../plugins-builtin/cbor/index.js')).default;
    const kept: Uint8Array[] = [];
    const items = Array.from({ length: 500 }, (_, i) => ({ i, pad: 'x'.repeat(50) }));
    async function* each() {
      yield* items;
    }
    await plugin.hooks.formatter(start('cbor', { document: false }), each(), {
      write: (data) => kept.push(data as Uint8Array),
      log: () => undefined,
    });
    expect(kept.map((chunk) => decoder.decode(chunk))).toEqual(items);
  });
});
