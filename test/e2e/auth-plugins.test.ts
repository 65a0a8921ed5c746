/**
 * The pipeline's auth phase: a profile's auth.type names an auth plugin, which gets only what it is
 * owed (secret params with needs_auth_secrets, only the APIs in auth_api_names).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CREDENTIALS, startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { writeSdkPlugin } from '../helpers/plugin-files.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

function vaultPlugin(manifest: object): string {
  return `{
    manifest: ${JSON.stringify({ name: 'vault', okapi_api_version: 2, hooks: ['auth'], ...manifest })},
    hooks: { auth: (input) => ({ headers: {
      Authorization: 'Bearer ' + (input.params.token ?? 'none'),
      'X-Seen-Params': Object.keys(input.params).sort().join(','),
      'X-Seen-Api': input.api + '/' + input.profile,
    } }) },
  }`;
}

function homeWith(manifest: object, auth: object) {
  const home = freshHome();
  writeSdkPlugin(home.plugins, 'vault', vaultPlugin(manifest));
  writeFileSync(home.config, JSON.stringify({ apis: { demo: { base_url: api.url, profiles: { default: { auth } } } } }));
  return home;
}

const token = EXAMPLE_CREDENTIALS.bearer.token;

describe('auth plugins chosen by a profile', () => {
  it('authenticates API-aware requests, with secret params only for plugins that need them', async () => {
    const withSecrets = homeWith({ needs_auth_secrets: true }, { type: 'vault', params: { token: 'env:VAULT_TOKEN', realm: 'prod' } });
    const ok = await runOkapi(['demo/auth/bearer', '-o', 'json'], { env: { ...withSecrets.env, VAULT_TOKEN: token } });
    expect(ok.stderr).toBe('');
    expect(JSON.parse(ok.stdout)).toMatchObject({ authenticated: true, scheme: 'bearer' });

    const echo = await runOkapi(['demo/anything', '-o', 'json'], { env: { ...withSecrets.env, VAULT_TOKEN: token } });
    const headers = JSON.parse(echo.stdout).headers;
    expect(headers['x-seen-params']).toBe('realm,token');
    expect(headers['x-seen-api']).toBe('demo/default');

    const withoutSecrets = homeWith({}, { type: 'vault', params: { token: 'env:VAULT_TOKEN', realm: 'prod' } });
    const denied = await runOkapi(['demo/anything', '-o', 'json'], { env: { ...withoutSecrets.env, VAULT_TOKEN: token } });
    expect(JSON.parse(denied.stdout).headers['x-seen-params']).toBe('realm');
    expect(denied.stdout).not.toContain(token);
  });

  it('reads params from a command', async () => {
    const home = homeWith({ needs_auth_secrets: true }, { type: 'vault', params: { token: `command:printf '%s' ${token}` } });
    const result = await runOkapi(['demo/auth/bearer', '-o', 'json'], { env: home.env });
    expect(JSON.parse(result.stdout).authenticated).toBe(true);
  });

  it('refuses an API that is not in the plugin auth_api_names', async () => {
    const home = homeWith({ auth_api_names: ['other'] }, { type: 'vault', params: {} });
    const before = api.requests.length;
    const result = await runOkapi(['demo/anything'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('plugin vault does not authenticate API demo: its auth_api_names are other');
    expect(api.requests.length).toBe(before);
  });

  it('names a missing auth plugin and an unset variable, never a secret value', async () => {
    const missing = homeWith({}, { type: 'nosuch', params: {} });
    const none = await runOkapi(['demo/anything'], { env: missing.env });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('needs an auth plugin named "nosuch"');

    const unset = homeWith({}, { type: 'vault', params: { token: 'env:OKAPI_TEST_UNSET_TOKEN' } });
    const result = await runOkapi(['demo/anything'], { env: unset.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('reads the environment variable OKAPI_TEST_UNSET_TOKEN, which is not set');
  });
});

describe("an external auth plugin's token store", () => {
  it('keeps what one run stored for the next, per API and profile, in tokens.json', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'keeper',
      `{
        manifest: ${JSON.stringify({ name: 'keeper', okapi_api_version: 2, hooks: ['auth'] })},
        hooks: { async auth(input, ctx) {
          const scope = { api: input.api, profile: input.profile };
          const runs = Number((await ctx.tokens.get(scope, 'runs')) ?? '0');
          await ctx.tokens.set(scope, 'runs', String(runs + 1));
          return { headers: { 'X-Runs-Before': String(runs) } };
        } },
      }`,
    );
    writeFileSync(home.config, JSON.stringify({ apis: { demo: { base_url: api.url, profiles: { default: { auth: { type: 'keeper', params: {} } } } } } }));
    const runsBefore = async () => JSON.parse((await runOkapi(['demo/anything', '-o', 'json'], { env: home.env })).stdout).headers['x-runs-before'];
    expect(await runsBefore()).toBe('0');
    expect(await runsBefore()).toBe('1');
    expect(JSON.parse(readFileSync(join(home.dir, 'tokens.json'), 'utf8'))).toEqual({ apis: { demo: { default: { default: { runs: '2' } } } } });
  });
});

describe('what an auth plugin without needs_auth_secrets receives', () => {
  /** Records, in headers of the request it authenticates, the params and request headers okapi gave it. */
  function recorderHome(manifest: object, params: Record<string, string>) {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'recorder',
      `{
        manifest: ${JSON.stringify({ name: 'recorder', okapi_api_version: 2, hooks: ['auth'], ...manifest })},
        hooks: { auth: (input) => ({ headers: {
          'X-Recorded-Params': JSON.stringify(input.params),
          'X-Recorded-Headers': JSON.stringify(input.request.headers),
        } }) },
      }`,
    );
    writeFileSync(home.config, JSON.stringify({ apis: { demo: { base_url: api.url, profiles: { default: { auth: { type: 'recorder', params } } } } } }));
    return home;
  }

  const secretNamed = { apikey: 'v-apikey', bearer: 'v-bearer', jwt: 'v-jwt', pat: 'v-pat', pin: 'v-pin', sig: 'v-sig', auth: 'v-auth', client_secret: 'v-cs' };
  const params = { ...secretNamed, realm: 'prod', tenant: 'env:OKAPI_TEST_TENANT', region: "command:printf '%s' eu-west" };
  const headers = ['-H', 'X-JWT: h-jwt', '-H', 'DPoP: h-dpop', '-H', 'X-Access-Code: h-code', '-H', 'Authentication: h-authn', '-H', 'X-Team: h-team'];

  it('gets neither credential-named params nor values from env: or command:, and credential headers only as <redacted>', async () => {
    const home = recorderHome({}, params);
    const result = await runOkapi(['demo/anything', ...headers, '-o', 'json'], { env: { ...home.env, OKAPI_TEST_TENANT: 'acme' } });
    expect(result.stderr).toBe('');
    const echoed = JSON.parse(result.stdout).headers;
    expect(JSON.parse(echoed['x-recorded-params'])).toEqual({ realm: 'prod' });
    const seen = JSON.parse(echoed['x-recorded-headers']) as Record<string, string[]>;
    for (const name of ['X-JWT', 'DPoP', 'X-Access-Code', 'Authentication']) expect(seen[name]).toEqual(['<redacted>']);
    expect(seen['X-Team']).toEqual(['h-team']);
    // The server still gets the real values: only the plugin's view is redacted.
    expect(echoed['x-jwt']).toBe('h-jwt');
  });

  it('gets every param and header with needs_auth_secrets', async () => {
    const home = recorderHome({ needs_auth_secrets: true }, params);
    const result = await runOkapi(['demo/anything', ...headers, '-o', 'json'], { env: { ...home.env, OKAPI_TEST_TENANT: 'acme' } });
    const echoed = JSON.parse(result.stdout).headers;
    expect(JSON.parse(echoed['x-recorded-params'])).toEqual({ ...secretNamed, realm: 'prod', tenant: 'acme', region: 'eu-west' });
    expect(JSON.parse(echoed['x-recorded-headers'])['X-JWT']).toEqual(['h-jwt']);
  });
});

