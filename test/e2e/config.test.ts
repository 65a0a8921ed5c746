/**
 * The config file when something is wrong with it, with the built CLI: a file that does not parse
 * can still be found (`config path`) and fixed (`config edit`, on a terminal or not); writes are
 * checked against the config schema; and no secret typed in the wrong place reaches an error.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';
import { moduleTracer } from '../helpers/module-tracer.js';
import { hasScript, startOnTerminal } from '../helpers/terminal.js';
import { isCompileCache } from '../helpers/temp-dir.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

const BROKEN = '{\n  "apis": {\n    "x": {"base_url": "http://127.0.0.1:1",}\n';
const TOKEN = 'sk_live_51HqLyjWDarjtT1zdp7dcXYZ';

/** A home whose temporary files go to a directory of its own, so a test can see what okapi left. */
function home(): ReturnType<typeof freshHome> & { tmp: string } {
  const h = freshHome();
  const tmp = join(h.dir, 'tmp');
  mkdirSync(tmp);
  return { ...h, tmp, env: { ...h.env, TMPDIR: tmp } };
}

/** What okapi left in its temporary directory, but for its V8 code cache (meant to stay). */
function leftovers(tmp: string): string[] {
  return readdirSync(tmp).filter((name) => !isCompileCache(name));
}

/**
 * An editor: a shell script that copies what it was shown to seen-<n>.txt (n counts the calls)
 * and writes contents[n-1], or the last one, to the file.
 */
function editor(dir: string, contents: string[]): { path: string; seen: (n: number) => string; calls: () => number } {
  contents.forEach((text, i) => writeFileSync(join(dir, `content-${i + 1}.txt`), text));
  const path = join(dir, 'editor.sh');
  writeFileSync(
    path,
    `#!/bin/sh
dir=$(dirname "$0")
n=$(($(cat "$dir/calls" 2>/dev/null || echo 0) + 1))
echo $n > "$dir/calls"
cp "$1" "$dir/seen-$n.txt"
if [ -f "$dir/content-$n.txt" ]; then cp "$dir/content-$n.txt" "$1"; else cp "$dir/content-${contents.length}.txt" "$1"; fi
`,
  );
  chmodSync(path, 0o755);
  return {
    path,
    seen: (n) => readFileSync(join(dir, `seen-${n}.txt`), 'utf8'),
    calls: () => (existsSync(join(dir, 'calls')) ? Number(readFileSync(join(dir, 'calls'), 'utf8')) : 0),
  };
}

/** The copy `config edit` kept, as its message names it. */
function keptCopy(stderr: string): string {
  const match = /your edit is kept in (\S+): /.exec(stderr);
  expect(match, stderr).not.toBeNull();
  return match![1]!;
}

