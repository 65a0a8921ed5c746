/** Formatter flags come from the formatters' manifests: the table's `--okapi-columns` and `--okapi-sort-by`. */
import { describe, expect, it } from 'vitest';
import { scanArgv } from '../../../kernel/cli/argv.js';
import { FLAG_TABLE, flagTable } from '../../../kernel/cli/flag-table.js';
import { GLOBAL_FLAGS } from '../../../kernel/cli/flags.js';
import type { PluginManifest } from '../../../sdk/types.js';

const formatter = (name: string, options: PluginManifest['formatter_options']): PluginManifest => ({
  name,
  okapi_api_version: 2,
  hooks: ['formatter'],
  formatter_names: [name],
  formatter_options: options,
});

describe('the flag table', () => {
  it('holds the flags the built-in table formatter declares, after the output flags', () => {
    const longs = FLAG_TABLE.map((flag) => flag.long);
    expect(longs.slice(longs.indexOf('okapi-print'), longs.indexOf('okapi-print') + 3)).toEqual(['okapi-print', 'okapi-columns', 'okapi-sort-by']);
    expect(GLOBAL_FLAGS.map((flag) => flag.long)).not.toContain('okapi-columns');
    expect(FLAG_TABLE.find((flag) => flag.long === 'okapi-sort-by')).toMatchObject({ kind: 'string', common: false, valueName: 'column' });
  });

  it('scans a declared flag as a string flag', () => {
    const scanned = scanArgv(['get', 'http://x', '--okapi-columns', 'id,name', '--okapi-sort-by=-id']);
    expect(scanned.flags.get('okapi-columns')).toBe('id,name');
    expect(scanned.flags.get('okapi-sort-by')).toBe('-id');
    expect(scanned.words).toEqual(['get', 'http://x']);
  });

  it('keeps the first meaning of a flag two formatters declare, and never redefines a global flag', () => {
    const table = flagTable([
      formatter('a', [{ name: 'cols', flag: 'okapi-cols', description: 'first' }]),
      formatter('b', [{ name: 'columns', flag: 'okapi-cols', description: 'second' }, { name: 'filter', flag: 'okapi-filter', description: 'not okapi-filter' }]),
    ]);
    expect(table.filter((flag) => flag.long === 'okapi-cols').map((flag) => flag.description)).toEqual(['first']);
    expect(table.filter((flag) => flag.long === 'okapi-filter')).toEqual([GLOBAL_FLAGS.find((flag) => flag.long === 'okapi-filter')]);
  });
});
