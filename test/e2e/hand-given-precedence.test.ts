/**
 * What the user gives for one request beats a profile's defaults (SPEC "precedence": flags, then
 * the environment, then the profile): a credential typed by hand over the profile's auth, a query
 * name in the URL over the profile's default, cookies merged by name, and a header typed twice
 * refused. Against the example API on 127.0.0.1, which records what it received.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, homeWithApi, runOkapi } from '../helpers/run-okapi.js';

/** Operations on the example API's /anything, which answers any request. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'precedence', version: '1' },
  paths: {
    '/anything/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'sess', in: 'cookie', schema: { type: 'string' } },
          { name: 'X-Req-Id', in: 'header', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'what the server received' } },
      },
    },
    '/anything/priv': { get: { operationId: 'priv', security: [{ bearer: [] }], responses: { 200: { description: 'what the server received' } } } },
  },
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
};

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.requests.length = 0;
});

type Home = ReturnType<typeof freshHome>;

/** What the example API received last: its query pairs and the headers these tests look at. */
async function send(home: Home, args: string[], env: Record<string, string> = {}) {
  const result = await runOkapi(args, { env: { ...home.env, ...env } });
  const last = api.requests.at(-1);
  const header = (name: string) => last?.headers[name] as string | undefined;
  const got = last && {
    query: [...new URL(last.path, api.url).searchParams],
    authorization: header('authorization'),
    apiKey: header('x-api-key'),
    cookie: header('cookie'),
    reqId: header('x-req-id'),
  };
  return { ...result, got };
}

/** A home with the API `sp` connected to the document above, its default profile replaced by `profile`. */
async function connected(profile: Record<string, unknown>): Promise<Home> {
  const home = freshHome();
  const spec = join(home.dir, 'openapi.json');
  writeFileSync(spec, JSON.stringify(DOCUMENT));
  const connect = await runOkapi(['api', 'connect', 'sp', api.url, '--spec', spec, '--yes'], { env: home.env });
  expect(connect.code, connect.stderr).toBe(0);
  const config = JSON.parse(readFileSync(home.config, 'utf8'));
  config.apis.sp.profiles = { default: profile };
  writeFileSync(home.config, JSON.stringify(config));
  return home;
}

const apiKey = (place: string, name: string, value: string) => ({ auth: { type: 'api-key', params: { in: place, name, value } } });

describe("a credential given by hand over the profile's auth", () => {
  it('sends the Authorization typed with -H, and says so with -v only', async () => {
    const home = homeWithApi('kb', api.url, { auth: { type: 'bearer', params: { token: 'ADMIN' } } });
    const quiet = await send(home, ['kb/anything', '-H', 'Authorization: Bearer READONLY']);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.got?.authorization).toBe('Bearer READONLY');
    expect(quiet.stderr).toBe('');
    const verbose = await send(home, ['kb/anything', '-H', 'Authorization: Bearer READONLY', '-v']);
    expect(verbose.got?.authorization).toBe('Bearer READONLY');
    expect(verbose.stderr).toContain("okapi: sending the Authorization you gave (-H), not profile default's bearer credential\n");
    expect(verbose.stderr).not.toContain('READONLY');
    expect(verbose.stderr).not.toContain('ADMIN');
    const env = await send(home, ['kb/anything', '-v'], { OKAPI_HEADER: 'Authorization: Bearer FROMENV' });
    expect(env.got?.authorization).toBe('Bearer FROMENV');
    expect(env.stderr).toContain('sending the Authorization you gave (OKAPI_HEADER)');
  });

  it("sends the api-key query parameter of the URL, -q or OKAPI_QUERY once, not the profile's", async () => {
    const home = homeWithApi('kq', api.url, apiKey('query', 'api_key', 'PROFKEY'));
    for (const [args, env] of [
      [['kq/anything?api_key=MINE'], {}],
      [['kq/anything', '-q', 'api_key=MINE'], {}],
      [['kq/anything'], { OKAPI_QUERY: 'api_key=MINE' }],
    ] as [string[], Record<string, string>][]) {
      const { code, stderr, got } = await send(home, [...args, '-v'], env);
      expect(code, stderr).toBe(0);
      expect(got?.query).toEqual([['api_key', 'MINE']]);
      expect(stderr).toMatch(/okapi: sending the query parameter api_key you gave \((the URL|-q|OKAPI_QUERY)\), not profile default's api-key credential/);
    }
  });

  it("sends the api-key header typed with -H, and a typed cookie among the others, not the profile's", async () => {
    const header = await send(homeWithApi('kh', api.url, apiKey('header', 'X-Api-Key', 'prof')), ['kh/anything', '-H', 'X-Api-Key: mine']);
    expect(header.got?.apiKey).toBe('mine');
    // A credential header whose name says nothing: what the auth would have set stays masked in -v.
    const tenant = await send(homeWithApi('kt', api.url, apiKey('header', 'X-Tenant', 'prof')), ['kt/anything', '-H', 'X-Tenant: mine-7f3a9c', '-v']);
    expect(api.requests.at(-1)?.headers['x-tenant']).toBe('mine-7f3a9c');
    expect(tenant.stderr).toContain('X-Tenant: <redacted>');
    expect(tenant.stderr).not.toContain('mine-7f3a9c');
    const cookieHome = homeWithApi('kc', api.url, apiKey('cookie', 'sid', 'prof'));
    const cookie = await send(cookieHome, ['kc/anything', '-H', 'Cookie: sid=mine; other=1', '-v']);
    expect(cookie.got?.cookie).toBe('sid=mine; other=1');
    expect(cookie.stderr).toContain("okapi: sending the cookie sid you gave (-H), not profile default's api-key credential");
    expect((await send(cookieHome, ['kc/anything', '-H', 'Cookie: other=1'])).got?.cookie).toBe('other=1; sid=prof');
  });

  it("sends the Authorization typed for a generated command over its operation's credential", async () => {
    const home = await connected({ auth: { type: 'bearer', params: { token: 'PROFTOK' } } });
    const typed = await send(home, ['sp', 'priv', '-H', 'Authorization: Bearer MINE', '-v']);
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.got?.authorization).toBe('Bearer MINE');
    expect(typed.stderr).toContain("okapi: sending the Authorization you gave (-H), not profile default's bearer credential");
    expect((await send(home, ['sp', 'priv'])).got?.authorization).toBe('Bearer PROFTOK');
  });
});

