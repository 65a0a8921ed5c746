import { describe, expect, it } from 'vitest';
import { binary, mixed, nested, text, uniform } from './fixtures.js';
import { formatDocument, formatRecords, runFormatter } from './run-formatter.js';

const WAY_OUT = 'select scalar fields with a filter, or use -o ndjson';

describe('lines formatter: scalars', () => {
  it('prints scalars unquoted, one per line', async () => {
    expect(await formatDocument('lines', 'okapi')).toBe(text('okapi'));
    expect(await formatDocument('lines', 42)).toBe(text('42'));
    expect(await formatDocument('lines', -1.5e-7)).toBe(text('-1.5e-7'));
    expect(await formatDocument('lines', true)).toBe(text('true'));
    expect(await formatDocument('lines', false)).toBe(text('false'));
    expect(await formatDocument('lines', null)).toBe(text('null'));
    expect(await formatDocument('lines', 12345678901234567890n)).toBe(text('12345678901234567890'));
  });

  it('strings are raw: Unicode, quotes and inner newlines as they are', async () => {
    expect(await formatDocument('lines', ['héllo wörld', '🦘🎉', '漢字とかな', 'say "hi"', 'two\nlines'])).toBe(
      text('héllo wörld', '🦘🎉', '漢字とかな', 'say "hi"', 'two', 'lines'),
    );
  });

  it('bytes as base64', async () => {
    expect(await formatDocument('lines', binary)).toBe(text('AAEC/f7/'));
  });

  it('empty values: an empty string is an empty line; an empty array prints nothing', async () => {
    expect(await formatDocument('lines', '')).toBe(text(''));
    expect(await formatDocument('lines', [])).toBe('');
    expect(await formatDocument('lines', [[], [[]]])).toBe('');
  });
});

describe('lines formatter: arrays', () => {
  it('prints an array element by element, flattening nested arrays', async () => {
    expect(await formatDocument('lines', [1, 'two', [true, null, [3.5, ['deep']]], ''])).toBe(
      text('1', 'two', 'true', 'null', '3.5', 'deep', ''),
    );
  });

  it('a filtered column of uniform objects', async () => {
    expect(await formatDocument('lines', uniform.map((row) => row.name))).toBe(text('one', 'two'));
  });

  it('records: each record on its own lines', async () => {
    expect(await formatRecords('lines', ['a', 1, ['b', 'c'], null])).toBe(text('a', '1', 'b', 'c', 'null'));
    expect(await formatRecords('lines', [])).toBe('');
  });
});

describe('lines formatter: objects are refused with a way out', () => {
  it('a top-level object names its keys', async () => {
    await expect(formatDocument('lines', { a: 1, b: 2 })).rejects.toThrow(
      `-o lines prints scalars, but the value is an object (keys: a, b); ${WAY_OUT}`,
    );
  });

  it('many keys are cut short', async () => {
    await expect(formatDocument('lines', nested)).rejects.toThrow(
      `-o lines prints scalars, but the value is an object (keys: id, name, owner, score, note); ${WAY_OUT}`,
    );
    await expect(formatDocument('lines', { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 })).rejects.toThrow(
      `-o lines prints scalars, but the value is an object (keys: a, b, c, d, e, …); ${WAY_OUT}`,
    );
  });

  it('an object inside an array says where it is', async () => {
    await expect(formatDocument('lines', mixed)).rejects.toThrow(
      `-o lines prints scalars, but the value at [0] is an object (keys: id); ${WAY_OUT}`,
    );
    await expect(formatDocument('lines', [1, [2, { x: 1 }]])).rejects.toThrow(
      `-o lines prints scalars, but the value at [1][1] is an object (keys: x); ${WAY_OUT}`,
    );
  });

  it('an empty object', async () => {
    await expect(formatDocument('lines', {})).rejects.toThrow(
      `-o lines prints scalars, but the value is an empty object; ${WAY_OUT}`,
    );
  });

  it('an item with an object prints none of itself; earlier records stay printed', async () => {
    const written: string[] = [];
    const plugin = (await import('../../../plugins-builtin/lines/index.js')).default;
    async function* records() {
      yield ['a', 'b'];
      yield ['c', { id: 1 }];
    }
    const run = plugin.hooks.formatter(
      { hook: 'formatter', protocol_version: 2, features: [], format: 'lines', document: false, pretty: false, tty: false, color: false, width: 80 },
      records(),
      { write: (data) => written.push(String(data)), log: () => undefined },
    );
    await expect(run).rejects.toThrow('the value at [1] is an object (keys: id)');
    expect(written.join('')).toBe(text('a', 'b'));
  });

  it('one write per item', async () => {
    expect((await runFormatter('lines', [Array.from({ length: 1000 }, (_, i) => i)])).writes).toBe(1);
  });
});
