/**
 * Which operation `okapi <api> <words…>` names, with the user's `--` that the kernel keeps where
 * it was typed: it names no command and stays ahead of the words it marks as arguments.
 */
import { describe, expect, it } from 'vitest';
import { resolveCommand } from '../../../../plugins-builtin/operations/resolve-command.js';
import type { CommandTable } from '../../../../sdk/shared/operation-detail-format.js';

const table = {
  commands: [
    { name: 'get-pet', at: [0, 1] },
    { name: 'list-pets', tags: ['pets'], at: [1, 1] },
  ],
  tags: [{ word: 'pets', name: 'Pets' }],
} as unknown as CommandTable;

describe('resolveCommand with a --', () => {
  it.each([
    ['after the arguments', 'flat', ['get-pet', '1', '--', '-x'], 'get-pet', ['1', '--', '-x']],
    ['right after the command', 'flat', ['get-pet', '--', '-x'], 'get-pet', ['--', '-x']],
    ['before the command', 'flat', ['--', 'get-pet', '-x'], 'get-pet', ['--', '-x']],
    ['between tag and command', 'tags', ['pets', '--', 'list-pets', '-x'], 'pets list-pets', ['--', '-x']],
    ['after a tagged command', 'tags', ['pets', 'list-pets', 'a', '--', '-x'], 'pets list-pets', ['a', '--', '-x']],
  ] as const)('%s', (_, layout, words, typed, rest) => {
    const resolution = resolveCommand('petstore', table, layout, words);
    expect(resolution).toMatchObject({ kind: 'command', typed, rest });
  });

  it('without one, the rest is the words after the command', () => {
    expect(resolveCommand('petstore', table, 'flat', ['get-pet', '1', '-x'])).toMatchObject({ typed: 'get-pet', rest: ['1', '-x'] });
  });
});
