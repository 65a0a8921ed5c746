/**
 * Built-in commands parse their own arguments with the SDK's parser (sdk/arguments.ts): a typo in a
 * flag is a usage error that names the flag meant, and the usage is the hint.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

describe("built-in commands' own arguments", () => {
  it('suggest the flag meant for a typo, exit 2 and leave the config alone', async () => {
    const home = freshHome();
    const result = await runOkapi(['api', 'connect', 'pets', 'https://pets.example', '--no-discovr'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'okapi: unknown flag --no-discovr (did you mean --no-discover?)\n' +
        '  hint: okapi api connect <name> <url> [setup-expression...] [--spec <url-or-file>] [--no-discover] [--replace] [--yes] [--allow-cross-origin-spec]\n',
    );
    expect(result.stdout).toBe('');
    expect(existsSync(home.config)).toBe(false);
  });

  it('name a missing value and a wrong count of arguments', async () => {
    const home = freshHome();
    const missing = await runOkapi(['api', 'connect', 'pets', 'https://pets.example', '--spec'], { env: home.env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('okapi: --spec needs a value\n');
    const extra = await runOkapi(['cache', 'clear', 'a', 'b'], { env: home.env });
    expect(extra).toMatchObject({ code: 2, stderr: 'okapi: cache clear takes at most one API name\n  hint: okapi cache clear [api]\n' });
    const plugin = await runOkapi(['plugin', 'list', '--jsno'], { env: home.env });
    expect(plugin).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown flag --jsno (did you mean --json?)') });
  });

  it('keep shorthand patches whole, words starting with - included', async () => {
    const home = freshHome();
    expect((await runOkapi(['api', 'connect', 'pets', 'https://pets.example', '--no-discover'], { env: home.env })).code).toBe(0);
    const set = await runOkapi(['api', 'set', 'pets', 'profiles.default.headers[]: X-Note: -x', '-y', '--z'], { env: home.env });
    expect(set.code, set.stderr).toBe(0);
    const inspect = await runOkapi(['api', 'inspect', 'pets'], { env: home.env });
    expect(JSON.parse(inspect.stdout).profiles.default.headers).toEqual(['X-Note: -x -y --z']);
  });
});
