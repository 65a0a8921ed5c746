import { describe, expect, it } from 'vitest';
import {
  ArgumentError,
  formatFlagHelp,
  formatHelp,
  formatUsage,
  parseArguments,
  printArgumentError,
  type ArgumentDeclaration,
} from '../../../sdk/arguments.js';

const CONNECT: ArgumentDeclaration = {
  command: 'api connect',
  positionals: [{ name: 'name', description: 'what to call the API' }, { name: 'url' }, { name: 'setup', optional: true, variadic: true }],
  flags: [
    { name: 'spec', value: 'url-or-file', description: 'use this description' },
    { name: 'yes', short: 'y', description: 'take the defaults' },
    { name: 'header', short: 'H', value: 'line', repeatable: true },
  ],
};

function usageError(run: () => unknown): ArgumentError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    return error as ArgumentError;
  }
  throw new Error('expected an ArgumentError');
}

describe('parseArguments', () => {
  it('separates positionals, boolean flags and values in any order', () => {
    const parsed = parseArguments(['--yes', 'pets', '--spec', 'a.yaml', 'https://x', 'prompt.a: 1', '--header=A: 1', '-H', 'B: 2'], CONNECT);
    expect(parsed.positionals).toEqual(['pets', 'https://x', 'prompt.a: 1']);
    expect([...parsed.flags]).toEqual(['yes']);
    expect(parsed.value('spec')).toBe('a.yaml');
    expect(parsed.values.get('header')).toEqual(['A: 1', 'B: 2']);
    expect(parsed.value('missing')).toBeUndefined();
  });

  it('keeps the last value of a flag that is not repeatable', () => {
    expect(parseArguments(['a', 'b', '--spec=1', '--spec', '2'], CONNECT).value('spec')).toBe('2');
  });

  it('reads short aliases, with a value attached or following', () => {
    const parsed = parseArguments(['a', 'b', '-y', '-HX: 1', '-H=Y: 2'], CONNECT);
    expect(parsed.flags.has('yes')).toBe(true);
    expect(parsed.values.get('header')).toEqual(['X: 1', 'Y: 2']);
  });

  it('turns a boolean off with =false and refuses other values', () => {
    expect(parseArguments(['a', 'b', '--yes', '--yes=false'], CONNECT).flags.has('yes')).toBe(false);
    expect(usageError(() => parseArguments(['a', 'b', '--yes=maybe'], CONNECT)).message).toBe('--yes takes no value, or true/false; got "maybe"');
    expect(usageError(() => parseArguments(['a', 'b', '-yes'], CONNECT)).message).toBe('-y takes no value; got "-yes"');
  });

  it('records each boolean flag given with its last value, so --flag=false differs from no flag', () => {
    expect(parseArguments(['a', 'b', '--yes', '--yes=false'], CONNECT).booleans).toEqual(new Map([['yes', false]]));
    expect(parseArguments(['a', 'b', '-y'], CONNECT).booleans).toEqual(new Map([['yes', true]]));
    expect(parseArguments(['a', 'b'], CONNECT).booleans.size).toBe(0);
  });

  it('ends flags at --', () => {
    expect(parseArguments(['a', '--', '--yes', '-y'], CONNECT).positionals).toEqual(['a', '--yes', '-y']);
  });

  it('takes words starting with - as positionals when no short alias is declared', () => {
    const plain: ArgumentDeclaration = { command: 'x', positionals: [{ name: 'n', variadic: true }] };
    expect(parseArguments(['-1', '-', '-v'], plain).positionals).toEqual(['-1', '-', '-v']);
  });

  it('takes every word as a positional for free text', () => {
    const free: ArgumentDeclaration = { command: 'set', positionals: [{ name: 'patch', variadic: true }], positionalsOnly: true };
    expect(parseArguments(['a: 1', '--verbose', '--', 'x'], free).positionals).toEqual(['a: 1', '--verbose', '--', 'x']);
  });

  it('names an unknown flag and suggests the closest declared one', () => {
    const error = usageError(() => parseArguments(['--spce', 'x'], CONNECT));
    expect(error.message).toBe('unknown flag --spce (did you mean --spec?)');
    expect(error.exitCode).toBe(2);
    expect(error.hint).toBe(formatUsage(CONNECT));
    expect(usageError(() => parseArguments(['--zzzzzz'], CONNECT)).message).toBe('unknown flag --zzzzzz');
    expect(usageError(() => parseArguments(['--replce'], { command: 'x', flags: [{ name: 'replace' }] })).message).toBe('unknown flag --replce (did you mean --replace?)');
    expect(usageError(() => parseArguments(['-x'], CONNECT)).message).toBe('unknown flag -x');
  });

  it('says which value is missing', () => {
    expect(usageError(() => parseArguments(['a', 'b', '--spec'], CONNECT)).message).toBe('--spec needs a value');
    expect(usageError(() => parseArguments(['a', 'b', '--spec='], CONNECT)).message).toBe('--spec needs a value');
    expect(usageError(() => parseArguments(['a', 'b', '-H'], CONNECT)).message).toBe('-H needs a value');
  });

  it('refuses a declared flag as the value of the flag before it, but takes any other word', () => {
    const error = usageError(() => parseArguments(['a', 'b', '--spec', '--yes'], CONNECT));
    expect(error.message).toBe('--spec needs a value; got the flag --yes');
    expect(error.hint).toBe(formatUsage(CONNECT));
    expect(usageError(() => parseArguments(['a', 'b', '-H', '-y'], CONNECT)).message).toBe('-H needs a value; got the flag -y');
    expect(parseArguments(['a', 'b', '--spec', '--other'], CONNECT).value('spec')).toBe('--other');
    expect(parseArguments(['a', 'b', '--spec=--yes'], CONNECT).value('spec')).toBe('--yes');
  });

  it('takes an empty value where the flag allows one, and still needs a value there', () => {
    const declaration: ArgumentDeclaration = { command: 'x', flags: [{ name: 'filter', value: 'text', allowEmpty: true }] };
    expect(parseArguments(['--filter='], declaration).value('filter')).toBe('');
    expect(parseArguments(['--filter', ''], declaration).value('filter')).toBe('');
    expect(usageError(() => parseArguments(['--filter'], declaration)).message).toBe('--filter needs a value');
  });

  it('checks the number of positionals', () => {
    expect(usageError(() => parseArguments(['a'], CONNECT)).message).toBe('api connect needs <url>');
    expect(usageError(() => parseArguments([], { command: 'sync', positionals: [{ name: 'name', variadic: true }] })).message).toBe('sync needs <name...>');
    expect(usageError(() => parseArguments(['x'], { command: 'config path' })).message).toBe('config path takes no arguments, got "x"');
    const one: ArgumentDeclaration = { command: 'cache clear', positionals: [{ name: 'api', optional: true }] };
    expect(parseArguments([], one).positionals).toEqual([]);
    expect(usageError(() => parseArguments(['a', 'b'], one)).message).toBe('cache clear takes at most 1 argument, got "b"');
  });

  it('uses the declared message and hint instead of the generated ones', () => {
    const declared: ArgumentDeclaration = { command: 'api inspect', positionals: [{ name: 'name' }], wrongCount: 'api inspect needs the name of one API', usage: 'okapi api inspect <name>' };
    for (const args of [[], ['a', 'b']]) {
      const error = usageError(() => parseArguments(args, declared));
      expect(error.message).toBe('api inspect needs the name of one API');
      expect(error.hint).toBe('okapi api inspect <name>');
    }
  });
});

