/** The lines `okapi completion __complete` prints, and the words it reads. */
import { describe, expect, it } from 'vitest';
import { candidateLines, startingWith } from '../../../../plugins-builtin/completion/candidate.js';
import { typedWords } from '../../../../plugins-builtin/completion/complete-verb.js';
import { UsageError } from '../../../../sdk/shared/errors.js';

describe('candidateLines', () => {
  it('prints the value, then a tab and the description when there is one', () => {
    expect(candidateLines([{ value: 'json', description: 'JSON' }, { value: 'sold out' }])).toBe('json\tJSON\nsold out\n');
  });

  it('leaves out values a script could not read back, and keeps a description to one short line', () => {
    const long = 'word '.repeat(40);
    const lines = candidateLines([
      { value: 'a\tb' },
      { value: 'a\nb' },
      { value: '' },
      { value: 'ok', description: 'first\nsecond\t third' },
      { value: 'long', description: long },
    ]).split('\n');
    expect(lines[0]).toBe('ok\tfirst second third');
    expect(lines[1]!.length).toBeLessThanOrEqual('long\t'.length + 100);
    expect(lines[1]).toMatch(/…$/);
    expect(lines).toHaveLength(3);
  });
});

describe('startingWith', () => {
  it('keeps the candidates that begin with the typed word, each value once', () => {
    expect(startingWith([{ value: 'pets' }, { value: 'ping' }, { value: 'pets', description: 'again' }, { value: 'x' }], 'p')).toEqual([{ value: 'pets' }, { value: 'ping' }]);
  });
});

describe('typedWords', () => {
  it('takes the words as given when the count says the last is there', () => {
    expect(typedWords(['2', 'shop', 'li'])).toEqual(['shop', 'li']);
  });

  it('adds the empty word being completed when the script left it out', () => {
    expect(typedWords(['2', 'shop'])).toEqual(['shop', '']);
    expect(typedWords(['1'])).toEqual(['']);
  });

  it('refuses a count that does not match the words, as a usage error', () => {
    for (const args of [[], ['0'], ['x', 'a'], ['3', 'a'], ['1', 'a', 'b'], ['-1', 'a']]) {
      expect(() => typedWords(args), JSON.stringify(args)).toThrow(UsageError);
    }
    expect(() => typedWords(['3', 'a'])).toThrow(/takes a word count/);
  });
});
