/**
 * The API registry as users meet it: `api connect | sync | list | inspect | set | remove`,
 * `okapi <api> --help`, API-aware requests, `doctor api` and `cache clear`, run with the built CLI
 * against the example API (which serves its description at /openapi.json, linked from / by
 * `Link: </openapi.json>; rel="service-desc"`) and against descriptions served by a test server.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';
import { writeSdkPlugin } from '../helpers/plugin-files.js';
import { startSpecServer, type SpecServer } from '../unit/api/spec-server.js';

let api: ExampleApi;
let server: SpecServer;

beforeAll(async () => {
  api = await startExampleApi();
  server = await startSpecServer();
});
afterAll(async () => {
  await api.close();
  await server.close();
});

function config(home: { config: string }): { apis: Record<string, Record<string, unknown>> } {
  return JSON.parse(readFileSync(home.config, 'utf8'));
}

/** With an explicit config file, the cache is the `cache/` folder beside it (DESIGN.md §4). */
function cacheDir(home: { dir: string }): string {
  return join(home.dir, 'cache');
}

const SPEC_WITH_EXTENSIONS = {
  openapi: '3.0.3',
  info: { title: 'Extended', version: '2.1' },
  servers: [{ url: '/' }],
  'x-cli-config': {
    profiles: {
      default: {
        headers: ['X-Tenant: {tenant}'],
        auth: { type: 'bearer', params: { token: '{token}' } },
        prompt: {
          tenant: { description: 'Your tenant', default: 'acme', exclude: true },
          token: { description: 'API token' },
        },
      },
      ops: { auth: { type: 'external-tool', params: { commandline: 'cat /etc/passwd' } }, headers: ['X-Env: env:HOME'] },
    },
  },
  paths: {
    '/items': {
      get: { operationId: 'listItems', summary: 'List items', 'x-cli-aliases': ['ls'], responses: { 200: { description: 'ok' } } },
      post: { operationId: 'createItem', 'x-cli-name': 'add', summary: 'Create an item', 'x-cli-description': 'Adds one', responses: { 201: { description: 'ok' } } },
    },
    '/internal': {
      'x-cli-hidden': true,
      get: { operationId: 'internalThing', summary: 'Hidden', responses: { 200: { description: 'ok' } } },
    },
    '/legacy': {
      delete: { operationId: 'legacyDelete', 'x-cli-ignore': true, responses: { 204: { description: 'gone' } } },
    },
  },
};