describe("a profile's query default under the request's own", () => {
  it('sends the value of the URL or of the command, not both', async () => {
    const kb = await send(homeWithApi('kb', api.url, { query: ['k=1', 'keep=p'] }), ['kb/anything?k=2']);
    expect(kb.got?.query).toEqual([['k', '2'], ['keep', 'p']]);
    const home = await connected({ query: ['limit=99'] });
    const command = await send(home, ['sp', 'get-item', 'x', '--limit', '5']);
    expect(command.code, command.stderr).toBe(0);
    expect(command.got?.query).toEqual([['limit', '5']]);
    expect((await send(home, ['sp', 'get-item', 'x'])).got?.query).toEqual([['limit', '99']]);
    expect((await send(home, ['sp', 'get-item', 'x', '--limit', '5'], { OKAPI_QUERY: 'limit=10' })).got?.query).toEqual([['limit', '5']]);
  });

  it("refuses a query parameter the command and -q both give with other values, and sends nothing", async () => {
    const home = await connected({});
    const twice = await send(home, ['sp', 'get-item', 'x', '--limit', '5', '-q', 'limit=7']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("the query parameter limit is given twice, by the command's parameter (limit=5) and by -q 'limit=7': give it once");
    expect(api.requests).toEqual([]);
    expect((await send(home, ['sp', 'get-item', 'x', '--limit', '5', '-q', 'limit=5'])).got?.query).toEqual([['limit', '5']]);
  });
});

describe("a command's cookie and header parameters with the user's", () => {
  it("merges the command's cookie with a -H or OKAPI_HEADER cookie by name", async () => {
    const home = await connected({});
    expect((await send(home, ['sp', 'get-item', 'x', '--sess', 'v', '-H', 'Cookie: other=1'])).got?.cookie).toBe('sess=v; other=1');
    expect((await send(home, ['sp', 'get-item', 'x', '--sess', 'v'], { OKAPI_HEADER: 'Cookie: envc=1' })).got?.cookie).toBe('envc=1; sess=v');
  });

  it('refuses a header the command and -H both give with other values, and sends nothing', async () => {
    const home = await connected({});
    const twice = await send(home, ['sp', 'get-item', 'x', '--x-req-id', 'p', '-H', 'X-Req-Id: h']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("the header X-Req-Id is given twice, by the command's parameter (X-Req-Id: p) and by -H 'X-Req-Id: h': give it once");
    const cookie = await send(home, ['sp', 'get-item', 'x', '--sess', 'v', '-H', 'Cookie: sess=w']);
    expect(cookie.code).toBe(2);
    expect(cookie.stderr).toContain('the cookie sess is given twice');
    expect(api.requests).toEqual([]);
    const same = await send(home, ['sp', 'get-item', 'x', '--x-req-id', 'p', '-H', 'X-Req-Id: p']);
    expect(same.code, same.stderr).toBe(0);
    expect(same.got?.reqId).toBe('p');
  });
});
