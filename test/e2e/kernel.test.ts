/** The kernel as users meet it: argv, help, config commands, environment. The built CLI, for real. */
import { chmodSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

describe('argv', () => {
  it('prints the version', async () => {
    const result = await runOkapi(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^okapi \d+\.\d+\.\d+\n$/);
  });

  it('shows common flags with --help and every flag with --help-all', async () => {
    const { env } = freshHome();
    const help = await runOkapi(['--help'], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--okapi-header');
    expect(help.stdout).toContain('config');
    expect(help.stdout).not.toContain('--okapi-config');
    const all = await runOkapi(['--help-all'], { env });
    expect(all.stdout).toContain('--okapi-config');
  });

  it('lists raw among the output formats, in the help and when -o names an unknown one', async () => {
    const { env } = freshHome();
    const help = await runOkapi(['--help'], { env });
    expect(help.stdout).toMatch(/Output formats:\n {2}auto, cbor, gron, image, json, lines, ndjson, raw, table, toon, yaml\n/);
    const unknown = await runOkapi(['get', `${api.url}/anything`, '-o', 'nope'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('available: auto, cbor, gron, image, json, lines, ndjson, raw, table, toon, yaml;');
  });

  it('rejects an unknown flag with exit 2, naming it', async () => {
    const result = await runOkapi(['get', `${api.url}/anything`, '--okapi-bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--okapi-bogus');
    expect(result.stdout).toBe('');
  });

  it('rejects a bad flag value with exit 2, naming the flag', async () => {
    const result = await runOkapi(['get', `${api.url}/anything`, '-H', 'no-colon-here']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('-H "no-colon-here" is not a header');
    const missing = await runOkapi(['get', `${api.url}/anything`, '-q']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('-q needs a value');
  });

  it('delivers every value exactly as typed (no numeric coercion)', async () => {
    const { env } = freshHome();
    const result = await runOkapi(['get', `${api.url}/anything`, '-H', 'X-Id: 0123', '--okapi-header=X-Hex: 0x10', '-q', 'zip=007', '-qid=1e3', '-o', 'json'], { env });
    expect(result.code).toBe(0);
    const echo = JSON.parse(result.stdout);
    expect(echo.headers['x-id']).toBe('0123');
    expect(echo.headers['x-hex']).toBe('0x10');
    expect(echo.query).toEqual({ zip: '007', id: '1e3' });
  });

  it('takes -v as a count', async () => {
    const { env } = freshHome();
    const result = await runOkapi(['-vv', 'get', `${api.url}/anything`, '-v'], { env });
    expect(result.code).toBe(0);
  });
});

describe('environment', () => {
  it('reads OKAPI_HEADER and OKAPI_QUERY, with flags taking precedence and \\, as a literal comma', async () => {
    const { env } = freshHome();
    const result = await runOkapi(['get', `${api.url}/anything`, '-H', 'X-A: from-flag', '-q', 'a=flag', '-o', 'json'], {
      env: { ...env, OKAPI_HEADER: 'X-A: from-env, X-B: one\\, two', OKAPI_QUERY: 'a=env,b=x\\,y' },
    });
    const echo = JSON.parse(result.stdout);
    expect(echo.headers['x-a']).toBe('from-flag');
    expect(echo.headers['x-b']).toBe('one, two');
    expect(echo.query).toEqual({ a: 'flag', b: 'x,y' });
  });
});

describe('config commands', () => {
  it('prints the config path chosen by flag, then environment', async () => {
    const home = freshHome();
    expect((await runOkapi(['config', 'path'], { env: home.env })).stdout).toBe(`${home.config}\n`);
    const other = join(home.dir, 'other.json');
    expect((await runOkapi(['config', 'path', '--okapi-config', other], { env: home.env })).stdout).toBe(`${other}\n`);
  });

  it('dispatches the multi-word command `config set` and keeps comments', async () => {
    const home = freshHome();
    writeFileSync(home.config, '{\n  // my APIs\n  "apis": {}\n}\n');
    const result = await runOkapi(['config', 'set', 'plugins.csv.enabled: false,', 'plugins.yaml.enabled: true'], { env: home.env });
    expect(result.code).toBe(0);
    const text = readFileSync(home.config, 'utf8');
    expect(text).toContain('// my APIs');
    expect(JSON.parse(text.replace('// my APIs', ''))).toEqual({ apis: {}, plugins: { csv: { enabled: false }, yaml: { enabled: true } } });
    expect(statSync(home.config).mode & 0o777).toBe(0o600);
  });

  it('config set takes one patch per argument, and words the shell split continue a value', async () => {
    const home = freshHome();
    const args = ['plugins.csv.enabled: false', 'plugins.tsv.enabled: true', 'apis.ex.base_url:', 'https://x.example', 'apis.ex.profiles.default.prompt.token.description:', 'your', 'token'];
    const result = await runOkapi(['config', 'set', ...args], { env: home.env });
    expect(result.stderr).toContain('updated');
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(home.config, 'utf8'))).toEqual({
      plugins: { csv: { enabled: false }, tsv: { enabled: true } },
      apis: { ex: { base_url: 'https://x.example', profiles: { default: { prompt: { token: { description: 'your token' } } } } } },
    });
  });

  it('reports malformed shorthand with exit 2 and the position', async () => {
    const home = freshHome();
    const result = await runOkapi(['config', 'set', 'a: {b'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/position \d+/);
  });

  it('reports a malformed config file with its path, line and column', async () => {
    const home = freshHome();
    writeFileSync(home.config, '{\n  "apis": {\n    "x": [1, 2,, 3]\n  }\n}\n');
    const result = await runOkapi(['config', 'set', 'a: 1'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(home.config);
    expect(result.stderr).toMatch(/line 3, column \d+/);
  });

  it('config edit validates before saving and prints the absolute path', async () => {
    const home = freshHome();
    const editor = join(home.dir, 'editor.sh');
    writeFileSync(editor, '#!/bin/sh\nprintf \'{\\n  // edited\\n  "apis": {"x": {"base_url": "http://127.0.0.1:1"}}\\n}\\n\' > "$1"\n');
    chmodSync(editor, 0o755);
    const ok = await runOkapi(['config', 'edit'], { env: { ...home.env, EDITOR: editor } });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(`${home.config}\n`);
    expect(readFileSync(home.config, 'utf8')).toContain('// edited');

    const broken = join(home.dir, 'broken.sh');
    writeFileSync(broken, '#!/bin/sh\nprintf \'{"apis": \' > "$1"\n');
    chmodSync(broken, 0o755);
    // The rejected edit is kept for the user; in the test's own directory, it goes with it.
    const bad = await runOkapi(['config', 'edit'], { env: { ...home.env, VISUAL: broken, TMPDIR: home.dir } });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/line 1, column/);
    expect(readFileSync(home.config, 'utf8')).toContain('// edited');
  });
});

describe('cached root help', () => {
  it('answers --help from the cache, identically, and renders again when plugins change', async () => {
    const home = freshHome();
    const first = await runOkapi(['--help'], { env: home.env });
    const second = await runOkapi(['--help'], { env: home.env });
    expect(second.stdout).toBe(first.stdout);
    const { writeSdkPlugin } = await import('../helpers/plugin-files.js');
    writeSdkPlugin(home.plugins, 'hello', `{ manifest: { name: 'hello', okapi_api_version: 2, hooks: ['command'] }, commands: [{ name: 'hello', short: 'Say hello' }], hooks: { command: async () => 0 } }`);
    const third = await runOkapi(['--help'], { env: home.env });
    expect(third.stdout).toMatch(/hello\s+Say hello \(plugin hello\)/);
    writeFileSync(home.config, JSON.stringify({ plugins: { hello: { enabled: false } } }));
    const fourth = await runOkapi(['--help'], { env: home.env });
    expect(fourth.stdout).not.toContain('Say hello');
  });
});
