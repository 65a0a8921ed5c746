/**
 * Values JSON's data model has no spelling for (Infinity, -Infinity, NaN from YAML and CBOR bodies;
 * CBOR's undefined): a format that cannot write one refuses, naming the value and where it is,
 * instead of writing null or leaving the key out (docs/design/010-unrenderable-bodies.md).
 */
import { describe, expect, it } from 'vitest';
import type { PluginDefinition } from '../../../sdk/types.js';
import { Tag } from 'cbor-x';
import { findUnwritable, refuseUnwritable, unwritableError } from '../../../sdk/shared/unwritable.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';
import { formatDocument } from './run-formatter.js';
import { formatDocument as formatWithOptions } from './run-with-options.js';
import { start } from './run-formatter.js';

async function formatJson(body: unknown): Promise<string> {
  const plugin = (await import('../../../plugins-builtin/json/index.js')).default as PluginDefinition;
  let out = '';
  await plugin.hooks.formatter!(start('json'), (async function* () { yield body; })(), {
    write: (data) => (out += String(data)),
    log: () => undefined,
  });
  return out;
}

const FORMATS: Record<string, (body: unknown) => Promise<string>> = {
  json: formatJson,
  ndjson: (body) => formatDocument('ndjson', body),
  auto: (body) => formatDocument('auto', body),
  gron: (body) => formatWithOptions('gron', body),
  toon: (body) => formatWithOptions('toon', body),
};

describe('findUnwritable', () => {
  it('names the first such value in document order, jq-style', () => {
    expect(findUnwritable({ a: 1, k: [1, Infinity], n: NaN })).toEqual({ path: '.k[1]', value: Infinity });
    expect(findUnwritable({ 'a b': { u: undefined } })).toEqual({ path: '.["a b"].u', value: undefined });
    expect(findUnwritable([-Infinity])).toEqual({ path: '.[0]', value: -Infinity });
    expect(findUnwritable(NaN)).toEqual({ path: '.', value: NaN });
    expect(findUnwritable({ body: { h: Infinity } })).toEqual({ path: '.body.h', value: Infinity });
  });

  it('finds nothing in values every format writes', () => {
    for (const value of [null, 0, -0, 1e308, 'Infinity', new ExactNumber('1e400'), new Uint8Array([1]), new Date(0), { a: [1, null] }]) {
      expect(findUnwritable(value)).toBeUndefined();
    }
  });

  it('non-finite numbers pass where the format writes them; undefined never does', () => {
    expect(findUnwritable({ h: Infinity, n: NaN }, { nonFinite: true })).toBeUndefined();
    expect(findUnwritable({ h: Infinity, u: [undefined] }, { nonFinite: true })).toEqual({ path: '.u[0]', value: undefined });
    expect(findUnwritable(undefined, { nonFinite: true })).toEqual({ path: '.', value: undefined });
  });

  it('refuses with the value, where it is, and a format that shows it', () => {
    expect(() => refuseUnwritable({ h: -Infinity }, '-o json', 'JSON')).toThrow(
      '-o json cannot show the value at .h: it is -Infinity, which JSON has no way to write (null, or leaving it out, would be a different value)',
    );
    try {
      refuseUnwritable({ u: undefined }, '-o yaml', 'YAML', { nonFinite: true });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain("the value at .u: it is CBOR's undefined, which YAML has no way to write");
      expect((error as { hint?: string }).hint).toBe('only -o cbor keeps it');
    }
  });

  it('refuses a CBOR tag, an invalid date and any other class instance, even where non-finite numbers pass', () => {
    const tag = new Tag(undefined, 65535);
    expect(findUnwritable({ a: [tag] }, { nonFinite: true })).toEqual({ path: '.a[0]', value: tag });
    expect(() => refuseUnwritable({ a: tag }, '-o json', 'JSON')).toThrow('-o json cannot show the value at .a: it is CBOR tag 65535, which JSON');
    expect(() => refuseUnwritable({ d: new Date(Number.NaN) }, '-o yaml', 'YAML', { nonFinite: true })).toThrow('at .d: it is an invalid date');
    expect(() => refuseUnwritable([new Map()], '-o table', 'a table', { nonFinite: true })).toThrow('at .[0]: it is a Map object');
  });

  it("gives jq the path it failed at and a hint by the value's kind", () => {
    const infinite = unwritableError({ path: '.body.items[2].h', value: Infinity }, 'jq cannot be given', 'JSON', true);
    expect(infinite.message).toBe('jq cannot be given the value at .body.items[2].h: it is Infinity, which JSON has no way to write (null, or leaving it out, would be a different value)');
    expect(infinite.hint).toBe("okapi's shorthand filters see it (-f body.items[2].h, not -f .body.items[2].h); -o yaml and -o table show it");
    const quoted = unwritableError({ path: '.body.["a b"]', value: NaN }, 'jq cannot be given', 'JSON', true);
    expect(quoted.hint).toBe("okapi's shorthand filters see it; -o yaml and -o table show it");
    const missing = unwritableError({ path: '.body.u', value: undefined }, 'jq cannot be given', 'JSON', true);
    expect(missing.hint).toBe('only -o cbor keeps it, without a jq filter');
  });
});