describe('api connect', () => {
  it('discovers the description through the Link header, saves the API and prints its help', async () => {
    const home = freshHome();
    const result = await runOkapi(['api', 'connect', 'example', api.url], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('connected example: 70 operations');
    expect(result.stderr).toContain('Link rel=service-desc');
    const entry = config(home).apis.example!;
    expect(entry.base_url).toBe(api.url);
    expect(entry.profiles).toEqual({ default: {} });
    expect(entry.discovery).toMatchObject({ source: `${api.url}/openapi.json`, via: 'link:service-desc', operations: 70 });
    expect(existsSync(join(cacheDir(home), 'apis/example/spec.json'))).toBe(true);
    expect(existsSync(join(cacheDir(home), 'apis/example/operations.json'))).toBe(true);
    expect(existsSync(join(cacheDir(home), 'apis/example/help.index'))).toBe(true);

    const help = await runOkapi(['example', '--help'], { env: home.env });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('okapi example API');
    expect(help.stdout).toContain(`Base URL: ${api.url}`);
    expect(help.stdout).toMatch(/get-anything\s+Echo the request \(GET\)/);
    const bare = await runOkapi(['example'], { env: home.env });
    expect(bare.stdout).toBe(help.stdout);
  });

  it('reads a pinned --spec file, and keeps it as spec_files', async () => {
    const home = freshHome();
    const file = join(home.dir, 'spec.json');
    writeFileSync(file, JSON.stringify(SPEC_WITH_EXTENSIONS));
    const result = await runOkapi(['api', 'connect', 'ext', server.url, '--spec', file, 'prompt.token: abc', '--yes'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    const entry = config(home).apis.ext!;
    expect(entry.spec_files).toEqual([file]);
    expect(entry.discovery).toMatchObject({ source: file, via: '--spec', operations: 4 });
  });

  it('saves the base URL only with --no-discover', async () => {
    const home = freshHome();
    const result = await runOkapi(['api', 'connect', 'bare', `${api.url}/v1`, '--no-discover'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(api.requests.some((r) => r.path.startsWith('/v1'))).toBe(false);
    expect(config(home).apis.bare).toEqual({ base_url: `${api.url}/v1`, profiles: { default: {} } });
    const help = await runOkapi(['bare', '--help'], { env: home.env });
    expect(help.stdout).toContain('connected with --no-discover');
  });

  it('builds profiles from x-cli-config: prompts answered by setup expressions into params, templates kept, unsafe values skipped', async () => {
    const home = freshHome();
    server.routes.set('/ext/openapi.json', { body: JSON.stringify(SPEC_WITH_EXTENSIONS) });
    const result = await runOkapi(['api', 'connect', 'ext', `${server.url}/ext`, 'prompt.token: s3cr3t', '--yes'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    const profiles = config(home).apis.ext!.profiles as Record<string, Record<string, unknown>>;
    // Answers are params; templates are filled at request time (test/e2e/auth-prompts.test.ts).
    expect(profiles.default).toMatchObject({
      headers: ['X-Tenant: {tenant}'],
      auth: { type: 'bearer', params: { token: '{token}' } },
      params: { tenant: 'acme', token: 's3cr3t' },
    });
    // The excluded answer is not an auth param.
    expect((profiles.default!.auth as { params: Record<string, string> }).params.tenant).toBeUndefined();
    expect(profiles.ops!.auth).toBeUndefined();
    expect(profiles.ops!.headers).toBeUndefined();
    expect(result.stderr).toContain('external-tool auth from a server is skipped');
    expect(result.stderr).toContain('reads an environment variable');
    // The extension summary: informational, on stderr.
    expect(result.stderr).toContain('x-cli-name names the command "add" instead of "create-item"');
    expect(result.stderr).toContain('x-cli-aliases adds the command alias ls');
    expect(result.stderr).not.toContain('x-cli-description');

    const help = await runOkapi(['ext', '--help'], { env: home.env });
    expect(help.stdout).toMatch(/add\s+Adds one/);
    expect(help.stdout).toMatch(/list-items\s+List items \(alias: ls\)/);
    expect(help.stdout).not.toContain('internal-thing');
    expect(help.stdout).not.toContain('legacy-delete');
    expect(help.stdout).toContain('Operations (2, 2 hidden or ignored)');
  });

  it('fails without a terminal when a prompt has no answer, naming it and the setup expression', async () => {
    const home = freshHome();
    server.routes.set('/ask/openapi.json', { body: JSON.stringify(SPEC_WITH_EXTENSIONS) });
    const result = await runOkapi(['api', 'connect', 'ask', `${server.url}/ask`, '--yes'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"token"');
    expect(result.stderr).toContain("'prompt.token: <value>'");
    expect(existsSync(home.config)).toBe(false);
  });

  it('keeps profiles on reconnect and recreates them with --replace', async () => {
    const home = freshHome();
    server.routes.set('/re/openapi.json', { body: JSON.stringify(SPEC_WITH_EXTENSIONS) });
    const first = await runOkapi(['api', 'connect', 're', `${server.url}/re`, 'prompt.token: one', 'prompt.tenant: t1'], { env: home.env });
    expect(first.code, first.stderr).toBe(0);
    await runOkapi(['api', 'set', 're', 'profiles.mine: {headers: ["X-Mine: 1"]}'], { env: home.env });
    const again = await runOkapi(['api', 'connect', 're', `${server.url}/re`], { env: home.env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('profiles kept');
    expect(Object.keys(config(home).apis.re!.profiles as object).sort()).toEqual(['default', 'mine', 'ops']);
    const replaced = await runOkapi(['api', 'connect', 're', `${server.url}/re`, '--replace', 'prompt.token: two', '--yes'], { env: home.env });
    expect(replaced.code, replaced.stderr).toBe(0);
    const profiles = config(home).apis.re!.profiles as Record<string, { params?: Record<string, string> }>;
    expect(Object.keys(profiles).sort()).toEqual(['default', 'ops']);
    expect(profiles.default!.params!.token).toBe('two');
  });

  it('rejects names that break the rules or collide with commands, with exit 2 and the reason', async () => {
    const home = freshHome();
    for (const [name, reason] of [
      ['get', 'method command'],
      ['POST', 'method command'],
      ['api', 'okapi command'],
      ['config', 'okapi command'],
      ['doctor', 'okapi command'],
      ['cache', 'okapi command'],
      ['plugin', 'okapi command'],
      ['help', 'okapi command'],
      ['completion', 'okapi command'],
      ['my api', 'a space'],
      ['my.api', '"."'],
      ['-api', 'starts with "-"'],
      ['_api', 'starts with "_"'],
      ['a/b', '"/"'],
    ] as const) {
      const result = await runOkapi(['api', 'connect', name, api.url, '--no-discover'], { env: home.env });
      expect(result.code, name).toBe(2);
      expect(result.stderr, name).toContain(reason);
    }
    expect(existsSync(home.config)).toBe(false);
    for (const name of ['flags', 'ünïcödé', 'v2_api-x', '東京']) {
      const result = await runOkapi(['api', 'connect', name, api.url, '--no-discover'], { env: home.env });
      expect(result.code, `${name}: ${result.stderr}`).toBe(0);
    }
  });

  it('loses nothing when several connects run at once', async () => {
    const home = freshHome();
    const names = ['one', 'two', 'three', 'four', 'five', 'six'];
    const results = await Promise.all(names.map((name) => runOkapi(['api', 'connect', name, api.url], { env: home.env })));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    expect(Object.keys(config(home).apis).sort()).toEqual([...names].sort());
    const sets = await Promise.all(names.map((name) => runOkapi(['api', 'set', name, `profiles.default.headers[]: X-Name: ${name}`], { env: home.env })));
    for (const result of sets) expect(result.code, result.stderr).toBe(0);
    for (const name of names) expect((config(home).apis[name]!.profiles as { default: { headers: string[] } }).default.headers).toEqual([`X-Name: ${name}`]);
  });
});

describe('api sync, list, inspect, set, remove', () => {
  it('sync refreshes discovery fields and keeps profiles', async () => {
    const home = freshHome();
    server.routes.set('/sync/openapi.json', { body: JSON.stringify(SPEC_WITH_EXTENSIONS) });
    expect((await runOkapi(['api', 'connect', 'sync', `${server.url}/sync`, 'prompt.token: t', '--yes'], { env: home.env })).code).toBe(0);
    await runOkapi(['api', 'set', 'sync', 'profiles.default.headers[]: X-Kept: yes'], { env: home.env });
    const before = config(home).apis.sync!;
    const changed = structuredClone(SPEC_WITH_EXTENSIONS) as Record<string, unknown>;
    (changed.paths as Record<string, unknown>)['/more'] = { get: { operationId: 'more', responses: { 200: { description: 'ok' } } } };
    server.routes.set('/sync/openapi.json', { body: JSON.stringify(changed) });
    const result = await runOkapi(['api', 'sync', 'sync'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('synced sync: 5 operations');
    const after = config(home).apis.sync!;
    expect(after.profiles).toEqual(before.profiles);
    expect((after.discovery as { operations: number }).operations).toBe(5);
    expect((await runOkapi(['sync', '--help'], { env: home.env })).stdout).toMatch(/\n {2}more/);
    const missing = await runOkapi(['api', 'sync', 'nope'], { env: home.env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no API named "nope"');
  });

  it('list shows a table, and -o json with name, base_url, operations and profiles', async () => {
    const home = freshHome();
    expect((await runOkapi(['api', 'connect', 'example', api.url], { env: home.env })).code).toBe(0);
    expect((await runOkapi(['api', 'connect', 'bare', api.url, '--no-discover'], { env: home.env })).code).toBe(0);
    const table = await runOkapi(['api', 'list'], { env: home.env });
    expect(table.stdout).toMatch(/^NAME\s+BASE URL\s+OPERATIONS\s+PROFILES\n/);
    expect(table.stdout).toMatch(/example\s+http:\/\/127\.0\.0\.1:\d+\s+70\s+1/);
    const json = await runOkapi(['api', 'list', '-o', 'json'], { env: home.env });
    expect(JSON.parse(json.stdout)).toEqual([
      { name: 'bare', base_url: api.url, operations: null, profiles: 1 },
      { name: 'example', base_url: api.url, operations: 70, profiles: 1 },
    ]);
  });

  it('inspect masks secrets and keeps names visible', async () => {
    const home = freshHome();
    expect((await runOkapi(['api', 'connect', 'example', api.url], { env: home.env })).code).toBe(0);
    const set = await runOkapi(
      [
        'api',
        'set',
        'example',
        'profiles.default: {headers: ["Authorization: Bearer abc", "X-API-Key: k-123", "X-Team: okapi"], query: ["api_key=q-1", "page=2"], auth: {type: api-key, params: {in: header, name: X-API-Key, value: sekret, token: env:TOKEN, signing_material: zzz}}}',
      ],
      { env: home.env },
    );
    expect(set.code, set.stderr).toBe(0);
    const result = await runOkapi(['api', 'inspect', 'example'], { env: home.env });
    expect(result.code).toBe(0);
    const shown = JSON.parse(result.stdout);
    expect(shown.profiles.default.headers).toEqual(['Authorization: <redacted>', 'X-API-Key: <redacted>', 'X-Team: okapi']);
    expect(shown.profiles.default.query).toEqual(['api_key=<redacted>', 'page=2']);
    expect(shown.profiles.default.auth.params).toEqual({ in: 'header', name: 'X-API-Key', value: '<redacted>', token: 'env:TOKEN', signing_material: '<redacted>' });
    expect(result.stdout).not.toContain('sekret');
    expect(result.stdout).not.toContain('k-123');
  });

  it('set patches apis.<name>, keeps comments, and refuses a broken entry', async () => {
    const home = freshHome();
    writeFileSync(home.config, `{\n  // my APIs\n  "apis": {"x": {"base_url": "${api.url}", "profiles": {"default": {}}}}\n}\n`);
    const result = await runOkapi(['api', 'set', 'x', 'profiles.default.headers[]: X-A: 1, operation_base: /api'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    const text = readFileSync(home.config, 'utf8');
    expect(text).toContain('// my APIs');
    expect(JSON.parse(text.replace('// my APIs', '')).apis.x).toEqual({ base_url: api.url, profiles: { default: { headers: ['X-A: 1'] } }, operation_base: '/api' });
    const broken = await runOkapi(['api', 'set', 'x', 'base_url: undefined'], { env: home.env });
    expect(broken.code).toBe(2);
    expect(readFileSync(home.config, 'utf8')).toBe(text);
    const missing = await runOkapi(['api', 'set', 'nope', 'a: 1'], { env: home.env });
    expect(missing.code).toBe(1);
  });

  it('set and setup expressions take one field per argument, and words the shell split continue a value', async () => {
    const home = freshHome();
    const connect = await runOkapi(['api', 'connect', 'w', api.url, '--no-discover', 'operation_base: /api', 'profiles.default.headers[]: X-A: 1'], {
      env: home.env,
    });
    expect(connect.code, connect.stderr).toBe(0);
    const set = await runOkapi(['api', 'set', 'w', 'profiles.default.headers[]: X-B: two', 'words', 'profiles.default.query[]: q=1'], { env: home.env });
    expect(set.code, set.stderr).toBe(0);
    expect(config(home).apis.w).toEqual({
      base_url: api.url,
      operation_base: '/api',
      profiles: { default: { headers: ['X-A: 1', 'X-B: two words'], query: ['q=1'] } },
    });
    // What `okapi api set w profiles.default.query[]: q=2` passes: q=2 could be the value or an HTTPie field.
    const refused = await runOkapi(['api', 'set', 'w', 'profiles.default.query[]:', 'q=2'], { env: home.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('q=2 could continue the value before it');
  });

  it('remove deletes the entry, its cached spec and index, its responses and its tokens', async () => {
    const home = freshHome();
    expect((await runOkapi(['api', 'connect', 'example', api.url], { env: home.env })).code).toBe(0);
    expect((await runOkapi(['api', 'connect', 'other', api.url], { env: home.env })).code).toBe(0);
    const responses = join(cacheDir(home), 'responses/example');
    mkdirSync(responses, { recursive: true });
    writeFileSync(join(responses, 'entry'), 'x');
    writeFileSync(join(home.dir, 'tokens.json'), JSON.stringify({ apis: { example: { default: {} }, other: { default: {} } } }));
    const result = await runOkapi(['api', 'remove', 'example'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(Object.keys(config(home).apis)).toEqual(['other']);
    expect(existsSync(join(cacheDir(home), 'apis/example'))).toBe(false);
    expect(existsSync(join(cacheDir(home), 'apis/other'))).toBe(true);
    expect(existsSync(responses)).toBe(false);
    expect(JSON.parse(readFileSync(join(home.dir, 'tokens.json'), 'utf8'))).toEqual({ apis: { other: { default: {} } } });
    const again = await runOkapi(['api', 'remove', 'example'], { env: home.env });
    expect(again.code).toBe(1);
  });
});

describe('API-aware requests', () => {
  it('sends <api>/<path> to the base URL with the profile headers and query below the environment and flags', async () => {
    const home = freshHome();
    expect((await runOkapi(['api', 'connect', 'example', api.url], { env: home.env })).code).toBe(0);
    const set = await runOkapi(
      ['api', 'set', 'example', 'profiles.default: {headers: ["X-Team: default", "X-Low: profile"], query: ["q=profile", "low=profile"]}, profiles.staging: {headers: ["X-Team: staging"]}'],
      { env: home.env },
    );
    expect(set.code, set.stderr).toBe(0);
    const plain = await runOkapi(['example/anything/x?y=1', '-o', 'json'], { env: home.env });
    expect(plain.code, plain.stderr).toBe(0);
    const echo = JSON.parse(plain.stdout);
    expect(echo.path).toBe('/anything/x');
    expect(echo.headers['x-team']).toBe('default');
    expect(echo.query).toEqual({ y: '1', q: 'profile', low: 'profile' });

    const layered = await runOkapi(['get', 'example/anything', '-H', 'X-Team: flag', '-q', 'q=flag', '-o', 'json'], {
      env: { ...home.env, OKAPI_HEADER: 'X-Low: env', OKAPI_QUERY: 'low=env' },
    });
    const layers = JSON.parse(layered.stdout);
    expect(layers.headers['x-team']).toBe('flag');
    expect(layers.headers['x-low']).toBe('env');
    expect(layers.query).toEqual({ q: 'flag', low: 'env' });

    const staging = JSON.parse((await runOkapi(['-p', 'staging', 'example/anything', '-o', 'json'], { env: home.env })).stdout);
    expect(staging.headers['x-team']).toBe('staging');
    expect(staging.headers['x-low']).toBeUndefined();
    const fromEnv = JSON.parse((await runOkapi(['example/anything', '-o', 'json'], { env: { ...home.env, OKAPI_PROFILE: 'staging' } })).stdout);
    expect(fromEnv.headers['x-team']).toBe('staging');
    const flagWins = JSON.parse(
      (await runOkapi(['--okapi-profile', 'default', 'example/anything', '-o', 'json'], { env: { ...home.env, OKAPI_PROFILE: 'staging' } })).stdout,
    );
    expect(flagWins.headers['x-team']).toBe('default');

    const unknown = await runOkapi(['-p', 'nope', 'example/anything'], { env: home.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no profile "nope"');
    expect(unknown.stderr).toContain('default, staging');
  });

  it('uses the profile base_url and url_overrides (longest prefix, profile over API)', async () => {
    const home = freshHome();
    expect((await runOkapi(['api', 'connect', 'example', 'http://127.0.0.1:9/v1', '--no-discover'], { env: home.env })).code).toBe(0);
    const set = await runOkapi(
      [
        'api',
        'set',
        'example',
        `url_overrides: {"http://127.0.0.1:9": "${api.url}/anything/api-level", "http://127.0.0.1:9/v1/deep": "${api.url}/anything/deep"}, profiles.p.base_url: http://127.0.0.1:9/v2, profiles.p.url_overrides: {"http://127.0.0.1:9/v2": "${api.url}/anything/profile"}`,
      ],
      { env: home.env },
    );
    expect(set.code, set.stderr).toBe(0);
    const api1 = JSON.parse((await runOkapi(['example/items', '-o', 'json'], { env: home.env })).stdout);
    expect(api1.path).toBe('/anything/api-level/v1/items');
    const deep = JSON.parse((await runOkapi(['example/deep/x', '-o', 'json'], { env: home.env })).stdout);
    expect(deep.path).toBe('/anything/deep/x');
    const profile = JSON.parse((await runOkapi(['-p', 'p', 'example/items', '-o', 'json'], { env: home.env })).stdout);
    expect(profile.path).toBe('/anything/profile/items');
  });
});

describe('doctor api and cache clear', () => {
  it('doctor reports behaviour-changing extensions but not x-cli-description, and exits 1 for a missing API', async () => {
    const home = freshHome();
    const file = join(home.dir, 'spec.json');
    writeFileSync(file, JSON.stringify({ ...SPEC_WITH_EXTENSIONS, paths: { ...SPEC_WITH_EXTENSIONS.paths, '/odd': { get: { 'x-cli-frobnicate': 1, responses: {} } } } }));
    expect((await runOkapi(['api', 'connect', 'ext', server.url, '--spec', file, 'prompt.token: t', '--yes'], { env: home.env })).code).toBe(0);
    const result = await runOkapi(['doctor', 'api', 'ext'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('document: x-cli-config pre-populates profiles default');
    expect(result.stdout).toContain('GET /items: x-cli-aliases adds the command alias ls');
    expect(result.stdout).toContain('POST /items: x-cli-name names the command "add" instead of "create-item"');
    expect(result.stdout).toContain('path /internal: x-cli-hidden');
    expect(result.stdout).toContain('DELETE /legacy: x-cli-ignore');
    expect(result.stdout).toContain('GET /odd: x-cli-frobnicate not an extension okapi knows');
    expect(result.stdout).not.toContain('x-cli-description');
    const missing = await runOkapi(['doctor', 'api', 'nope'], { env: home.env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no API named "nope"');
  });

  it('doctor has the api plugin rebuild an index another okapi version made, offline from the cached spec', async () => {
    const home = freshHome();
    const file = join(home.dir, 'spec.json');
    writeFileSync(file, JSON.stringify(SPEC_WITH_EXTENSIONS));
    expect((await runOkapi(['api', 'connect', 'ext', server.url, '--spec', file, 'prompt.token: t', '--yes'], { env: home.env })).code).toBe(0);
    const indexFile = join(cacheDir(home), 'apis/ext/operations.json');
    const index = JSON.parse(readFileSync(indexFile, 'utf8'));
    const current = index.key.okapi_version;
    writeFileSync(indexFile, JSON.stringify({ ...index, key: { ...index.key, okapi_version: '0.0.0-older' }, extensions: [] }));
    const result = await runOkapi(['doctor', 'api', 'ext'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('GET /items: x-cli-aliases adds the command alias ls');
    expect(JSON.parse(readFileSync(indexFile, 'utf8')).key.okapi_version).toBe(current);
  });

  it('cache clear deletes response cache entries only', async () => {
    const home = freshHome();
    expect((await runOkapi(['api', 'connect', 'example', api.url], { env: home.env })).code).toBe(0);
    const responses = join(cacheDir(home), 'responses');
    for (const dir of ['example', '_']) {
      mkdirSync(join(responses, dir), { recursive: true });
      writeFileSync(join(responses, dir, 'entry'), 'x');
    }
    const one = await runOkapi(['cache', 'clear', 'example'], { env: home.env });
    expect(one.code, one.stderr).toBe(0);
    expect(existsSync(join(responses, 'example'))).toBe(false);
    expect(existsSync(join(responses, '_', 'entry'))).toBe(true);
    const all = await runOkapi(['cache', 'clear'], { env: home.env });
    expect(all.code).toBe(0);
    expect(existsSync(responses)).toBe(false);
    expect(existsSync(join(cacheDir(home), 'apis/example/spec.json'))).toBe(true);
    expect((await runOkapi(['cache', 'clear', 'nope'], { env: home.env })).code).toBe(1);
  });
});

describe('the operation index at start-up', () => {
  it('re-indexes offline from the cached spec when operation_base changes or the index is damaged', async () => {
    const home = freshHome();
    const file = join(home.dir, 'spec.json');
    writeFileSync(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'B', version: '1' }, paths: { '/api/rest/foo': { get: { responses: {} } } } }));
    expect((await runOkapi(['api', 'connect', 'base', server.url, '--spec', file], { env: home.env })).code).toBe(0);
    expect((await runOkapi(['base'], { env: home.env })).stdout).toMatch(/\n {2}get-api-rest-foo\n/);
    expect((await runOkapi(['api', 'set', 'base', 'operation_base: /api/rest'], { env: home.env })).code).toBe(0);
    expect((await runOkapi(['base'], { env: home.env })).stdout).toMatch(/\n {2}get-foo\n/);
    writeFileSync(join(cacheDir(home), 'apis/base/help.index'), '{not json');
    const repaired = await runOkapi(['base', '--help'], { env: home.env });
    expect(repaired.code).toBe(0);
    expect(repaired.stdout).toMatch(/\n {2}get-foo\n/);
  });

  it('re-syncs from a local spec file that changed (size and full-precision mtime)', async () => {
    const home = freshHome();
    const file = join(home.dir, 'spec.yaml');
    writeFileSync(file, 'openapi: 3.0.3\ninfo: {title: L, version: "1"}\npaths:\n  /a: {get: {operationId: first, responses: {}}}\n');
    expect((await runOkapi(['api', 'connect', 'local', server.url, '--spec', file], { env: home.env })).code).toBe(0);
    writeFileSync(file, 'openapi: 3.0.3\ninfo: {title: L, version: "2"}\npaths:\n  /a: {get: {operationId: second, responses: {}}}\n');
    const help = await runOkapi(['local', '--help'], { env: home.env });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('second');
    expect(help.stdout).not.toContain('first');
    expect(help.stderr).toContain('changed since the API was indexed');
    const again = await runOkapi(['local', '--help'], { env: home.env });
    expect(again.stderr).toBe('');
  });

  it('hands descriptions to an external loader plugin by content type', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'line-loader',
      `{
        manifest: { name: 'line-loader', okapi_api_version: 2, hooks: ['loader'], loader_content_types: ['text/x-api-lines'], required_features: ['loader.source_metadata'] },
        hooks: {
          loader(input) {
            const paths = {};
            for (const line of new TextDecoder().decode(input.body).split('\\n').filter(Boolean)) {
              const [method, path, id] = line.split(' ');
              (paths[path] ??= {})[method.toLowerCase()] = { operationId: id, summary: 'from ' + input.source_url, responses: {} };
            }
            return { document: { openapi: '3.1.0', info: { title: 'Lines', version: '1' }, paths } };
          },
        },
      }`,
    );
    server.routes.set('/lines', { headers: { link: '</lines/spec>; rel="describedby"' }, body: '' });
    server.routes.set('/lines/spec', { headers: { 'content-type': 'text/x-api-lines' }, body: 'GET /a listA\nPOST /a makeA\n' });
    const result = await runOkapi(['api', 'connect', 'lines', `${server.url}/lines`], { env: { ...home.env, OKAPI_PLUGIN_PATH: home.plugins } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('2 operations');
    const help = await runOkapi(['lines'], { env: home.env });
    expect(help.stdout).toMatch(/list-a\s+from http:\/\/127\.0\.0\.1:\d+\/lines\/spec/);
  });

  it('a second word after an API name is a command: one the API lacks is a usage error, nothing sent', async () => {
    const home = freshHome();
    expect((await runOkapi(['api', 'connect', 'example', api.url], { env: home.env })).code).toBe(0);
    const before = api.requests.length;
    const result = await runOkapi(['example', 'x: 1'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('example has no command "x: 1"');
    expect(api.requests.length).toBe(before);
  });

  it('api without a verb is a usage error; api --help shows the verbs', async () => {
    const home = freshHome();
    expect((await runOkapi(['api'], { env: home.env })).code).toBe(2);
    const help = await runOkapi(['api', '--help'], { env: home.env });
    expect(help.stdout).toContain('okapi api connect <name> <url>');
    const root = await runOkapi(['--help'], { env: home.env });
    expect(root.stdout).toContain('-p, --okapi-profile');
    for (const command of ['api', 'doctor', 'cache']) expect(root.stdout).toMatch(new RegExp(`\\n {2}${command}\\s`));
  });
});

describe('cached API help', () => {
  it('prints the same help from the cache and follows changes to the config', async () => {
    const home = freshHome();
    const connect = await runOkapi(['api', 'connect', 'cached', api.url, '--yes'], { env: home.env });
    expect(connect.code).toBe(0);
    const first = await runOkapi(['cached', '--help'], { env: home.env });
    const second = await runOkapi(['cached', '--help'], { env: home.env });
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect((await runOkapi(['api', 'set', 'cached', 'profiles.staging: {}'], { env: home.env })).code).toBe(0);
    const third = await runOkapi(['cached', '--help'], { env: home.env });
    expect(third.stdout).toContain('staging');
  });

  it("keeps a generated command's help and a completion answer, and follows changes to the API", async () => {
    const home = freshHome();
    expect((await runOkapi(['api', 'connect', 'kept', api.url, '--yes'], { env: home.env })).code).toBe(0);
    const first = await runOkapi(['kept', 'get-status', '--help'], { env: home.env });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Usage: okapi kept get-status <code>');
    expect(existsSync(join(cacheDir(home), 'help/help-op-kept~get-status.txt'))).toBe(true);
    expect((await runOkapi(['kept', 'get-status', '--help'], { env: home.env })).stdout).toBe(first.stdout);

    const tab = (words: string[]) => runOkapi(['completion', '__complete', String(words.length), '--', ...words], { env: home.env });
    const commands = await tab(['kept', 'get-st']);
    expect(commands.stdout.split('\n')[0]).toMatch(/^get-status\t/);
    expect((await tab(['kept', 'get-st'])).stdout).toBe(commands.stdout);
    expect((await tab(['kept', 'list-it'])).stdout).toMatch(/^list-items\t/);
    expect(existsSync(join(cacheDir(home), 'completion/words~kept.txt'))).toBe(true);

    // An API connected since is a new first word: the kept answer for the first word is out of date.
    expect((await tab(['ke'])).stdout).toContain('kept');
    expect((await runOkapi(['api', 'connect', 'kept2', api.url, '--yes'], { env: home.env })).code).toBe(0);
    expect((await tab(['ke'])).stdout).toContain('kept2');
    // The command table is rewritten by a sync with another layout: the kept answer follows it.
    expect((await runOkapi(['api', 'set', 'kept', 'command_layout: tags'], { env: home.env })).code).toBe(0);
    expect((await tab(['kept', 'stat'])).stdout).toMatch(/^status\t/);
  });
});