describe('a config file that does not parse', () => {
  it('config path prints the path and exits 0; other commands fail naming the line and config edit', async () => {
    const h = home();
    writeFileSync(h.config, BROKEN);
    const path = await runOkapi(['config', 'path'], { env: h.env });
    expect(path.code, path.stderr).toBe(0);
    expect(path.stdout).toBe(`${h.config}\n`);
    for (const args of [['api', 'list'], ['get', `${api.url}/anything`], ['config', 'set', 'plugins.csv.enabled: false']]) {
      const result = await runOkapi(args, { env: h.env });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(`config file ${h.config} is not valid JSON`);
      expect(result.stderr).toContain('run `okapi config edit`');
    }
    expect(readFileSync(h.config, 'utf8')).toBe(BROKEN);
  });

  it('config edit opens the broken file with what is wrong noted at its top, and saves the fix', async () => {
    const h = home();
    writeFileSync(h.config, BROKEN);
    const fixed = '{\n  // fixed\n  "apis": {"x": {"base_url": "http://127.0.0.1:1"}}\n}\n';
    const ed = editor(h.dir, [fixed]);
    const result = await runOkapi(['config', 'edit'], { env: { ...h.env, EDITOR: ed.path } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${h.config}\n`);
    const seen = ed.seen(1);
    // The note, then the file as it was; the line number counts the lines the editor shows.
    expect(seen.endsWith(BROKEN)).toBe(true);
    const note = seen.slice(0, -BROKEN.length);
    expect(note).toMatch(/^(\/\/ okapi: .*\n)+$/);
    const noteLines = note.split('\n').length - 1;
    expect(note).toContain(`is not valid JSON: unexpected end of file, expected '}' at line ${noteLines + 4}, column 1`);
    expect(readFileSync(h.config, 'utf8')).toBe(fixed);
    expect(leftovers(h.tmp)).toEqual([]);
  });

  it('config edit saved unchanged leaves the broken file as it was, exits 1 and keeps no copy', async () => {
    const h = home();
    writeFileSync(h.config, BROKEN);
    const result = await runOkapi(['config', 'edit'], { env: { ...h.env, EDITOR: 'true' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not valid JSON');
    expect(result.stderr).toContain(`${h.config} was not changed`);
    expect(readFileSync(h.config, 'utf8')).toBe(BROKEN);
    expect(leftovers(h.tmp)).toEqual([]);
  });
});

describe('config edit with an edit that is not valid', () => {
  it('without a terminal: keeps the copy, says where, exits 1, and leaves the config alone', async () => {
    const h = home();
    const good = '{\n  // mine\n  "apis": {}\n}\n';
    writeFileSync(h.config, good);
    const edit = '{\n  "apis": {},\n  "theme": "dark"\n}\n';
    const ed = editor(h.dir, [edit]);
    const result = await runOkapi(['config', 'edit'], { env: { ...h.env, VISUAL: ed.path } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown key "theme" at the top level; the keys known there: $schema, apis, auth_profiles, plugins');
    const copy = keptCopy(result.stderr);
    expect(readFileSync(copy, 'utf8')).toBe(edit);
    expect(dirname(dirname(copy))).toBe(h.tmp);
    expect(ed.calls()).toBe(1);
    expect(readFileSync(h.config, 'utf8')).toBe(good);
    rmSync(dirname(copy), { recursive: true });
  });

  it('an editor that fails after a change keeps the change; one that fails without one leaves nothing', async () => {
    const h = home();
    writeFileSync(h.config, '{}\n');
    const failing = join(h.dir, 'failing.sh');
    writeFileSync(failing, '#!/bin/sh\nprintf \'{"apis": {}}\' > "$1"\nexit 3\n');
    chmodSync(failing, 0o755);
    const changed = await runOkapi(['config', 'edit'], { env: { ...h.env, EDITOR: failing } });
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('exited with code 3');
    const copy = keptCopy(changed.stderr);
    expect(readFileSync(copy, 'utf8')).toBe('{"apis": {}}');
    rmSync(dirname(copy), { recursive: true });
    const unchanged = await runOkapi(['config', 'edit'], { env: { ...h.env, EDITOR: 'false' } });
    expect(unchanged.code).toBe(1);
    expect(leftovers(h.tmp)).toEqual([]);
    expect(readFileSync(h.config, 'utf8')).toBe('{}\n');
  });

  /** Runs okapi on a pseudo-terminal; resolves with its exit code. */
  function onTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
    return new Promise((done, fail) => {
      const child = startOnTerminal(args, env);
      child.on('error', fail);
      child.on('close', done);
    });
  }

  it.skipIf(!hasScript)('on a terminal: reopens the editor with the error noted until the edit is valid', async () => {
    const h = home();
    writeFileSync(h.config, '{}\n');
    const invalid = '{"apis": {"x": {"base_url": "http://127.0.0.1:1", "bogus_field": 1}}}\n';
    const valid = '{"apis": {"x": {"base_url": "http://127.0.0.1:1"}}}\n';
    const ed = editor(h.dir, [invalid, valid]);
    const code = await onTerminal(['config', 'edit'], { ...h.env, EDITOR: ed.path });
    expect(code).toBe(0);
    expect(ed.calls()).toBe(2);
    expect(ed.seen(2)).toContain('// okapi: ');
    expect(ed.seen(2)).toContain('unknown key "bogus_field" in apis.x');
    expect(ed.seen(2).endsWith(invalid)).toBe(true);
    expect(readFileSync(h.config, 'utf8')).toBe(valid);
    expect(leftovers(h.tmp)).toEqual([]);
  });

  it.skipIf(!hasScript)('on a terminal: an edit saved unchanged stops, keeping the copy', async () => {
    const h = home();
    writeFileSync(h.config, '{}\n');
    const invalid = '{"apis": []}\n';
    const ed = editor(h.dir, [invalid, invalid]);
    const code = await onTerminal(['config', 'edit'], { ...h.env, EDITOR: ed.path });
    expect(code).toBe(1);
    expect(ed.calls()).toBe(2);
    const kept = readdirSync(h.tmp).filter((name) => name.startsWith('okapi-config-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(h.tmp, kept[0]!, 'config.json'), 'utf8')).toBe(invalid);
    expect(readFileSync(h.config, 'utf8')).toBe('{}\n');
  });
});

describe('writes checked against the config schema', () => {
  it('api set refuses an unknown key, listing the keys known at that level', async () => {
    const h = home();
    expect((await runOkapi(['api', 'connect', 'ex', api.url, '--no-discover'], { env: h.env })).code).toBe(0);
    const before = readFileSync(h.config, 'utf8');
    const result = await runOkapi(['api', 'set', 'ex', 'bogus_field: 1'], { env: h.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown key "bogus_field" in apis.ex; the keys known there: base_url, profiles, operation_base');
    const deeper = await runOkapi(['api', 'set', 'ex', 'profiles.default.auth: {type: bearer, tokne: x}'], { env: h.env });
    expect(deeper.code).toBe(2);
    expect(deeper.stderr).toContain('unknown key "tokne" in apis.ex.profiles.default.auth; the keys known there: type, params');
    const typed = await runOkapi(['api', 'set', 'ex', 'profiles.default.query: page=2'], { env: h.env });
    expect(typed.code).toBe(2);
    expect(typed.stderr).toContain('apis.ex.profiles.default.query must be an array, found a string');
    expect(readFileSync(h.config, 'utf8')).toBe(before);
  });

  it('config set refuses an unknown key and still takes known ones', async () => {
    const h = home();
    const bad = await runOkapi(['config', 'set', 'plugins.csv.enabeld: false'], { env: h.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown key "enabeld" in plugins.csv; the keys known there: enabled');
    expect(existsSync(h.config)).toBe(false);
    const good = await runOkapi(['config', 'set', 'plugins.csv.enabled: false'], { env: h.env });
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(readFileSync(h.config, 'utf8'))).toEqual({ plugins: { csv: { enabled: false } } });
  });

  it('config set refuses to turn a value into another kind, and replaces it when it is deleted first', async () => {
    const h = home();
    expect((await runOkapi(['config', 'set', 'plugins.csv.overrides[]: format:json'], { env: h.env })).code).toBe(0);
    const before = readFileSync(h.config, 'utf8');
    const kind = await runOkapi(['config', 'set', 'plugins.csv.overrides.x: 1'], { env: h.env });
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain('"plugins.csv.overrides" holds an array, but "plugins.csv.overrides.x" needs an object there');
    expect(kind.stderr).toContain("delete it first: 'plugins.csv.overrides: undefined, …'");
    expect(readFileSync(h.config, 'utf8')).toBe(before);
    const replaced = await runOkapi(['config', 'set', 'plugins.csv.overrides: undefined, plugins.csv.overrides[]: filter:jq'], { env: h.env });
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(JSON.parse(readFileSync(h.config, 'utf8'))).toEqual({ plugins: { csv: { overrides: ['filter:jq'] } } });
  });

  it('loads the validator for a write only, never for a request or --version', async () => {
    const h = home();
    expect((await runOkapi(['api', 'connect', 'ex', api.url, '--no-discover'], { env: h.env })).code).toBe(0);
    for (const args of [['--version'], ['get', `${api.url}/anything`], ['ex/anything'], ['config', 'path']]) {
      const tracer = moduleTracer('ajv');
      const result = await runOkapi(args, { env: { ...h.env, ...tracer.env } });
      expect(result.code, result.stderr).toBe(0);
      expect(tracer.loaded(), args.join(' ')).toBe('');
    }
    const tracer = moduleTracer('ajv');
    expect((await runOkapi(['api', 'set', 'ex', 'operation_base: /v1'], { env: { ...h.env, ...tracer.env } })).code).toBe(0);
    expect(tracer.loaded()).toContain('ajv');
  });
});

describe('no secret in an error', () => {
  it('-H and OKAPI_HEADER with the colon forgotten: exit 2, the token masked, the fix hinted', async () => {
    const h = home();
    const flag = await runOkapi(['get', `${api.url}/anything`, '-H', `Authorization Bearer ${TOKEN}`], { env: h.env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('-H "Authorization ***" is not a header');
    expect(flag.stderr).toContain("-H 'Authorization: Bearer <token>'");
    const env = await runOkapi(['get', `${api.url}/anything`], { env: { ...h.env, OKAPI_HEADER: `X-Api-Key ${TOKEN}` } });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('"X-Api-Key ***" is not a header');
    const query = await runOkapi(['get', `${api.url}/anything`, '-q', `access_token:${TOKEN}`], { env: h.env });
    expect(query.code).toBe(2);
    for (const result of [flag, env, query]) expect(result.stderr).not.toContain(TOKEN);
  });

  it('URLs, setup expressions and body shorthand quoted in errors keep their secrets masked', async () => {
    const h = home();
    const results = [
      await runOkapi(['api', 'connect', 'ex', `http://alice:${TOKEN}@127.0.0.1:1`, '--no-discover'], { env: h.env }),
      await runOkapi(['api', 'connect', 'ex', api.url, '--no-discover', `prompt.token: ${TOKEN}, {`], { env: h.env }),
      await runOkapi(['post', `${api.url}/anything`, `name: okapi, password: ${TOKEN}, {`], { env: h.env }),
      await runOkapi([`alice:${TOKEN}@bad host/x`], { env: h.env }),
      await runOkapi(['get', `${api.url}/anything`, '-s', `not a server?access_token=${TOKEN}`], { env: h.env }),
    ];
    expect(results.map((r) => r.code)).toEqual([2, 2, 2, 2, 2]);
    expect(results[0]!.stderr).toContain('"http://***@127.0.0.1:1/" carries user information');
    expect(results[1]!.stderr).toContain('invalid setup expression');
    expect(results[2]!.stderr).toContain('word: ********');
    for (const result of results) expect(result.stderr).not.toContain(TOKEN);
  });

  it('api set refuses a header without its colon, masked; api inspect and requests mask a hand-written one', async () => {
    const h = home();
    expect((await runOkapi(['api', 'connect', 'ex', api.url, '--no-discover'], { env: h.env })).code).toBe(0);
    const set = await runOkapi(['api', 'set', 'ex', `profiles.default.headers[]: Authorization Bearer ${TOKEN}`], { env: h.env });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('apis.ex.profiles.default.headers[0]: "Authorization ***" is not a header: write it as "Name: value"');
    expect(JSON.parse(readFileSync(h.config, 'utf8')).apis.ex.profiles).toEqual({ default: {} });
    const malformed = await runOkapi(['api', 'set', 'ex', `profiles.default.headers[]: Authorization: Bearer ${TOKEN}, {`], { env: h.env });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('invalid patch');

    // By hand, the file can hold anything: what okapi shows of it is masked all the same.
    writeFileSync(
      h.config,
      JSON.stringify({ apis: { ex: { base_url: api.url, profiles: { default: { headers: [`Authorization Bearer ${TOKEN}`, `Cookie: sid=${TOKEN}`, 'X-Team: okapi'], query: [`sig=${TOKEN}`] } } } } }),
    );
    const inspect = await runOkapi(['api', 'inspect', 'ex'], { env: h.env });
    expect(inspect.code, inspect.stderr).toBe(0);
    const shown = JSON.parse(inspect.stdout);
    expect(shown.profiles.default.headers).toEqual(['Authorization <redacted>', 'Cookie: <redacted>', 'X-Team: okapi']);
    expect(shown.profiles.default.query).toEqual(['sig=<redacted>']);
    const request = await runOkapi(['ex/anything'], { env: h.env });
    expect(request.code).toBe(1);
    expect(request.stderr).toContain('has a header "Authorization ***" that is not "Name: value"');
    for (const result of [set, malformed, inspect, request]) {
      expect(result.stdout + result.stderr).not.toContain(TOKEN);
    }
  });
});
