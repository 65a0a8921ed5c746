import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import meta from '../../../plugins-builtin/table/manifest.js';
import { displayWidth, truncateToWidth } from '../../../plugins-builtin/table/display-width.js';
import { compactJson, fitWidths, naturalCompare } from '../../../plugins-builtin/table/layout.js';
import { binary, empties, mixed, nested, text, unicode, uniform } from './fixtures.js';
import { formatDocument, formatRecords, plugin, run } from './run-with-options.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';

const ESC = '\x1b';

/** The table's lines without the final newline. */
function lines(out: string): string[] {
  expect(out.endsWith('\n')).toBe(true);
  return out.slice(0, -1).split('\n');
}

/** One column of a rendered table, as the trimmed cells under its header. */
function column(out: string, index: number): string[] {
  return lines(out)
    .slice(1)
    .map((line) => line.split(/ {2,}/)[index] ?? '');
}

describe('table formatter: golden documents', () => {
  it('nested object: one row, nested values as compact JSON, numbers right-aligned', async () => {
    expect(await formatDocument('table', nested)).toBe(
      text(
        'id  name   owner                                                  score  note',
        ' 7  okapi  {"login":"ada","roles":["admin","dev"],"active":true}    4.5  null',
      ),
    );
  });

  it('array of uniform objects', async () => {
    expect(await formatDocument('table', uniform)).toBe(text('id  name  done', ' 1  one   false', ' 2  two   true'));
  });

  it('array of non-uniform values: the union of keys in first-seen order, scalars under value', async () => {
    expect(await formatDocument('table', mixed)).toBe(
      text(
        'id  name  tags       value',
        ' 1',
        '    two   ["x","y"]',
        '                     3',
        '                     four',
        '                     null',
      ),
    );
  });

  it('Unicode: wide CJK and emoji take two columns each, so columns stay aligned', async () => {
    expect(await formatDocument('table', unicode)).toBe(
      text('greeting     emoji  cjk         clé ✓', 'héllo wörld  🦘🎉   漢字とかな  ok'),
    );
    expect(await formatDocument('table', [{ k: '漢字', v: 1 }, { k: 'ab', v: 2 }, { k: 'e\u0301te\u0301', v: 3 }])).toBe(
      text('k     v', '漢字  1', 'ab    2', 'e\u0301te\u0301   3'),
    );
  });

  it('bytes as base64', async () => {
    expect(await formatDocument('table', binary)).toBe(text('value', 'AAEC/f7/'));
    expect(await formatDocument('table', { file: binary })).toBe(text('file', 'AAEC/f7/'));
  });

  it('an array of scalars is one value column', async () => {
    expect(await formatDocument('table', ['a', 'b', true])).toBe(text('value', 'a', 'b', 'true'));
    expect(await formatDocument('table', [1, 22, 333])).toBe(text('value', '    1', '   22', '  333'));
    expect(await formatDocument('table', 42)).toBe(text('value', '   42'));
  });

  it('empty values print nothing', async () => {
    for (const value of empties) expect(await formatDocument('table', value)).toBe('');
    await expect(formatDocument('table', undefined)).rejects.toThrow("cannot show the value at .: it is CBOR's undefined");
  });

  it('missing keys are empty cells, null reads null', async () => {
    expect(await formatDocument('table', [{ a: 1, b: null }, { b: 'x' }])).toBe(text('a  b', '1  null', '   x'));
  });

  it('control characters are shown escaped, never sent to the terminal', async () => {
    const out = await formatDocument('table', [{ s: 'a\nb\tc\u001b[31md\u0085\u2028' }]);
    expect(out).toBe(text('s', 'a\\nb\\tc\\u001b[31md\\u0085\\u2028'));
    expect(out).not.toContain(ESC);
    expect(await formatDocument('table', [{ 'new\nline': 1 }])).toBe(text('new\\nline', '        1'));
  });

  it('large integers print exactly', async () => {
    expect(await formatDocument('table', [{ n: 12345678901234567890n }, { n: 1 }])).toBe(
      text('                   n', '12345678901234567890', '                   1'),
    );
  });
});

describe('compactJson', () => {
  it('writes what JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(compactJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 500 },
    );
    const sparse: unknown[] = [1, undefined, () => 1];
    expect(compactJson({ a: undefined, b: sparse, c: new Date(0) })).toBe(JSON.stringify({ a: undefined, b: sparse, c: new Date(0) }));
    // Where JSON.stringify writes null, a value that is not null: named as the cells name it.
    expect(compactJson({ d: NaN, e: [-Infinity] })).toBe('{"d":NaN,"e":[-Infinity]}');
  });

  it('with bytes as base64 and large and exact numbers with all their digits', () => {
    expect(compactJson({ b: binary, n: 12345678901234567890n, x: new ExactNumber('2.50'), buf: Buffer.from([1]) })).toBe(
      '{"b":"AAEC/f7/","n":12345678901234567890,"x":2.50,"buf":"AQ=="}',
    );
  });
});

