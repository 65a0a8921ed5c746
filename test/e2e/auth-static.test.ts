/**
 * The built-in static auth types (bearer, api-key, http-basic) against the example API's four auth
 * fixtures: through a profile on generic requests and on the generated commands of the connected
 * API, with -v masking what the auth added and errors that name the param to set.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CREDENTIALS, startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, homeWithApi, runOkapi } from '../helpers/run-okapi.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

type Auth = { type: string; params: Record<string, string> };
type Home = ReturnType<typeof freshHome>;

const { bearer, apiKeyHeader, apiKeyQuery, basic } = EXAMPLE_CREDENTIALS;

/** Each fixture, the auth that opens it, and the generated command of its operation. */
const fixtures: { path: string; command: string; auth: Auth; scheme: string; subject: string }[] = [
  { path: '/auth/bearer', command: 'auth-bearer', auth: { type: 'bearer', params: { token: bearer.token } }, scheme: 'bearer', subject: bearer.subject },
  {
    path: '/auth/api-key-header',
    command: 'auth-api-key-header',
    auth: { type: 'api-key', params: { in: 'header', name: apiKeyHeader.header, value: apiKeyHeader.key } },
    scheme: 'apiKey',
    subject: apiKeyHeader.subject,
  },
  {
    path: '/auth/api-key-query',
    command: 'auth-api-key-query',
    auth: { type: 'api-key', params: { in: 'query', name: apiKeyQuery.param, value: apiKeyQuery.key } },
    scheme: 'apiKey',
    subject: apiKeyQuery.subject,
  },
  { path: '/auth/basic', command: 'auth-basic', auth: { type: 'http-basic', params: { username: basic.username, password: basic.password } }, scheme: 'basic', subject: basic.subject },
];

/** A home whose API `ex` (base URL only, nothing connected) has `auth` in its default profile. */
function homeWith(auth: Auth): Home {
  return homeWithApi('ex', api.url, { auth });
}

/** The profile's auth replaced in the config `api connect` wrote. */
function setAuth(home: Home, auth: Auth): void {
  const config = JSON.parse(readFileSync(home.config, 'utf8'));
  config.apis.ex.profiles = { ...config.apis.ex.profiles, default: { ...config.apis.ex.profiles?.default, auth } };
  writeFileSync(home.config, JSON.stringify(config));
}

const secretsOf = (auth: Auth) => Object.entries(auth.params).filter(([name]) => ['token', 'value', 'password'].includes(name)).map(([, value]) => value);

