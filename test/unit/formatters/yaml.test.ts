import fc from 'fast-check';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { binary, empties, mixed, nested, text, unicode, uniform } from './fixtures.js';
import { formatDocument, formatRecords } from './run-formatter.js';

/** Reads YAML the way a consumer of `-o yaml` would, bytes (`!!binary`) included. */
function readAll(yaml: string): unknown[] {
  return parseAllDocuments(yaml, { customTags: ['binary'] }).map((doc) => {
    expect(doc.errors).toEqual([]);
    return normalise(doc.toJS());
  });
}

/** Buffers from the YAML reader compare as plain bytes. */
function normalise(value: unknown): unknown {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (Array.isArray(value)) return value.map(normalise);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v)]));
  }
  return value;
}

describe('yaml formatter: golden documents', () => {
  it('nested object', async () => {
    expect(await formatDocument('yaml', nested)).toBe(
      text(
        'id: 7',
        'name: okapi',
        'owner:',
        '  login: ada',
        '  roles:',
        '    - admin',
        '    - dev',
        '  active: true',
        'score: 4.5',
        'note: null',
      ),
    );
  });

  it('array of uniform objects', async () => {
    expect(await formatDocument('yaml', uniform)).toBe(
      text('- id: 1', '  name: one', '  done: false', '- id: 2', '  name: two', '  done: true'),
    );
  });

  it('array of non-uniform values', async () => {
    expect(await formatDocument('yaml', mixed)).toBe(
      text('- id: 1', '- name: two', '  tags:', '    - x', '    - y', '- 3', '- four', '- null'),
    );
  });

  it('Unicode stays literal, not escaped', async () => {
    expect(await formatDocument('yaml', unicode)).toBe(
      text('greeting: héllo wörld', 'emoji: 🦘🎉', 'cjk: 漢字とかな', 'clé ✓: ok'),
    );
  });

  it('bytes as !!binary base64', async () => {
    expect(await formatDocument('yaml', binary)).toBe(text('!!binary |-', 'AAEC/f7/'));
    expect(await formatDocument('yaml', { file: binary })).toBe(text('file: !!binary |-', '  AAEC/f7/'));
  });

  it('empty values', async () => {
    expect(await formatDocument('yaml', null)).toBe(text('null'));
    expect(await formatDocument('yaml', [])).toBe(text('[]'));
    expect(await formatDocument('yaml', {})).toBe(text('{}'));
    expect(await formatDocument('yaml', '')).toBe(text('""'));
    await expect(formatDocument('yaml', undefined)).rejects.toThrow("cannot show the value at .: it is CBOR's undefined");
  });
});

describe('yaml formatter: records', () => {
  it('separates records with ---', async () => {
    expect(await formatRecords('yaml', [{ id: 1 }, [1, 2], 'three', null, {}])).toBe(
      text('id: 1', '---', '- 1', '- 2', '---', 'three', '---', 'null', '---', '{}'),
    );
  });

  it('one record is a plain document; no records write nothing', async () => {
    expect(await formatRecords('yaml', [{ id: 1 }])).toBe(text('id: 1'));
    expect(await formatRecords('yaml', [])).toBe('');
  });

  it('a document that is an array stays one document', async () => {
    expect(readAll(await formatDocument('yaml', uniform))).toEqual([uniform]);
  });
});

describe('yaml formatter: round trips', () => {
  const fixtures: [string, unknown][] = [
    ['nested', nested],
    ['uniform', uniform],
    ['mixed', mixed],
    ['unicode', unicode],
    ['binary', binary],
    ['binary inside', { a: [binary, { b: binary }] }],
    ...empties.map((value): [string, unknown] => [`empty ${JSON.stringify(value)}`, value]),
  ];

  it.each(fixtures)('%s parses back in document mode', async (_name, value) => {
    expect(readAll(await formatDocument('yaml', value))).toEqual([value]);
  });

  it('all fixtures parse back as a record stream', async () => {
    const records = fixtures.map(([, value]) => value);
    expect(readAll(await formatRecords('yaml', records))).toEqual(records);
  });

  it.each([
    'yes',
    'no',
    'on',
    'null',
    'true',
    '123',
    '1e3',
    '0x1F',
    '---',
    '...',
    '- item',
    '# comment',
    'key: value',
    '@at',
    '*star',
    '&amp',
    '!bang',
    '%percent',
    ' leading space',
    'trailing space ',
    'multi\nline\n',
    'multi\nline no newline',
    '  indented first line\nnext',
    ' a\n  b\n',
    'ends with blank lines\n\n\n',
    '\n',
    'tab\there',
    'bell \u0007 and esc \u001b',
    'emoji 🦘 cjk 漢字',
    'x'.repeat(300) + ' words '.repeat(40),
  ])('string %j survives at the top level, in a map and in records', async (value) => {
    expect(parse(await formatDocument('yaml', value))).toBe(value);
    expect(parse(await formatDocument('yaml', { k: value, list: [value] }))).toEqual({ k: value, list: [value] });
    expect(readAll(await formatRecords('yaml', [value, value]))).toEqual([value, value]);
  });

  it('keys that look like other types stay strings', async () => {
    const value = { 'true': 1, '1': 2, 'null': 3, 'a: b': 4, '': 5, ' ': 6 };
    expect(parse(await formatDocument('yaml', value))).toEqual(value);
  });
});

describe('yaml formatter: output shape', () => {
  it('writes a repeated object twice rather than as an anchor and alias', async () => {
    const shared = { id: 1 };
    const out = await formatDocument('yaml', { a: shared, b: shared });
    expect(out).toBe(text('a:', '  id: 1', 'b:', '  id: 1'));
  });

  it('does not fold long strings', async () => {
    const long = 'word '.repeat(50).trim();
    expect(await formatDocument('yaml', { long })).toBe(text(`long: ${long}`));
  });

  it('wraps long base64 at 76 columns', async () => {
    const out = await formatDocument('yaml', new Uint8Array(100).fill(7));
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe('!!binary |-');
    expect(lines.slice(1).map((line) => line.length)).toEqual([76, 60]);
  });

  it('writes integers beyond 2^53 exactly', async () => {
    expect(await formatDocument('yaml', { n: 12345678901234567890n })).toBe(text('n: 12345678901234567890'));
  });
});

describe('yaml formatter: a root list, written an entry at a time', () => {
  const OPTIONS: Parameters<typeof stringify>[2] = { customTags: ['binary'], aliasDuplicateObjects: false, lineWidth: 0, minContentWidth: 76 };

  it('writes what the whole list would give, whatever the entries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue({ maxDepth: 4 }), { minLength: 1, maxLength: 8 }), async (list) => {
        expect(await formatDocument('yaml', list)).toBe(stringify(list, OPTIONS));
      }),
      { numRuns: 300 },
    );
  });

  it('writes an empty list as []', async () => {
    expect(await formatDocument('yaml', [])).toBe('[]\n');
  });
});