describe('table formatter: records', () => {
  it('records are gathered into one table; array records give a row per element', async () => {
    expect(await formatRecords('table', [[{ id: 1 }, { id: 2 }], [{ id: 3, extra: 'x' }], { id: 4 }, null, []])).toBe(
      text('id  extra', ' 1', ' 2', ' 3  x', ' 4'),
    );
  });

  it('every fixture: records render as the document of all their rows', async () => {
    const records = [nested, uniform, mixed, unicode, binary, ...empties];
    const rows = records.flatMap((r) => (Array.isArray(r) ? r : r === null || r === '' ? [] : [r]));
    expect(await formatRecords('table', records)).toBe(await formatDocument('table', rows));
  });

  it('no records print nothing', async () => {
    expect(await formatRecords('table', [])).toBe('');
  });
});

describe('table formatter: --okapi-columns', () => {
  it('picks columns in the given order, dotted paths reaching into objects and arrays', async () => {
    expect(await formatDocument('table', nested, { options: { columns: 'name,owner.login,owner.roles,owner.roles.1,missing' } })).toBe(
      text('name   owner.login  owner.roles      owner.roles.1  missing', 'okapi  ada          ["admin","dev"]  dev'),
    );
  });

  it('a key holding a dot is found as it is before being read as a path', async () => {
    expect(await formatDocument('table', [{ 'a.b': 1, a: { b: 2 } }], { options: { columns: 'a.b' } })).toBe(text('a.b', '  1'));
    expect(await formatDocument('table', [{ a: { b: 2 } }], { options: { columns: 'a.b' } })).toBe(text('a.b', '  2'));
  });

  it('spaces and empty names in the list are ignored', async () => {
    expect(await formatDocument('table', uniform, { options: { columns: ' name , ,id,' } })).toBe(text('name  id', 'one    1', 'two    2'));
  });

  it('value names the column of rows that are not objects', async () => {
    expect(await formatDocument('table', [{ id: 1 }, 'x'], { options: { columns: 'value,id' } })).toBe(text('value  id', '        1', 'x'));
  });

  it('never reads inherited properties', async () => {
    expect(await formatDocument('table', [{ id: 1 }], { options: { columns: 'id,toString,constructor.name' } })).toBe(
      text('id  toString  constructor.name', ' 1'),
    );
  });

  it('an empty list is refused', async () => {
    await expect(formatDocument('table', uniform, { options: { columns: ' , ' } })).rejects.toThrow(/--okapi-columns " , " names no column/);
  });

  it('with no rows, the header alone shows the columns asked for', async () => {
    expect(await formatDocument('table', [], { options: { columns: 'id,name' } })).toBe(text('id  name'));
  });
});