describe('built-in auth types through a profile', () => {
  it.each(fixtures)('$auth.type opens $path on a generic request', async ({ path, auth, scheme, subject }) => {
    const home = homeWith(auth);
    const result = await runOkapi([`ex${path}`, '-o', 'json'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ authenticated: true, scheme, subject });
  });

  it('opens each fixture through its generated command once the API is connected', async () => {
    const home = freshHome();
    const connect = await runOkapi(['api', 'connect', 'ex', api.url, '--yes'], { env: home.env });
    expect(connect.code, connect.stderr).toBe(0);
    for (const { command, auth, scheme, subject } of fixtures) {
      setAuth(home, auth);
      const result = await runOkapi(['ex', command, '-o', 'json'], { env: home.env });
      expect(result.code, `${command}: ${result.stderr}`).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ authenticated: true, scheme, subject });
    }
  });

  it('-v shows what the auth added with its value masked', async () => {
    const shown: Record<string, string> = {
      '/auth/bearer': 'Authorization: Bearer <redacted>',
      '/auth/api-key-header': `${apiKeyHeader.header}: <redacted>`,
      '/auth/api-key-query': `GET /auth/api-key-query?${apiKeyQuery.param}=*** HTTP/1.1`,
      '/auth/basic': 'Authorization: Basic <redacted>',
    };
    for (const { path, auth } of fixtures) {
      const result = await runOkapi([`ex${path}`, '-v'], { env: homeWith(auth).env });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(shown[path]);
      for (const secret of secretsOf(auth)) expect(result.stderr).not.toContain(secret);
    }
  });

  it('-v masks an api-key header or query parameter whose name does not look like a credential', async () => {
    const header = await runOkapi(['ex/anything', '-v', '-o', 'json'], { env: homeWith({ type: 'api-key', params: { in: 'header', name: 'X-Tenant', value: 'tenant-secret-1' } }).env });
    expect(JSON.parse(header.stdout).headers['x-tenant']).toBe('tenant-secret-1');
    expect(header.stderr).toContain('X-Tenant: <redacted>');
    expect(header.stderr).not.toContain('tenant-secret-1');

    const query = await runOkapi(['ex/anything', '-v'], { env: homeWith({ type: 'api-key', params: { in: 'query', name: 'k', value: 'query-secret-1' } }).env });
    expect(query.stderr).toContain('GET /anything?k=*** HTTP/1.1');
    expect(query.stderr).not.toContain('query-secret-1');

    // The --okapi-print transcript on stdout masks them the same way.
    const printed = await runOkapi(['ex/anything', '--okapi-print', 'H'], { env: homeWith({ type: 'api-key', params: { in: 'header', name: 'X-Tenant', value: 'tenant-secret-1' } }).env });
    expect(printed.stdout).toContain('X-Tenant: <redacted>');
    expect(printed.stdout).not.toContain('tenant-secret-1');
  });

  it('sends an api-key cookie beside the cookies of the request, and a sid typed by hand instead of it', async () => {
    const home = homeWith({ type: 'api-key', params: { in: 'cookie', name: 'sid', value: 'cookie-secret-1' } });
    const result = await runOkapi(['ex/anything', '-H', 'Cookie: theme=dark', '-o', 'json'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).headers.cookie).toBe('theme=dark; sid=cookie-secret-1');
    const typed = await runOkapi(['ex/anything', '-H', 'Cookie: theme=dark; sid=mine', '-o', 'json'], { env: home.env });
    expect(JSON.parse(typed.stdout).headers.cookie).toBe('theme=dark; sid=mine');
  });

  it("a wrong token gets the server's 401 and exit 4", async () => {
    const result = await runOkapi(['ex/auth/bearer', '-o', 'json'], { env: homeWith({ type: 'bearer', params: { token: 'wrong-token' } }).env });
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stdout)).toMatchObject({ authenticated: false, scheme: 'bearer' });
  });

  it('reads params from env: and command:', async () => {
    const fromEnv = homeWith({ type: 'http-basic', params: { username: basic.username, password: 'env:EX_PASSWORD' } });
    const viaEnv = await runOkapi(['ex/auth/basic', '-o', 'json'], { env: { ...fromEnv.env, EX_PASSWORD: basic.password } });
    expect(JSON.parse(viaEnv.stdout)).toMatchObject({ authenticated: true, subject: basic.subject });

    const fromCommand = homeWith({ type: 'api-key', params: { in: 'header', name: apiKeyHeader.header, value: `command:printf '%s' ${apiKeyHeader.key}` } });
    const viaCommand = await runOkapi(['ex/auth/api-key-header', '-o', 'json'], { env: fromCommand.env });
    expect(JSON.parse(viaCommand.stdout)).toMatchObject({ authenticated: true, subject: apiKeyHeader.subject });
  });

  it('a failing command: is an error naming the param, and nothing is sent', async () => {
    const before = api.requests.length;
    const result = await runOkapi(['ex/auth/bearer'], { env: homeWith({ type: 'bearer', params: { token: 'command:exit 3' } }).env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the bearer auth of API ex (profile default) param "token" comes from a command that failed (exit 3)');
    expect(api.requests.length).toBe(before);
  });

  it('a failing command: is quoted with the secrets it holds masked', async () => {
    const line = "printf %s sk_live_4eC39HqLyjWDarjtT1zdp7dc; curl https://me:pw@vault.example/x; exit 4";
    const result = await runOkapi(['ex/auth/bearer'], { env: homeWith({ type: 'bearer', params: { token: `command:${line}` } }).env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('comes from a command that failed (exit 4): printf %s ****');
    for (const secret of ['sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'pw@']) expect(result.stderr).not.toContain(secret);
  });

  it('a command: that prints nothing is an empty param, not an empty token', async () => {
    const result = await runOkapi(['ex/auth/bearer'], { env: homeWith({ type: 'bearer', params: { token: 'command:true' } }).env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('okapi: the bearer auth of API ex (profile default) needs the param "token", which is empty');
  });

  it('a missing param names the API, profile and param and the command that sets it', async () => {
    const before = api.requests.length;
    const result = await runOkapi(['ex/auth/basic'], { env: homeWith({ type: 'http-basic', params: { username: basic.username } }).env });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'okapi: the http-basic auth of API ex (profile default) needs the param "password", which is not set\n' +
        "  hint: okapi api set ex 'profiles.default.auth.params.password: env:MY_PASSWORD'\n",
    );
    expect(api.requests.length).toBe(before);

    const home = freshHome();
    writeFileSync(home.config, JSON.stringify({ apis: { ex: { base_url: api.url, profiles: { staging: { auth: { type: 'bearer', params: {} } } } } } }));
    const staging = await runOkapi(['ex/auth/bearer', '-p', 'staging'], { env: home.env });
    expect(staging.code).toBe(1);
    expect(staging.stderr).toContain("hint: okapi api set ex 'profiles.staging.auth.params.token: env:MY_TOKEN'");
  });

  it('a bad api-key "in" names the profile, the param and its value', async () => {
    const result = await runOkapi(['ex/auth/api-key-header'], { env: homeWith({ type: 'api-key', params: { in: 'body', name: 'X-API-Key', value: 'k-secret-1' } }).env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the api-key auth of API ex (profile default) has the param "in" set to "body", but it must be header, query or cookie');
    expect(result.stderr).toContain("hint: okapi api set ex 'profiles.default.auth.params.in: header'");
    expect(result.stderr).not.toContain('k-secret-1');
  });
});