describe("an operation's security requirements", () => {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'demo', version: '1' },
    security: [{ vault: [] }],
    components: { securitySchemes: { vault: { type: 'http', scheme: 'bearer' } } },
    paths: {
      '/anything/public/{id}': { get: { operationId: 'getPublic', security: [], parameters: [{ name: 'id', in: 'path', required: true }], responses: { '200': { description: 'echo' } } } },
      '/anything/private/{id}': { get: { operationId: 'getPrivate', parameters: [{ name: 'id', in: 'path', required: true }], responses: { '200': { description: 'echo' } } } },
      '/anything/{kind}/{id}': { get: { operationId: 'getAny', parameters: [{ name: 'kind', in: 'path', required: true }, { name: 'id', in: 'path', required: true }], responses: { '200': { description: 'echo' } } } },
    },
  };

  async function connected() {
    const home = homeWith({ needs_auth_secrets: true }, { type: 'vault', params: { token: 'okapi-test-token' } });
    const file = join(home.dir, 'demo.json');
    writeFileSync(file, JSON.stringify(spec));
    const connect = await runOkapi(['api', 'connect', 'demo', api.url, '--spec', file, '--yes'], { env: home.env });
    expect(connect.code, connect.stderr).toBe(0);
    return home;
  }
  const authorization = async (home: ReturnType<typeof freshHome>, args: string[]) => {
    const result = await runOkapi([...args, '-o', 'json'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout).headers.authorization as string | undefined;
  };

  it('security: [] keeps the profile auth off a generated command and off the one generic request that matches it', async () => {
    const home = await connected();
    expect(await authorization(home, ['demo', 'get-public', '7'])).toBeUndefined();
    expect(await authorization(home, ['demo', 'get-private', '7'])).toBe('Bearer okapi-test-token');
    expect(await authorization(home, ['demo/anything/private/7'])).toBe('Bearer okapi-test-token');
    // /anything/public/7 matches both /anything/public/{id} and /anything/{kind}/{id}: no one operation, so the profile applies.
    expect(await authorization(home, ['demo/anything/public/7'])).toBe('Bearer okapi-test-token');
    expect(await authorization(home, ['demo', 'get-any', 'public', '7'])).toBe('Bearer okapi-test-token');
  });

  it('applies to the one operation a generic request matches', async () => {
    const home = await connected();
    const only = { ...spec, paths: { '/anything/public/{id}': spec.paths['/anything/public/{id}'], '/anything/private/{id}': spec.paths['/anything/private/{id}'] } };
    writeFileSync(join(home.dir, 'demo.json'), JSON.stringify(only));
    expect((await runOkapi(['api', 'sync', 'demo'], { env: home.env })).code).toBe(0);
    expect(await authorization(home, ['demo/anything/public/7'])).toBeUndefined();
    expect(await authorization(home, ['post', 'demo/anything/public/7'])).toBe('Bearer okapi-test-token');
    expect(await authorization(home, ['demo/anything/private/7'])).toBe('Bearer okapi-test-token');
  });
});