describe('table formatter: --okapi-sort-by', () => {
  /** The one column asked for, top to bottom. */
  const sortBy = async (rows: unknown[], by: string, columns = 'k') =>
    lines(await formatDocument('table', rows, { options: { sort_by: by, columns } }))
      .slice(1)
      .map((cell) => cell.trim());

  it('numbers numerically, also when they arrive as text', async () => {
    expect(await sortBy([{ k: 10 }, { k: 9 }, { k: 100 }, { k: -1.5 }], 'k')).toEqual(['-1.5', '9', '10', '100']);
    expect(await sortBy([{ k: '10' }, { k: '9' }, { k: '1.5' }, { k: '1.25' }], 'k')).toEqual(['1.25', '1.5', '9', '10']);
  });

  it('numbers by exact value, where doubles would tie: plain numbers against their exact neighbours', async () => {
    const big = (text: string) => new ExactNumber(text);
    // 9007199254740993 arrives as an ExactNumber, …992 as a plain number: one double.
    expect(await sortBy([{ k: big('9007199254740993') }, { k: 9007199254740992 }, { k: 1 }], 'k')).toEqual(['1', '9007199254740992', '9007199254740993']);
    expect(await sortBy([{ k: 9007199254740992 }, { k: big('9007199254740993') }], '-k')).toEqual(['9007199254740993', '9007199254740992']);
    expect(await sortBy([{ k: 0.1 }, { k: big('0.10000000000000000001') }, { k: big('0.09999999999999999999') }], 'k')).toEqual([
      '0.09999999999999999999',
      '0.1',
      '0.10000000000000000001',
    ]);
    expect(await sortBy([{ k: 12345678901234567890n }, { k: '12345678901234567889' }], 'k')).toEqual(['12345678901234567889', '12345678901234567890']);
  });

  it('Infinity beyond every number in digits, NaN after every number', async () => {
    expect(await sortBy([{ k: NaN }, { k: Infinity }, { k: new ExactNumber('1e400') }, { k: -Infinity }, { k: new ExactNumber('-1e400') }], 'k')).toEqual([
      '-Infinity',
      '-1e400',
      '1e400',
      'Infinity',
      'NaN',
    ]);
  });

  it('text by runs of digits as numbers, without case or accents', async () => {
    expect(await sortBy([{ k: 'item10' }, { k: 'item9' }, { k: 'Item2' }, { k: 'item09b' }], 'k')).toEqual(['Item2', 'item9', 'item09b', 'item10']);
    expect(await sortBy([{ k: 'Zoë' }, { k: 'Émile' }, { k: 'emma' }, { k: 'Ada' }], 'k')).toEqual(['Ada', 'Émile', 'emma', 'Zoë']);
  });

  it('a leading - sorts descending', async () => {
    expect(await sortBy([{ k: 1 }, { k: 3 }, { k: 2 }], '-k')).toEqual(['3', '2', '1']);
  });

  it('is stable both ways', async () => {
    const rows = [
      { k: 1, i: 'a' },
      { k: 0, i: 'b' },
      { k: 1, i: 'c' },
      { k: 0, i: 'd' },
    ];
    expect(await sortBy(rows, 'k', 'i')).toEqual(['b', 'd', 'a', 'c']);
    expect(await sortBy(rows, '-k', 'i')).toEqual(['a', 'c', 'b', 'd']);
  });

  it('missing and null values go last in both directions', async () => {
    const rows = [{ k: 2, i: 'two' }, { i: 'none' }, { k: 1, i: 'one' }, { k: null, i: 'null' }];
    expect(await sortBy(rows, 'k', 'i')).toEqual(['one', 'two', 'none', 'null']);
    expect(await sortBy(rows, '-k', 'i')).toEqual(['two', 'one', 'none', 'null']);
  });

  it('mixed types: numbers, then text, then booleans, then nested values', async () => {
    expect(await sortBy([{ k: true }, { k: 'b' }, { k: [1] }, { k: 2 }, { k: 'a' }, { k: false }, { k: 1 }], 'k')).toEqual([
      '1',
      '2',
      'a',
      'b',
      'false',
      'true',
      '[1]',
    ]);
  });

  it('by a dotted path, and by a column that is not shown', async () => {
    const rows = [{ name: 'x', owner: { login: 'zed' } }, { name: 'y', owner: { login: 'amy' } }];
    expect(await sortBy(rows, 'owner.login', 'name')).toEqual(['y', 'x']);
  });

  it('a column no row has keeps the order and warns', async () => {
    const { text: out, logged } = await run('table', [uniform], { options: { sort_by: 'nope' } });
    expect(out).toBe(await formatDocument('table', uniform));
    expect(logged).toEqual([{ level: 'warn', message: expect.stringContaining('no row has a value in column "nope"') }]);
  });

  it('a lone - is refused', async () => {
    await expect(formatDocument('table', uniform, { options: { sort_by: '-' } })).rejects.toThrow(/--okapi-sort-by "-" names no column/);
  });

  it('naturalCompare orders digit runs by value', () => {
    expect(['a10', 'a2', 'a02', 'a1', 'b', 'a'].sort(naturalCompare)).toEqual(['a', 'a1', 'a2', 'a02', 'a10', 'b']);
  });
});

