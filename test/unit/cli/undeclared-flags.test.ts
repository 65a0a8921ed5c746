/** `--okapi-…` flags the scan does not know wait for the registry: an external formatter may declare them. */
import { describe, expect, it } from 'vitest';
import { scanArgv } from '../../../kernel/cli/argv.js';

describe('undeclared --okapi- flags', () => {
  it('are kept apart from the words, each with the word after it or its = value', () => {
    const scanned = scanArgv(['--okapi-delimiter', ';', 'get', 'http://x', '--okapi-quote=', 'name=x', '--okapi-last']);
    expect(scanned.words).toEqual(['get', 'http://x', 'name=x']);
    expect(scanned.undeclared).toEqual([
      { name: 'okapi-delimiter', value: ';' },
      { name: 'okapi-quote', value: '' },
      { name: 'okapi-last', value: undefined },
    ]);
  });

  it('are words after --, and other unknown options stay words for the command that owns them', () => {
    const scanned = scanArgv(['post', 'http://x', '--spec', 'a.yaml', '--', '--okapi-delimiter', ';']);
    expect(scanned.undeclared).toEqual([]);
    expect(scanned.words).toEqual(['post', 'http://x', '--spec', 'a.yaml', '--okapi-delimiter', ';']);
    expect(scanned.literalFrom).toBe(4);
  });

  it('leave okapi own flags to the table', () => {
    const scanned = scanArgv(['get', 'http://x', '--okapi-columns', 'id', '--okapi-verbose']);
    expect(scanned.undeclared).toEqual([]);
    expect(scanned.flags.get('okapi-columns')).toBe('id');
  });
});
