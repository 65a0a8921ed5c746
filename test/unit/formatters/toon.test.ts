import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode, encode } from '@toon-format/toon';
import { describe, expect, it } from 'vitest';
import { ToonEncoder } from '../../../plugins-builtin/toon/encoder.js';
import meta from '../../../plugins-builtin/toon/manifest.js';
import { binary, empties, mixed, nested, text, unicode, uniform } from './fixtures.js';
import { formatDocument, formatRecords, plugin, run } from './run-with-options.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('toon formatter: golden documents', () => {
  it('nested object', async () => {
    expect(await formatDocument('toon', nested)).toBe(
      text('id: 7', 'name: okapi', 'owner:', '  login: ada', '  roles[2]: admin,dev', '  active: true', 'score: 4.5', 'note: null'),
    );
  });

  it('array of uniform objects: one tabular header, a row per object', async () => {
    expect(await formatDocument('toon', uniform)).toBe(text('[2]{id,name,done}:', '  1,one,false', '  2,two,true'));
  });

  it('array of non-uniform values: a list', async () => {
    expect(await formatDocument('toon', mixed)).toBe(text('[5]:', '  - id: 1', '  - name: two', '    tags[2]: x,y', '  - 3', '  - four', '  - null'));
  });

  it('Unicode stays literal; a non-ASCII key is quoted', async () => {
    expect(await formatDocument('toon', unicode)).toBe(text('greeting: héllo wörld', 'emoji: 🦘🎉', 'cjk: 漢字とかな', '"clé ✓": ok'));
  });

  it('bytes as base64 strings, as in every JSON output (the encoder alone would write null)', async () => {
    expect(await formatDocument('toon', binary)).toBe(text('AAEC/f7/'));
    expect(await formatDocument('toon', { file: binary, list: [Buffer.from([1]), 'x'] })).toBe(text('file: AAEC/f7/', 'list[2]: AQ==,x'));
  });

  it('bytes are converted on a copy: the value itself is left alone', async () => {
    const value = { keep: { a: 1 }, file: binary, nested: [{ b: binary }] };
    await formatDocument('toon', value);
    expect(value.file).toBe(binary);
    expect(value.nested[0]!.b).toBe(binary);
  });

  it('empty values: an empty object is an empty document', async () => {
    expect(await formatDocument('toon', null)).toBe(text('null'));
    expect(await formatDocument('toon', [])).toBe(text('[]'));
    expect(await formatDocument('toon', {})).toBe('');
    expect(await formatDocument('toon', '')).toBe(text('""'));
  });

  it('integers beyond 2^53 and exact numbers with all their digits, in canonical form', async () => {
    const value = { n: 12345678901234567890n, m: 7n, p: new ExactNumber('2.50'), e: new ExactNumber('-1.5E+3'), z: new ExactNumber('-0.0'), big: new ExactNumber('1e400') };
    expect(await formatDocument('toon', value)).toBe(text('n: 12345678901234567890', 'm: 7', 'p: 2.5', 'e: -1500', 'z: 0', 'big: 1e400'));
  });

  it.each([
    ['nested', nested],
    ['uniform', uniform],
    ['mixed', mixed],
    ['unicode', unicode],
    ...empties.map((value): [string, unknown] => [`empty ${JSON.stringify(value)}`, value]),
  ])('%s: exactly what encode() writes, ending in a newline, and decodes back', async (_name, value) => {
    const out = await formatDocument('toon', value);
    const encoded = encode(value);
    expect(out).toBe(encoded === '' ? '' : `${encoded}\n`);
    expect(decode(out)).toEqual(value);
  });
});

describe('toon formatter: records', () => {
  it('records are gathered into one root array', async () => {
    expect(await formatRecords('toon', [{ id: 1, name: 'a' }, { id: 2, name: 'b' }])).toBe(text('[2]{id,name}:', '  1,a', '  2,b'));
    expect(await formatRecords('toon', [nested, 'text', binary, null])).toBe(
      text(
        '[4]:',
        '  - id: 7',
        '    name: okapi',
        '    owner:',
        '      login: ada',
        '      roles[2]: admin,dev',
        '      active: true',
        '    score: 4.5',
        '    note: null',
        '  - text',
        '  - AAEC/f7/',
        '  - null',
      ),
    );
  });

  it('no records are an empty array', async () => {
    expect(await formatRecords('toon', [])).toBe(text('[]'));
  });
});

