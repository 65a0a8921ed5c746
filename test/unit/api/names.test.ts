/** API name rules (SPEC.md "Config file"), table-driven. */
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { apiCacheDir, apiDirName } from '../../../kernel/api/cache-paths.js';
import { apiNameProblem, MAX_API_NAME_LENGTH, RESERVED_COMMANDS } from '../../../sdk/shared/api-names.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('API names', () => {
  it.each(['example', 'github', 'v2', '2fa', 'my-api', 'my_api', 'Ünïcödé', '東京', 'مثال', '١٢٣', 'flags', 'e\u0301t\u00e9', 'API', 'Get2'])(
    'accepts %s',
    (name) => expect(apiNameProblem(name, ['plugin', 'config'])).toBeUndefined(),
  );

  it.each([
    ['', 'empty'],
    ['-api', 'starts with "-"'],
    ['_api', 'starts with "_"'],
    ['\u0301abc', 'starts with'],
    ['my api', 'a space'],
    ['my\tapi', 'whitespace'],
    ['a.b', '"."'],
    ['a/b', '"/"'],
    ['a:b', '":"'],
    ['a?b', '"?"'],
    ['a#b', '"#"'],
    ['a$b', '"$"'],
    ['a;b', '";"'],
    ['a|b', '"|"'],
    ['a*b', '"*"'],
    ['a\u0000b', 'control character U+0000'],
  ])('refuses %j (%s)', (name, reason) => {
    expect(apiNameProblem(name)).toContain(reason);
  });

  it.each(['get', 'head', 'options', 'post', 'put', 'patch', 'delete', 'GET', 'Post'])('refuses the method word %s', (name) => {
    expect(apiNameProblem(name)).toContain('method command');
  });

  it('refuses the built-in and hidden commands, and the commands the command table knows', () => {
    for (const name of RESERVED_COMMANDS) expect(apiNameProblem(name), name).toContain('okapi command');
    expect(RESERVED_COMMANDS).toEqual(expect.arrayContaining(['api', 'config', 'plugin', 'doctor', 'cache', 'help', 'completion']));
    expect(apiNameProblem('csv-export', ['csv-export'])).toContain('okapi command');
    expect(apiNameProblem('csv-export', [])).toBeUndefined();
  });

  it(`takes names of up to ${MAX_API_NAME_LENGTH} characters (letters outside ASCII count once), and says a longer one is too long without quoting it whole`, () => {
    expect(apiNameProblem('a'.repeat(64))).toBeUndefined();
    expect(apiNameProblem('東'.repeat(64))).toBeUndefined();
    expect(apiNameProblem('a'.repeat(65))).toBe(`"${'a'.repeat(20)}…" is 65 characters long; an API name has at most 64`);
    const problem = apiNameProblem('b'.repeat(5000))!;
    expect(problem).toContain('5000 characters long');
    expect(problem.length).toBeLessThan(100);
  });

  it('gives every name of the longest length a cache directory the file system accepts, and keeps them apart', () => {
    const cache = tempDir('okapi-names-');
    const names = ['a'.repeat(64), '東'.repeat(64), '𝒜'.repeat(64), `${'東'.repeat(63)}京`, 'É'.repeat(64)];
    const dirs = names.map((name) => apiCacheDir(cache, name));
    for (const dir of dirs) mkdirSync(dir, { recursive: true });
    expect(new Set(dirs.map((dir) => dir.toLowerCase())).size).toBe(names.length);
    expect(apiDirName('a'.repeat(64))).toBe('a'.repeat(64));
    expect(join(cache, 'apis', apiDirName('東'.repeat(64)))).toBe(dirs[1]);
  });
});
