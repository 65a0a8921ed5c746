/**
 * A query written by several hands reaches the server once per name: base_url's, the description's
 * server and path key, the profile's, OKAPI_QUERY, what the user typed, then -q. Against the example
 * API on 127.0.0.1, which records what it received; base_url is the description's server, as
 * `api connect <name> <url>` makes it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let api: ExampleApi;
let home: ReturnType<typeof freshHome>;

/** Connects `t` with base_url the server of its description, query and all, and the profile given. */
async function connect(profile: Record<string, unknown>): Promise<void> {
  const server = `${api.url}/anything/v1?api-version=2024`;
  const document = {
    openapi: '3.0.3',
    info: { title: 'layers', version: '1' },
    servers: [{ url: server }],
    paths: {
      // Not valid OpenAPI, but written by some (Azure's x-ms-paths style): a fixed query in the path key.
      '/search?mode=fast': {
        get: {
          operationId: 'search',
          parameters: [
            { name: 'api-version', in: 'query', schema: { type: 'string' } },
            { name: 'mode', in: 'query', schema: { type: 'string' } },
            { name: 'tag', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          ],
          responses: { 200: { description: 'what the server received' } },
        },
      },
    },
  };
  home = freshHome();
  const spec = join(home.dir, 'openapi.json');
  writeFileSync(spec, JSON.stringify(document));
  const connected = await runOkapi(['api', 'connect', 't', server, '--spec', spec, '--yes'], { env: home.env });
  expect(connected.code, connected.stderr).toBe(0);
  const config = JSON.parse(readFileSync(home.config, 'utf8'));
  config.apis.t.profiles = { default: profile };
  writeFileSync(home.config, JSON.stringify(config));
}

/** The query pairs and Cookie header the example API received, after a run that must succeed. */
async function sent(args: string[], env: Record<string, string> = {}) {
  const result = await runOkapi(args, { env: { ...home.env, ...env } });
  expect(result.code, result.stderr).toBe(0);
  const last = api.requests.at(-1)!;
  return { query: [...new URL(last.path, api.url).searchParams], cookie: last.headers.cookie, team: last.headers['x-team'] };
}

beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(() => api.close());

describe('a generated command', () => {
  beforeAll(() => connect({}));

  it("sends base_url's and the server's api-version once, and a parameter's value instead of it or the path key's", async () => {
    expect((await sent(['t', 'search'])).query).toEqual([['api-version', '2024'], ['mode', 'fast']]);
    expect((await sent(['t', 'search', '--api-version', '2025'])).query).toEqual([['mode', 'fast'], ['api-version', '2025']]);
    expect((await sent(['t', 'search', '--mode', 'slow', '--tag', 'a', '--tag', 'b'])).query).toEqual([
      ['api-version', '2024'],
      ['mode', 'slow'],
      ['tag', 'a'],
      ['tag', 'b'],
    ]);
  });

  it("lets -q and OKAPI_QUERY replace what base_url, the server or the path key wrote, and blames only the command's own parameter", async () => {
    expect((await sent(['t', 'search', '-q', 'api-version=2025'])).query).toEqual([['mode', 'fast'], ['api-version', '2025']]);
    expect((await sent(['t', 'search'], { OKAPI_QUERY: 'mode=env' })).query).toEqual([['api-version', '2024'], ['mode', 'env']]);
    const before = api.requests.length;
    const twice = await runOkapi(['t', 'search', '--mode', 'slow', '-q', 'mode=x'], { env: home.env });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("the query parameter mode is given twice, by the command's parameter (mode=slow) and by -q 'mode=x': give it once");
    expect(api.requests.length).toBe(before);
  });
});

describe('okapi <api>/<path>', () => {
  beforeAll(() => connect({ headers: ['Cookie: prof=p', 'X-Team: p'] }));

  it("sends base_url's query under OKAPI_QUERY, the profile's query, the URL's own and -q", async () => {
    expect((await sent(['t/echo'])).query).toEqual([['api-version', '2024']]);
    expect((await sent(['t/echo'], { OKAPI_QUERY: 'api-version=3' })).query).toEqual([['api-version', '3']]);
    expect((await sent(['t/echo?api-version=2'])).query).toEqual([['api-version', '2']]);
    expect((await sent(['t/echo', '-q', 'api-version=4'])).query).toEqual([['api-version', '4']]);
    const config = JSON.parse(readFileSync(home.config, 'utf8'));
    config.apis.t.profiles.default.query = ['api-version=2'];
    writeFileSync(home.config, JSON.stringify(config));
    expect((await sent(['t/echo'])).query).toEqual([['api-version', '2']]);
  });

  it("clears the profile's cookies with an empty -H 'Cookie:', as an empty -H of any header replaces the profile's", async () => {
    expect(await sent(['t/echo'])).toMatchObject({ cookie: 'prof=p', team: 'p' });
    expect(await sent(['t/echo', '-H', 'Cookie:', '-H', 'X-Team:'])).toMatchObject({ cookie: '', team: '' });
    expect((await sent(['t/echo', '-H', 'Cookie:', '-H', 'Cookie: mine=1'])).cookie).toBe('mine=1');
  });
});
