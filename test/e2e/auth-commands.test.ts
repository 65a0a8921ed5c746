/**
 * `okapi api auth add | remove | logout` as users run them: bindings prefilled from a served
 * OpenAPI description with several security schemes, setup expressions without a terminal, prompts
 * on one, and cached tokens cleared while the HTTP response cache stays.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';
import { hasScript, startOnTerminal } from '../helpers/terminal.js';
import { startSpecServer, type SpecServer } from '../unit/api/spec-server.js';

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Secured', version: '1' },
  servers: [{ url: '/' }],
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        security: [{ bearerAuth: [] }, { keyAuth: [] }, { basicAuth: [] }, { clientAuth: ['read'] }, { deviceAuth: [] }, { oidc: ['openid'] }, { mtls: [] }],
        responses: { 200: { description: 'ok' } },
      },
    },
  },
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer' },
      keyAuth: { type: 'apiKey', in: 'query', name: 'api_key' },
      basicAuth: { type: 'http', scheme: 'basic' },
      clientAuth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id.example.com/token', scopes: { read: 'Read', write: 'Write' } } } },
      deviceAuth: {
        type: 'oauth2',
        flows: { deviceAuthorization: { deviceAuthorizationUrl: 'https://id.example.com/device', tokenUrl: 'https://id.example.com/token', scopes: { read: 'Read' } } },
      },
      oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com/realms/x/.well-known/openid-configuration' },
      mtls: { type: 'mutualTLS' },
    },
  },
};

let server: SpecServer;
beforeAll(async () => {
  server = await startSpecServer();
  server.routes.set('/openapi.json', { body: JSON.stringify(SPEC) });
});
afterAll(async () => {
  await server.close();
});

type Home = ReturnType<typeof freshHome>;

async function connected(): Promise<Home> {
  const home = freshHome();
  const result = await runOkapi(['api', 'connect', 'sec', server.url, '--spec', `${server.url}/openapi.json`], { env: home.env });
  expect(result.code, result.stderr).toBe(0);
  return home;
}

function credentials(home: Home, profile = 'default'): Record<string, unknown> {
  return JSON.parse(readFileSync(home.config, 'utf8')).apis.sec.profiles[profile].credentials ?? {};
}

const run = (home: Home, ...args: string[]) => runOkapi(args, { env: home.env });

describe('api auth add', () => {
  it('prefills each binding from its security scheme, the rest from setup expressions', async () => {
    const home = await connected();
    const adds: string[][] = [
      ['bearerAuth', 'auth.params.token: env:SEC_TOKEN'],
      ['keyAuth', 'auth.params.value: env:SEC_KEY'],
      ['basicAuth', 'auth.params.username: ada'],
      ['clientAuth', 'auth.params.client_id: cli', 'auth.params.client_secret: env:SEC_SECRET'],
      ['deviceAuth', 'auth.params.client_id: dev'],
      ['oidc', 'auth.params.client_id: web', 'satisfies: [openid]'],
    ];
    for (const [id, ...setup] of adds) {
      const result = await run(home, 'api', 'auth', 'add', 'sec', id!, ...setup);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(`added credential ${id} of sec (profile default)`);
      expect(result.stderr).toContain('prefilled from its security scheme');
    }
    expect(credentials(home)).toEqual({
      bearerAuth: { auth: { type: 'bearer', params: { token: 'env:SEC_TOKEN' } } },
      keyAuth: { auth: { type: 'api-key', params: { in: 'query', name: 'api_key', value: 'env:SEC_KEY' } } },
      basicAuth: { auth: { type: 'http-basic', params: { username: 'ada' } } },
      clientAuth: {
        auth: { type: 'oauth-client-credentials', params: { token_url: 'https://id.example.com/token', scopes: 'read write', client_id: 'cli', client_secret: 'env:SEC_SECRET' } },
      },
      deviceAuth: {
        auth: {
          type: 'oauth-device-code',
          params: { device_authorization_url: 'https://id.example.com/device', token_url: 'https://id.example.com/token', scopes: 'read', client_id: 'dev' },
        },
      },
      oidc: { auth: { type: 'oauth-authorization-code', params: { issuer_url: 'https://id.example.com/realms/x', client_id: 'web' } }, satisfies: ['openid'] },
    });
  });

  it('without a terminal, fails on a missing param with the whole command to run, writing nothing', async () => {
    const home = await connected();
    const before = readFileSync(home.config, 'utf8');
    const result = await run(home, 'api', 'auth', 'add', 'sec', 'clientAuth', 'auth.params.client_id: cli');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('credential clientAuth of sec (profile default) needs auth.params.client_secret, and okapi cannot ask without a terminal');
    expect(result.stderr).toContain("run: okapi api auth add sec clientAuth 'auth.params.client_id: cli' 'auth.params.client_secret: <value>'");
    expect(readFileSync(home.config, 'utf8')).toBe(before);
  });

  it('keeps an existing binding, saying which fields it added or changed and never their values', async () => {
    const home = await connected();
    expect((await run(home, 'api', 'auth', 'add', 'sec', 'bearerAuth', 'auth.params.token: first-sekrit')).code).toBe(0);
    const again = await run(home, 'api', 'auth', 'add', 'sec', 'bearerAuth', 'auth.params.token: second-sekrit', 'satisfies: [read]');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('updated credential bearerAuth of sec (profile default): added satisfies; changed auth.params.token; the rest is kept');
    expect(again.stderr).not.toContain('sekrit');
    expect(credentials(home).bearerAuth).toEqual({ auth: { type: 'bearer', params: { token: 'second-sekrit' } }, satisfies: ['read'] });
    const same = await run(home, 'api', 'auth', 'add', 'sec', 'bearerAuth');
    expect(same.code).toBe(0);
    expect(same.stderr).toContain('is already set up; nothing changed');
  });

  it('adds a custom binding for an id that is no scheme, saying so, and refuses a mutualTLS scheme', async () => {
    const home = await connected();
    const custom = await run(home, 'api', 'auth', 'add', 'sec', 'partner', 'auth.type: bearer', 'auth.params.token: env:PARTNER');
    expect(custom.code, custom.stderr).toBe(0);
    expect(custom.stderr).toContain('partner is not a security scheme of sec (its schemes: bearerAuth, keyAuth');
    expect(credentials(home).partner).toEqual({ auth: { type: 'bearer', params: { token: 'env:PARTNER' } } });
    const empty = await run(home, 'api', 'auth', 'add', 'sec', 'later');
    expect(empty.code).toBe(0);
    expect(credentials(home).later).toEqual({});
    // A binding to a shared auth profile takes no auth from the scheme.
    const shared = await run(home, 'api', 'auth', 'add', 'sec', 'bearerAuth', 'auth_ref: corp');
    expect(shared.code, shared.stderr).toBe(0);
    expect(credentials(home).bearerAuth).toEqual({ auth_ref: 'corp' });
    const mtls = await run(home, 'api', 'auth', 'add', 'sec', 'mtls');
    expect(mtls.code).toBe(2);
    expect(mtls.stderr).toContain('mtls is a mutualTLS security scheme of sec');
    expect(mtls.stderr).toContain('client_cert');
    expect(credentials(home).mtls).toBeUndefined();
  });

  it('adds a binding to an API without a description, saying there is no scheme to prefill from', async () => {
    const home = freshHome();
    expect((await run(home, 'api', 'connect', 'sec', server.url, '--no-discover')).code).toBe(0);
    const added = await run(home, 'api', 'auth', 'add', 'sec', 'main', 'auth.type: api-key', 'auth.params.in: header', 'auth.params.name: X-Key', 'auth.params.value: env:K');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('sec has no cached description (connected with --no-discover), so main is no security scheme of it; adding it as a custom binding');
    expect(credentials(home).main).toEqual({ auth: { type: 'api-key', params: { in: 'header', name: 'X-Key', value: 'env:K' } } });
  });

  it('works on the profile -p names, and refuses one that does not exist', async () => {
    const home = await connected();
    expect((await run(home, 'api', 'set', 'sec', 'profiles.staging: {}')).code).toBe(0);
    const added = await run(home, '-p', 'staging', 'api', 'auth', 'add', 'sec', 'bearerAuth', 'auth.params.token: env:T');
    expect(added.code, added.stderr).toBe(0);
    expect(credentials(home, 'staging').bearerAuth).toBeDefined();
    expect(credentials(home).bearerAuth).toBeUndefined();
    const missing = await run(home, '-p', 'stagign', 'api', 'auth', 'add', 'sec', 'bearerAuth', 'auth.params.token: env:T');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('has no profile "stagign"');
    const hint = await run(home, '-p', 'staging', 'api', 'auth', 'add', 'sec', 'keyAuth');
    expect(hint.stderr).toContain("run: okapi api auth add sec -p staging keyAuth 'auth.params.value: <value>'");
  });

  it.skipIf(!hasScript)('asks for a missing param on a terminal, without echoing a secret', async () => {
    const home = await connected();
    const child = startOnTerminal(['api', 'auth', 'add', 'sec', 'bearerAuth'], home.env, ['pipe', 'pipe', 'pipe']);
    let screen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
      if (screen.includes('bearerAuth token:') && !child.stdin!.writableEnded) child.stdin!.end('typed-{sekrit}\r');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, screen).toBe(0);
    expect(screen).not.toContain('typed-');
    // Kept as typed: its braces are escaped, since auth params are template text.
    expect(credentials(home).bearerAuth).toEqual({ auth: { type: 'bearer', params: { token: 'typed-{{sekrit}}' } } });
  });
});

describe('api auth remove', () => {
  it('removes the binding from the config only, and names the configured ones for an unknown id', async () => {
    const home = await connected();
    expect((await run(home, 'api', 'auth', 'add', 'sec', 'bearerAuth', 'auth.params.token: env:T')).code).toBe(0);
    expect((await run(home, 'api', 'auth', 'add', 'sec', 'keyAuth', 'auth.params.value: env:K')).code).toBe(0);
    const tokens = join(home.dir, 'tokens.json');
    const stored = { apis: { sec: { default: { bearerAuth: { access_token: 'kept-sekrit' } } } } };
    writeFileSync(tokens, JSON.stringify(stored), { mode: 0o600 });

    const removed = await run(home, 'api', 'auth', 'remove', 'sec', 'bearerAuth');
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toContain('removed credential bearerAuth from sec (profile default); its cached tokens are kept');
    expect(Object.keys(credentials(home))).toEqual(['keyAuth']);
    expect(JSON.parse(readFileSync(tokens, 'utf8'))).toEqual(stored);

    const unknown = await run(home, 'api', 'auth', 'remove', 'sec', 'bearerAuth');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('sec (profile default) has no credential "bearerAuth"');
    expect(unknown.stderr).toContain('its credentials: keyAuth');
  });
});

describe('api auth logout', () => {
  function seed(home: Home): string {
    const tokens = join(home.dir, 'tokens.json');
    writeFileSync(
      tokens,
      JSON.stringify({
        apis: {
          sec: {
            default: { clientAuth: { access_token: 'a-sekrit', refresh_token: 'r-sekrit' } },
            staging: { clientAuth: { access_token: 's-sekrit' } },
          },
          other: { default: { default: { access_token: 'o-sekrit' } } },
        },
        auth_profiles: { corp: { default: { access_token: 'c-sekrit' } } },
      }),
      { mode: 0o600 },
    );
    return tokens;
  }

  it("clears the current profile's tokens, then every profile's, never the response cache", async () => {
    const home = await connected();
    const tokens = seed(home);
    const cached = join(home.dir, 'cache', 'responses', 'sec', 'entry');
    mkdirSync(join(cached, '..'), { recursive: true });
    writeFileSync(cached, 'a cached response');

    const current = await run(home, 'api', 'auth', 'logout', 'sec');
    expect(current.code, current.stderr).toBe(0);
    expect(current.stderr).toBe('okapi: logged out of sec (profile default): cleared 2 cached token values; the next request signs in again\n');
    expect(JSON.parse(readFileSync(tokens, 'utf8')).apis).toEqual({
      sec: { staging: { clientAuth: { access_token: 's-sekrit' } } },
      other: { default: { default: { access_token: 'o-sekrit' } } },
    });
    expect((statSync(tokens).mode & 0o777).toString(8)).toBe('600');

    const again = await run(home, 'api', 'auth', 'logout', 'sec');
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('okapi: sec (profile default) has no cached tokens; nothing to clear\n');

    const all = await run(home, 'api', 'auth', 'logout', 'sec', '--all-profiles');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stderr).toContain('logged out of sec (all profiles): cleared 1 cached token value;');
    expect(JSON.parse(readFileSync(tokens, 'utf8')).apis).toEqual({ other: { default: { default: { access_token: 'o-sekrit' } } } });
    expect(readFileSync(cached, 'utf8')).toBe('a cached response');
  });

  it('clears a shared auth profile named without an API, and refuses what does not go together', async () => {
    const home = await connected();
    const tokens = seed(home);
    const shared = await run(home, 'api', 'auth', 'logout', '--auth-profile', 'corp');
    expect(shared.code, shared.stderr).toBe(0);
    expect(shared.stderr).toContain('logged out of the shared auth profile corp: cleared 1 cached token value');
    const left = JSON.parse(readFileSync(tokens, 'utf8'));
    expect(left.auth_profiles).toEqual({});
    expect(left.apis.sec.default.clientAuth.access_token).toBe('a-sekrit');

    for (const args of [['sec', '--auth-profile', 'corp'], ['--all-profiles'], []]) {
      const refused = await run(home, 'api', 'auth', 'logout', ...args);
      expect(refused.code, args.join(' ')).toBe(2);
    }
    const unknown = await run(home, 'api', 'auth', 'logout', 'nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('there is no API named "nope"');
  });

  it('says there is nothing to clear when no token was ever stored', async () => {
    const home = await connected();
    const result = await run(home, 'api', 'auth', 'logout', 'sec');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('nothing to clear');
    expect(existsSync(join(home.dir, 'tokens.json'))).toBe(false);
  });
});