describe('table formatter: width', () => {
  it('fitWidths: the widest columns shrink first; spare room goes back to them', () => {
    expect(fitWidths([10, 30, 5], 80)).toEqual([10, 30, 5]);
    expect(fitWidths([10, 30, 50], 60)).toEqual([10, 23, 23]);
    expect(fitWidths([10, 30, 50], 61)).toEqual([10, 24, 23]);
    expect(fitWidths([10, 30, 50], 36)).toEqual([10, 11, 11]);
  });

  it('fitWidths: never below three columns, however narrow the terminal', () => {
    expect(fitWidths([10, 10, 2], 5)).toEqual([3, 3, 2]);
  });

  it('long cells are cut with … so that every line fits', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: i, title: `a rather long title number ${i} `.repeat(3), tag: 'short', url: `https://example.com/${'x'.repeat(40)}/${i}` }));
    for (const width of [30, 40, 60, 80, 120]) {
      const out = await formatDocument('table', rows, { width });
      for (const line of lines(out)) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      expect(column(out, 1).every((cell) => cell.endsWith('…'))).toBe(true);
      expect(column(out, 2)).toEqual(Array(5).fill('short'));
    }
    expect(await formatDocument('table', rows.slice(0, 1), { width: 40 })).toBe(
      text('id  title           tag    url', ' 0  a rather long…  short  https://exam…'),
    );
  });

  it('wide characters are cut whole: a cell may end a column short', async () => {
    const rows = [{ a: '漢字とかなカタカナ', b: 'abc' }];
    expect(await formatDocument('table', rows, { width: 12 })).toBe(text('a        b', '漢字と…  abc'));
    expect(await formatDocument('table', rows, { width: 11 })).toBe(text('a       b', '漢字…   abc'));
  });

  it('headers are cut too', async () => {
    expect(await formatDocument('table', [{ a_very_long_column_name: 1, b: 'x'.repeat(20) }], { width: 20 })).toBe(
      text('a_very_l…  b', '        1  xxxxxxxx…'),
    );
  });

  it('a table that fits is left alone', async () => {
    expect(await formatDocument('table', uniform, { width: 15 })).toBe(text('id  name  done', ' 1  one   false', ' 2  two   true'));
  });
});

describe('table formatter: colour', () => {
  it('the header row is bold with colour, and nothing else is coloured', async () => {
    expect(await formatDocument('table', uniform, { color: true, tty: true })).toBe(
      text(`${ESC}[1mid  name  done${ESC}[0m`, ' 1  one   false', ' 2  two   true'),
    );
  });

  it('no escape codes without colour', async () => {
    for (const value of [nested, uniform, mixed, unicode, binary]) {
      expect(await formatDocument('table', value, { tty: true })).not.toContain(ESC);
    }
  });
});

describe('table formatter: size', () => {
  // How fast is a figure of `npm run bench` (test/bench/in-process.ts).
  it('10,000 rows render, written in pieces', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `Zoë Müller ${i}`, email: `user${i}@example.com`, active: i % 2 === 0, score: (i * 7.31) % 100, tags: ['a', 'b'], created: '2024-01-01T00:00:00.000Z' }));
    const { text: out, writes } = await run('table', [rows], { options: { sort_by: '-score' }, width: 120 });
    expect(writes).toBeGreaterThan(1);
    expect(lines(out)).toHaveLength(10_001);
  });
});

describe('displayWidth', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['héllo', 5],
    ['e\u0301', 1], // e + combining acute
    ['漢字', 4],
    ['ｱｲ', 2], // halfwidth katakana
    ['ＡＢ', 4], // fullwidth Latin
    ['한국어', 6],
    ['🦘', 2],
    ['⌚', 2], // emoji presentation in the BMP
    ['❤', 1], // text presentation
    ['❤\uFE0F', 2], // made an emoji by VS16
    ['👍🏽', 2], // skin tone
    ['👩\u200D💻', 2], // ZWJ sequence
    ['👨\u200D👩\u200D👧\u200D👦', 2],
    ['🇩🇪🇯🇵', 4], // two flags
    ['a\u200Bb', 2], // zero-width space
    ['\u00AD', 0], // soft hyphen
    ['a\u0000\u001b', 1], // controls count nothing
  ])('%j is %i columns', (value, width) => {
    expect(displayWidth(value)).toBe(width);
  });

  it('truncateToWidth cuts by columns and ends with …', () => {
    expect(truncateToWidth('abcdef', 6)).toBe('abcdef');
    expect(truncateToWidth('abcdef', 4)).toBe('abc…');
    expect(truncateToWidth('abcdef', 1)).toBe('…');
    expect(truncateToWidth('abcdef', 0)).toBe('');
    expect(truncateToWidth('漢字とかな', 5)).toBe('漢字…');
    expect(truncateToWidth('漢字とかな', 4)).toBe('漢…');
    expect(truncateToWidth('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…'); // the mark stays with its letter
    expect(truncateToWidth('👩\u200D💻👩\u200D💻', 3)).toBe('👩\u200D💻…'); // the sequence stays whole
  });
});

describe('table plugin', () => {
  it('is named after its folder and declares only the formatter hook', async () => {
    const definition = await plugin('table');
    expect(definition.manifest).toEqual(meta.manifest);
    expect(meta.manifest).toMatchObject({ name: 'table', okapi_api_version: 2, hooks: ['formatter'], formatter_names: ['table'] });
    expect(Object.keys(definition.hooks)).toEqual(['formatter']);
    expect(meta.manifest.description).toMatch(/^[A-Z].{10,59}$/);
  });
});
