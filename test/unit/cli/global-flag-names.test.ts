/**
 * sdk/shared/global-flags.generated.ts is the flag table as plugins may read it (shell completion
 * offers it): the build writes it from kernel/cli/flags.ts and the built-in formatters' flags. It
 * must say what the table says, or a completed flag would not be one okapi knows.
 */
import { describe, expect, it } from 'vitest';
import { FLAG_TABLE } from '../../../kernel/cli/flag-table.js';
import { GLOBAL_FLAG_NAMES } from '../../../sdk/shared/global-flags.generated.js';

describe('GLOBAL_FLAG_NAMES', () => {
  it('holds every flag of the kernel table with its short name, whether it takes a value, and its description', () => {
    const fromTable = FLAG_TABLE.map((flag) => ({
      long: flag.long,
      ...(flag.short ? { short: flag.short } : {}),
      takes_value: flag.kind === 'string' || flag.kind === 'strings',
      description: flag.description,
    }));
    const byName = (a: { long: string }, b: { long: string }) => (a.long < b.long ? -1 : 1);
    expect([...GLOBAL_FLAG_NAMES].sort(byName)).toEqual(fromTable.sort(byName));
  });

  it('knows -o takes a value and -v does not', () => {
    expect(GLOBAL_FLAG_NAMES.find((flag) => flag.short === 'o')).toMatchObject({ long: 'okapi-output-format', takes_value: true });
    expect(GLOBAL_FLAG_NAMES.find((flag) => flag.short === 'v')).toMatchObject({ long: 'okapi-verbose', takes_value: false });
  });
});
