/** API name rules (SPEC.md "Config file"), table-driven. */
import { describe, expect, it } from 'vitest';
import { apiNameProblem, RESERVED_COMMANDS } from '../../../kernel/api/names.js';

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
});