describe('help from the declaration', () => {
  it('writes the usage line', () => {
    expect(formatUsage(CONNECT)).toBe('okapi api connect <name> <url> [setup...] [--spec <url-or-file>] [-y, --yes] [-H, --header <line>]...');
  });

  it('aligns flag descriptions, at a chosen column if asked', () => {
    expect(formatFlagHelp(CONNECT)).toBe(
      ['  --spec <url-or-file>  use this description', '  -y, --yes             take the defaults', '  -H, --header <line>'].join('\n'),
    );
    expect(formatFlagHelp({ command: 'x', flags: [{ name: 'a', description: 'A' }] }, { indent: 4, column: 6 })).toBe('    --a   A');
  });

  it('writes the whole help', () => {
    expect(formatHelp(CONNECT)).toBe(
      [
        'Usage: okapi api connect <name> <url> [setup...] [--spec <url-or-file>] [-y, --yes] [-H, --header <line>]...',
        '',
        'Arguments:',
        '  name  what to call the API',
        '',
        'Flags:',
        formatFlagHelp(CONNECT),
        '',
      ].join('\n'),
    );
  });
});

describe('printArgumentError', () => {
  it('prints what okapi prints for usage errors and returns 2', () => {
    let text = '';
    expect(printArgumentError(new ArgumentError('unknown flag --x', 'okapi x'), (t) => (text += t))).toBe(2);
    expect(text).toBe('okapi: unknown flag --x\n  hint: okapi x\n');
    text = '';
    printArgumentError(new ArgumentError('no hint'), (t) => (text += t));
    expect(text).toBe('okapi: no hint\n');
  });
});
