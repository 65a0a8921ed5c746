/** The pieces behind "did you mean": the edit distance, the nearest words, and what a bare name is. */
import { describe, expect, it } from 'vitest';
import { closestWords, editDistance } from '../../../sdk/shared/closest-words.js';
import { bareName } from '../../../kernel/commands/unknown-word.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one edit each', () => {
    expect(editDistance('config', 'config')).toBe(0);
    expect(editDistance('confg', 'config')).toBe(1);
    expect(editDistance('configs', 'config')).toBe(1);
    expect(editDistance('conbig', 'config')).toBe(1);
    expect(editDistance('cofnig', 'config')).toBe(1);
    expect(editDistance('', 'api')).toBe(3);
    expect(editDistance('me', 'get')).toBe(2);
  });
});

describe('closestWords', () => {
  const known = ['api', 'cache', 'config', 'doctor', 'help', 'plugin', 'get', 'head', 'post', 'put'];

  it('keeps only words within a typo of the one typed, case ignored', () => {
    expect(closestWords('plugins', known)).toEqual(['plugin']);
    expect(closestWords('CONFG', known)).toEqual(['config']);
    expect(closestWords('completion', known)).toEqual([]);
    // Two edits would reach far too much from a short word.
    expect(closestWords('me', known)).toEqual([]);
  });

  it('names every word that is equally near', () => {
    expect(closestWords('pst', known)).toEqual(['post', 'put']);
  });
});

describe('bareName', () => {
  it('is the name of a word no host could be told from', () => {
    expect(bareName('confg')).toBe('confg');
    expect(bareName('exmaple/items?x=1')).toBe('exmaple');
    expect(bareName('me@intranet')).toBe('me@intranet');
  });

  it('is undefined for hosts, addresses, paths and options', () => {
    for (const word of ['localhost', 'LOCALHOST/x', 'localhost:8080', 'example.com', ':8080', '[::1]', '127.0.0.1', '2130706433', '0x7f000001', '/items', '-v', '--okapi-bogus', 'me@localhost', '']) {
      expect(bareName(word), word).toBeUndefined();
    }
  });
});
