import { describe, expect, it } from 'vitest';
import { argumentNames, isReservedName, shellWord } from '../../../../../sdk/shared/operation-arguments/argument-names.js';
import { param } from '../../../plugins-builtin/operations/command-line/rich-operation.js';

describe('shellWord', () => {
  it.each([
    ['$select', 'select'],
    ['page[size]', 'page-size'],
    ['petId', 'pet-id'],
    ['HTTPVersion', 'http-version'],
    ['X-Request-ID', 'x-request-id'],
    ['filter.name', 'filter-name'],
    ['snake_case_name', 'snake-case-name'],
    ['--already--dashed--', 'already-dashed'],
    ['v2Name', 'v2-name'],
    ['名前', '名前'],
    ['$', ''],
  ])('%s → %s', (name, word) => {
    expect(shellWord(name)).toBe(word);
  });
});

describe('argumentNames', () => {
  it('uses x-cli-name over the wire name, made a shell word too', () => {
    expect(argumentNames([param('q', 'query', { cli_name: 'searchText' })])).toEqual(['search-text']);
  });

  it('puts the location in front of a name okapi or the command already uses', () => {
    const names = argumentNames([
      param('help', 'query'),
      param('h', 'query'),
      param('version', 'header'),
      param('help-all', 'query'),
      param('okapi-trace', 'header'),
      param('Okapi_Profile', 'cookie'),
      param('okapi', 'query'),
    ]);
    expect(names).toEqual(['query-help', 'query-h', 'header-version', 'query-help-all', 'header-okapi-trace', 'cookie-okapi-profile', 'query-okapi']);
    expect(names.some(isReservedName)).toBe(false);
  });

  it('names every one of same-named parameters in different locations by its location', () => {
    expect(argumentNames([param('id', 'path'), param('id', 'query'), param('other', 'query'), param('ID', 'header')])).toEqual([
      'path-id',
      'query-id',
      'other',
      'header-id',
    ]);
  });

  it('numbers names still taken, in parameter order', () => {
    expect(argumentNames([param('pageSize', 'query'), param('page_size', 'query'), param('page-size', 'query')])).toEqual([
      'page-size',
      'page-size-2',
      'page-size-3',
    ]);
    // A name made by step 4 that a later parameter spells literally.
    expect(argumentNames([param('id', 'query'), param('id', 'header'), param('query-id', 'query')])).toEqual(['query-id', 'header-id', 'query-id-2']);
  });

  it('names a parameter with no letter or digit by its location', () => {
    expect(argumentNames([param('$', 'query'), param('[]', 'query')])).toEqual(['query-parameter', 'query-parameter-2']);
  });
});

describe('shellWord on ASCII names', () => {
  it('gives what the Unicode rule gives', () => {
    const unicodeRule = (name: string) =>
      name
        .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1-$2')
        .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1-$2')
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-+|-+$/g, '')
        .toLowerCase();
    const names = ['petId', '$select', 'page[size]', 'X-Request-ID', 'HTTPServer2Name', 'a.b.c', '__x__', 'v2Items', 'ID', 'already-kebab', 'snake_case_name', '9lives', 'a--b', ' spaced out '];
    for (const name of names) expect(shellWord(name), name).toBe(unicodeRule(name));
  });
});
