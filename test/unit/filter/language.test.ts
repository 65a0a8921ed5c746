/**
 * Language choice for `-f`: detection, forcing, falling back, and which error comes first. The
 * filters run in the built-in jq and shorthand-query plugins, in-process.
 */
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../../sdk/shared/errors.js';
import { detectLanguage, likelierLanguage, type FilterLanguage } from '../../../kernel/filter-call/language.js';
import { applyFilter as applyWith, FilterError, type FilterRunner } from '../../../kernel/filter-call/run-filter.js';
import { InProcessRuntime } from '../../../kernel/plugins/in-process-runtime.js';
import jqPlugin from '../../../plugins-builtin/jq/index.js';
import shorthandPlugin from '../../../plugins-builtin/shorthand-query/index.js';
import { envelope } from './shorthand-query/fixtures.js';
import { testTokenStore } from '../../helpers/host-services.js';

const silentLogger = () => () => undefined;
const runtimes = {
  jq: new InProcessRuntime('jq', async () => jqPlugin, silentLogger, testTokenStore()),
  shorthand: new InProcessRuntime('shorthand-query', async () => shorthandPlugin, silentLogger, testTokenStore()),
};
const run: FilterRunner = (language, expression, value) => runtimes[language].call('filter', { language, expression, value });
const applyFilter = (expression: string, value: unknown, lang?: FilterLanguage) => applyWith(run, expression, value, lang);

describe('detectLanguage', () => {
  const cases: [string, FilterLanguage][] = [
    ['body.items', 'shorthand'],
    ['body.items[0].name', 'shorthand'],
    ['status', 'shorthand'],
    ['@', 'shorthand'],
    ['[status, proto]', 'shorthand'],
    ['{a: status}', 'shorthand'],
    ['..name', 'shorthand'],
    ['..id', 'shorthand'],
    ['.."content-type"', 'shorthand'],
    ['..@id', 'shorthand'],
    ['..名前', 'shorthand'],
    ['  ..name', 'shorthand'],
    // Not leading with '.', so shorthand first (jq is the fallback).
    ['map(.id)', 'shorthand'],
    ['.', 'jq'],
    ['.body', 'jq'],
    ['.body.items | length', 'jq'],
    ['  .body', 'jq'],
    ['.[0]', 'jq'],
    ['..', 'jq'],
    ['.. | .id?', 'jq'],
    ['..|.id', 'jq'],
    ['..[]', 'jq'],
    ['..?', 'jq'],
  ];
  it.each(cases.map(([expression, lang]) => ({ expression, lang })))('$expression is $lang', ({ expression, lang }) => {
    expect(detectLanguage(expression)).toBe(lang);
  });
});

describe('likelierLanguage, for a filter neither language reads', () => {
  const cases: [string, FilterLanguage][] = [
    ['body.items[age >', 'shorthand'],
    ['body.items[', 'shorthand'],
    ['{a: status', 'shorthand'],
    ['map(.id', 'jq'],
    ['select(.x > 1', 'jq'],
    ['$__loc__ |', 'jq'],
    ['body // "x" |', 'jq'],
    ['body |= 1 |', 'jq'],
    ['body | .x |', 'jq'],
    ['(.x', 'jq'],
    ['.body[', 'jq'],
  ];
  it.each(cases.map(([expression, lang]) => ({ expression, lang })))('$expression: $lang', ({ expression, lang }) => {
    expect(likelierLanguage(expression)).toBe(lang);
  });
});

describe('applyFilter with shorthand', () => {
  it('returns exactly one result', async () => {
    expect(await applyFilter('body.items[age > 40].id', envelope)).toEqual([[2, 3]]);
    expect(await applyFilter('status', envelope)).toEqual([200]);
    expect(await applyFilter('headers.content-type', envelope, 'shorthand')).toEqual(['application/json']);
    expect(await applyFilter('..login', envelope)).toEqual([['ada', 'grace', 'alan']]);
  });

  it('refuses a blank filter, which jq would read as the identity', async () => {
    for (const blank of ['', '  ']) {
      const error = await applyFilter(blank, envelope).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FilterError);
      expect((error as FilterError).language).toBe('shorthand');
      expect((error as FilterError).message).toContain('the filter is empty');
    }
  });

  it('gives null, not nothing, for a missing value', async () => {
    expect(await applyFilter('body.nothing', envelope)).toEqual([null]);
  });

  it('forced, reports a leading dot as a shorthand error', async () => {
    const error = await applyFilter('.body', envelope, 'shorthand').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).language).toBe('shorthand');
    expect((error as FilterError).message).toMatch(/ at position 0 of the filter\n/);
    expect((error as FilterError).exitCode).toBe(ExitCode.usage);
  });
});

describe('applyFilter with jq', () => {
  it('runs a filter with a leading dot as jq', async () => {
    expect(await applyFilter('.body.items | length', envelope)).toEqual([3]);
    expect(await applyFilter('.status', envelope)).toEqual([200]);
  });

  it('returns each of several jq results', async () => {
    expect(await applyFilter('.body.items[] | .id', envelope)).toEqual([1, 2, 3]);
    expect(await applyFilter('.body.items[] | select(.age > 99)', envelope)).toEqual([]);
  });

  it('runs .. | … as jq', async () => {
    expect(await applyFilter('[.. | .login? // empty]', envelope)).toEqual([['ada', 'grace', 'alan']]);
  });

  it('runs ..name as shorthand', async () => {
    expect(await applyFilter('..login', envelope)).toEqual([['ada', 'grace', 'alan']]);
  });

  it('runs jq when forced, even without a leading dot', async () => {
    expect(await applyFilter('[.body.items[].id] | add', envelope, 'jq')).toEqual([6]);
    expect(await applyFilter('length', envelope, 'jq')).toEqual([5]);
  });

  it('falls back to jq for a filter shorthand cannot read', async () => {
    expect(await applyFilter('[.body.items[] | .name]', envelope)).toEqual([['Ada', 'Grace', 'alan']]);
    expect(await applyFilter('.body.items | map(.id)', envelope)).toEqual([[1, 2, 3]]);
  });

  it('forced, reports jq syntax errors as usage errors (exit 2)', async () => {
    const error = await applyFilter('.body[', envelope, 'jq').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).exitCode).toBe(ExitCode.usage);
  });

  it('when neither reads a shorthand-looking filter, reports shorthand first, then jq', async () => {
    const error = await applyFilter('body.items[age > ]', envelope).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).language).toBe('shorthand');
    expect((error as FilterError).message).toMatch(/ at position 17 of the filter\n/);
    expect((error as FilterError).hint).toMatch(/read as jq it fails too/);
  });

  it('when neither reads a jq-looking filter, reports jq first, then shorthand', async () => {
    const error = await applyFilter('map(.id', envelope).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).language).toBe('jq');
    expect((error as FilterError).exitCode).toBe(ExitCode.usage);
    expect((error as FilterError).hint).toMatch(/read as shorthand it fails too: expected .* at position 3/);
  });
});