describe('JSON-family formats refuse rather than write null or drop a key', () => {
  for (const [format, run] of Object.entries(FORMATS)) {
    it(`-o ${format}: Infinity, -Infinity and NaN`, async () => {
      for (const value of [Infinity, -Infinity, NaN]) {
        await expect(run({ id: 1, h: value })).rejects.toThrow(`-o ${format} cannot show the value at .h: it is ${String(value)}`);
      }
      await expect(run({ k: [1, NaN] })).rejects.toThrow('at .k[1]: it is NaN');
    });

    it(`-o ${format}: CBOR's undefined, as a property and as an element`, async () => {
      await expect(run({ a: 1, u: undefined })).rejects.toThrow(`-o ${format} cannot show the value at .u: it is CBOR's undefined`);
      await expect(run({ l: [1, undefined] })).rejects.toThrow("at .l[1]: it is CBOR's undefined");
    });

    it(`-o ${format}: writes everything else as before`, async () => {
      expect(await run({ id: 1, big: new ExactNumber('1e400') })).toContain('1e400');
    });
  }
});

describe('formats with a spelling for non-finite numbers keep writing them', () => {
  it('-o yaml writes .inf, -.inf and .nan, and refuses undefined', async () => {
    expect(await formatDocument('yaml', { h: Infinity, m: -Infinity, n: NaN })).toBe('h: .inf\nm: -.inf\nn: .nan\n');
    await expect(formatDocument('yaml', { u: undefined })).rejects.toThrow("-o yaml cannot show the value at .u: it is CBOR's undefined");
    await expect(formatDocument('yaml', [1, undefined])).rejects.toThrow("at .[1]: it is CBOR's undefined");
  });

  it('-o table writes them by name, nested ones too, and refuses undefined (its cell would read as missing)', async () => {
    expect(await formatWithOptions('table', [{ h: Infinity, k: [1, NaN] }])).toBe('       h  k\nInfinity  [1,NaN]\n');
    await expect(formatWithOptions('table', [{ a: 1, u: undefined }])).rejects.toThrow("-o table cannot show the value at .[0].u: it is CBOR's undefined");
  });

  it('-o cbor writes all three, and undefined', async () => {
    const { decode } = await import('cbor-x');
    const out = (await import('./run-formatter.js')).runFormatter('cbor', [{ h: Infinity, n: NaN, u: undefined }]);
    const value = decode((await out).bytes) as Record<string, unknown>;
    expect(value.h).toBe(Infinity);
    expect(value.n).toBeNaN();
    expect('u' in value && value.u === undefined).toBe(true);
  });
});