describe('toon formatter: output', () => {
  it('a large document is written in pieces of whole lines', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ i, name: `row ${i}`, tags: ['a', 'b'] }));
    const { text: out, writes } = await run('toon', [rows]);
    expect(writes).toBeGreaterThan(1);
    expect(out).toBe(`${encode(rows)}\n`);
    const pieces: Uint8Array[] = [];
    new ToonEncoder((bytes) => pieces.push(bytes)).document(rows);
    expect(pieces.length).toBe(writes);
    for (const piece of pieces) expect(piece.at(-1)).toBe(0x0a);
  });

  it('a string TOON cannot carry fails with what is wrong and the way out', async () => {
    await expect(formatDocument('toon', { text: 'half \ud83e' })).rejects.toThrow(
      '-o toon cannot write this response: a string in it holds U+D83E, half of a UTF-16 surrogate pair without its other half, which TOON text cannot carry; use -o json, which escapes it',
    );
  });

  it('a document nested deeper than the stack allows fails the same way', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    await expect(formatDocument('toon', deep)).rejects.toThrow('-o toon cannot write this response: it is nested too deeply; use -o json, or select a part of it with -f');
  });
});

/** A fixture case as the specification's tests/README.md describes it. */
interface Fixture {
  name: string;
  input: unknown;
  expected: string;
  options?: Record<string, unknown>;
  shouldError?: boolean;
}

/** Options a case may state that are the encoder's defaults anyway. */
const DEFAULTS: Record<string, unknown> = { delimiter: ',', indent: 2, indentSize: 2 };

function nonDefaultOptions(fixture: Fixture): string[] {
  return Object.entries(fixture.options ?? {})
    .filter(([key, value]) => DEFAULTS[key] !== value)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
}

const fixtureDir = join(here, 'toon-fixtures');
const fixtureFiles = readdirSync(fixtureDir).filter((file) => file.endsWith('.json')).sort();

describe('toon formatter: specification fixtures (toon-format/spec tests/fixtures/encode)', () => {
  it('all nine fixture files are present', () => {
    expect(fixtureFiles).toEqual([
      'arrays-nested.json',
      'arrays-objects.json',
      'arrays-primitive.json',
      'arrays-tabular.json',
      'delimiters.json',
      'objects-keyed.json',
      'objects.json',
      'primitives.json',
      'whitespace.json',
    ]);
  });

  for (const file of fixtureFiles) {
    const { category, tests } = JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')) as { category: string; tests: Fixture[] };
    describe(file, () => {
      it('is an encode fixture file', () => {
        expect(category).toBe('encode');
        expect(tests.length).toBeGreaterThan(0);
      });
      tests.forEach((fixture, index) => {
        const options = nonDefaultOptions(fixture);
        const title = `#${index} ${fixture.name}`;
        if (options.length > 0) {
          it.skip(`${title} (skipped: needs the non-default encoder option ${options.join(', ')}; -o toon uses the defaults)`, () => undefined);
          return;
        }
        it(title, async () => {
          if (fixture.shouldError) {
            await expect(formatDocument('toon', fixture.input)).rejects.toThrow();
            return;
          }
          // The formatter ends a non-empty document with a newline, as every okapi output does.
          expect(await formatDocument('toon', fixture.input)).toBe(fixture.expected === '' ? '' : `${fixture.expected}\n`);
        });
      });
    });
  }
});

describe('toon plugin', () => {
  it('is named after its folder and declares only the formatter hook', async () => {
    const definition = await plugin('toon');
    expect(definition.manifest).toEqual(meta.manifest);
    expect(meta.manifest).toMatchObject({ name: 'toon', okapi_api_version: 2, hooks: ['formatter'], formatter_names: ['toon'] });
    expect(Object.keys(definition.hooks)).toEqual(['formatter']);
    expect(meta.manifest.description).toMatch(/^[A-Z].{10,59}$/);
  });
});
