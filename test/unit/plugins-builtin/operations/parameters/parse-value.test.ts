import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExactNumber } from '../../../../../sdk/shared/exact-number.js';
import { OkapiError, UsageError } from '../../../../../sdk/shared/errors.js';
import type { DetailParameter } from '../../../../../sdk/shared/operation-detail-format.js';
import { parseParameterValue, serializeParameters } from '../../../../../plugins-builtin/operations/parameters/index.js';
import { tempDir } from '../../../../helpers/temp-dir.js';
import { rejected, sent } from './helpers.js';

const colors: DetailParameter = { name: 'color', in: 'query', array: true };
const rgb: DetailParameter = { name: 'color', in: 'query', object: true };
const filter: DetailParameter = { name: 'filter', in: 'query', content_type: 'application/json' };

describe('primitives', () => {
  it('keep the word exactly as typed', async () => {
    for (const word of ['007', '1.50', '1e3', ' padded ', '', 'a, b', '@not-a-file', '[1, 2]']) {
      expect(await parseParameterValue({ name: 'n', in: 'query', type: 'number' }, [word])).toBe(word);
    }
  });

  it('refuse several words, naming the parameter and the words', async () => {
    const error = (await rejected(() => parseParameterValue({ name: 'limit', in: 'query' }, ['1', '2'], { shownAs: '--limit' })));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('--limit (query parameter "limit") takes one value, but was given 2: "1", "2"');
  });

  it('mask the words of a credential in messages', async () => {
    const error = (await rejected(() => parseParameterValue({ name: 'X-Api-Key', in: 'header' }, ['k1', 'k2'])));
    expect(error.message).toBe('header parameter "X-Api-Key" takes one value, but was given 2: ***, ***');
  });

  it('refuse no words', async () => {
    expect((await rejected(() => parseParameterValue({ name: 'id', in: 'path' }, []))).message).toBe('path parameter "id" needs a value');
  });
});

describe('arrays', () => {
  it('take one item per word, each exactly as typed', async () => {
    expect(await parseParameterValue(colors, ['blue', '007', 'a,b'])).toEqual(['blue', '007', 'a,b']);
  });

  it('never read one word as a list', async () => {
    expect(await parseParameterValue(colors, ['["blue","black"]'])).toEqual(['["blue","black"]']);
    expect(sent(colors, await parseParameterValue(colors, ['a,b']))).toBe('color=a%2Cb');
  });
});

describe('objects', () => {
  it('read shorthand and keep numbers as typed', async () => {
    const value = await parseParameterValue(rgb, ['R: 100, G: 200, B: 1.50']);
    expect(value).toEqual({ R: 100, G: 200, B: new ExactNumber('1.50') });
    expect(sent({ ...rgb, style: 'deepObject' }, value)).toBe('color[R]=100&color[G]=200&color[B]=1.50');
  });

  it('join several words as body arguments join, so a repeated flag adds fields', async () => {
    expect(await parseParameterValue(rgb, ['R: 100', 'G: 200'])).toEqual({ R: 100, G: 200 });
  });

  it('read shorthand for a deepObject parameter whose schema has no type', async () => {
    expect(await parseParameterValue({ name: 'page', in: 'query', style: 'deepObject' }, ['size: 10'])).toEqual({ size: 10 });
  });

  it('refuse a value that is not an object', async () => {
    const error = (await rejected(() => parseParameterValue(rgb, ['[1, 2]'], { shownAs: '--color' })));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('--color (query parameter "color") needs an object of fields, but "[1, 2]" is an array');
  });

  it('refuse shorthand that does not parse, pointing at the character', async () => {
    const error = (await rejected(() => parseParameterValue(rgb, ['R: 100,, G'])));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/^the value of query parameter "color" is not valid shorthand: .* at position \d+\n/);
    expect(error.message).toContain('R: 100,, G');
    expect(error.hint).toBeTruthy();
  });

  it('read fields from a file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'rgb.json'), '{"R": 1, "G": 2}');
    expect(await parseParameterValue(rgb, ['@rgb.json'], { cwd: dir })).toEqual({ R: 1, G: 2 });
  });

  it('fail with exit 1 on a file that cannot be read, naming it', async () => {
    const dir = tempDir();
    const error = (await rejected(() => parseParameterValue(rgb, ['@missing.json'], { cwd: dir, shownAs: '--color' })));
    expect(error).toBeInstanceOf(OkapiError);
    expect(error).not.toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe(`cannot read ${join(dir, 'missing.json')} for --color (query parameter "color"): no such file or directory (ENOENT)`);
  });
});

describe('JSON content parameters', () => {
  it('read shorthand or JSON and send compact JSON', async () => {
    for (const word of ['name: Zoë, tags: [a, b]', '{"name": "Zoë", "tags": ["a", "b"]}']) {
      const value = await parseParameterValue(filter, [word]);
      expect(new URLSearchParams(sent(filter, value)).get('filter')).toBe('{"name":"Zoë","tags":["a","b"]}');
    }
  });

  it('keep numbers as typed', async () => {
    expect(new URLSearchParams(sent(filter, await parseParameterValue(filter, ['1.50']))).get('filter')).toBe('1.50');
  });

  it('take quoted text as a JSON string and refuse a bare word', async () => {
    expect(await parseParameterValue(filter, ['"blue"'])).toBe('blue');
    const error = (await rejected(() => parseParameterValue(filter, ['blue'])));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/^the value of query parameter "filter" is not valid shorthand/);
  });

  it('refuse an expression without a value', async () => {
    expect((await rejected(() => parseParameterValue(filter, ['']))).message).toBe('query parameter "filter" needs a value, but "" holds none');
  });

  it('take one item per word for an array, so objects stay objects', async () => {
    const param: DetailParameter = { ...filter, array: true };
    const value = await parseParameterValue(param, ['id: 1', '{"id": 2}']);
    expect(value).toEqual([{ id: 1 }, { id: 2 }]);
    const { query } = serializeParameters([{ param, value }], '/');
    expect(new URLSearchParams(query).get('filter')).toBe('[{"id":1},{"id":2}]');
  });
});

describe('unsupported styles', () => {
  it('are refused before anything is parsed', async () => {
    const error = (await rejected(() => parseParameterValue({ name: 'f', in: 'query', style: 'matrix' }, ['x'])));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(
      'query parameter "f" uses style matrix, which OpenAPI does not define for query parameters; okapi sends query parameters as form, spaceDelimited, pipeDelimited or deepObject',
    );
  });
});
