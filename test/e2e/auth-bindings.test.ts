/**
 * Profiles and credential bindings against an API whose OpenAPI description (served from
 * 127.0.0.1) declares several security schemes: which credentials each generated operation and
 * generic request sends, what the server receives, nothing sent when a binding is missing, and
 * `okapi api auth get | inspect` computing the same values.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAUTH_CLIENTS, startOAuthProvider, type OAuthProvider } from '../../fixtures/oauth-provider/index.mjs';
import { EXAMPLE_CREDENTIALS, startExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';
import { createTestCertificates, describeWithOpenssl } from '../helpers/test-certificates.js';

const BEARER = 'bearer-secret-1234567890';
const KEY = 'key-secret-0987654321';
const QUERY_KEY = 'query-secret-5555555555';
const SHARED = 'shared-secret-7777777777';

const operation = (operationId: string, security: unknown) => ({ get: { operationId, security, responses: { 200: { description: 'what the server received' } } } });

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'secured', version: '1' },
  paths: {
    '/bearer-only': operation('bearerOnly', [{ bearer: [] }]),
    '/either': operation('either', [{ bearer: [] }, { key: [] }]),
    '/both': operation('both', [{ bearer: [], key: [] }]),
    '/optional': operation('optional', [{}, { bearer: [] }]),
    '/public': operation('publicThing', []),
    '/scoped': operation('scoped', [{ oauth: ['admin'] }, { key: [] }]),
    '/by-query': operation('byQuery', [{ keyq: [] }]),
    '/mtls': operation('mtlsOnly', [{ tls: [] }]),
  },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      keyq: { type: 'apiKey', in: 'query', name: 'api_key' },
      oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/token', scopes: { read: 'read', admin: 'admin' } } } },
      tls: { type: 'mutualTLS' },
    },
  },
};

interface Received {
  path: string;
  authorization?: string;
  key?: string;
  token?: string;
  query: Record<string, string>;
}

let server: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/openapi.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(DOCUMENT));
      return;
    }
    const got: Received = {
      path: url.pathname,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      ...(typeof req.headers['x-key'] === 'string' ? { key: req.headers['x-key'] } : {}),
      ...(typeof req.headers['x-api-token'] === 'string' ? { token: req.headers['x-api-token'] } : {}),
      query: Object.fromEntries(url.searchParams),
    };
    received.push(got);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(got));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
});
beforeEach(() => {
  received.length = 0;
});

const bearer = { auth: { type: 'bearer', params: { token: BEARER } } };
const key = { auth: { type: 'api-key', params: { in: 'header', name: 'X-Key', value: KEY } } };
const keyq = { auth: { type: 'api-key', params: { in: 'query', name: 'api_key', value: QUERY_KEY } } };

type Home = ReturnType<typeof freshHome>;

/** A home with the API `sec` connected, its default profile replaced by `profile`, and `more` at the top of the config. */
async function connected(profile: Record<string, unknown>, more: Record<string, unknown> = {}): Promise<Home> {
  const home = freshHome();
  const connect = await runOkapi(['api', 'connect', 'sec', base, '--spec', `${base}/openapi.json`, '--yes'], { env: home.env });
  expect(connect.code, connect.stderr).toBe(0);
  const config = JSON.parse(readFileSync(home.config, 'utf8'));
  config.apis.sec.profiles = { default: profile };
  writeFileSync(home.config, JSON.stringify({ ...config, ...more }));
  return home;
}

async function call(home: Home, args: string[]) {
  const result = await runOkapi([...args, '-o', 'json'], { env: home.env });
  return { ...result, got: result.code === 0 ? (JSON.parse(result.stdout) as Received) : undefined };
}

describe('credential bindings on generated operations', () => {
  let home: Home;
  beforeAll(async () => {
    home = await connected({ headers: ['X-Api-Token: profile-token-1234567890'], credentials: { bearer, key, keyq } });
  });

  it('sends the one binding of a single requirement', async () => {
    const { code, stderr, got } = await call(home, ['sec', 'bearer-only']);
    expect(code, stderr).toBe(0);
    expect(got).toMatchObject({ authorization: `Bearer ${BEARER}` });
    expect(got?.key).toBeUndefined();
  });

  it('sends the first bound alternative only, or the one --okapi-auth selects', async () => {
    expect((await call(home, ['sec', 'either'])).got).toMatchObject({ authorization: `Bearer ${BEARER}` });
    expect((await call(home, ['sec', 'either'])).got?.key).toBeUndefined();
    const selected = await call(home, ['sec', 'either', '--okapi-auth', 'key']);
    expect(selected.stderr).toBe('');
    expect(selected.got).toMatchObject({ key: KEY });
    expect(selected.got?.authorization).toBeUndefined();
  });

  it('sends every credential of an AND requirement', async () => {
    const { got } = await call(home, ['sec', 'both']);
    expect(got).toMatchObject({ authorization: `Bearer ${BEARER}`, key: KEY });
    expect((await call(home, ['sec', 'both', '--okapi-auth', 'key+bearer'])).got).toMatchObject({ authorization: `Bearer ${BEARER}`, key: KEY });
  });

  it('masks what every credential of the request set in -v, whatever its name', async () => {
    const tenant = await connected({ credentials: { bearer, key: { auth: { type: 'api-key', params: { in: 'header', name: 'X-Tenant', value: KEY } } } } });
    const { code, stderr } = await runOkapi(['sec', 'both', '--okapi-auth', 'key+bearer', '-v'], { env: tenant.env });
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/x-tenant: /i);
    expect(stderr).not.toContain(BEARER);
    expect(stderr).not.toContain(KEY);
  });

  it('uses the configured credential of an optional requirement', async () => {
    expect((await call(home, ['sec', 'optional'])).got).toMatchObject({ authorization: `Bearer ${BEARER}` });
  });

  it('sends no auth and no credential headers to a public operation, generated or generic', async () => {
    for (const args of [['sec', 'public-thing'], ['sec/public']]) {
      const { code, stderr, got } = await call(home, args);
      expect(code, stderr).toBe(0);
      expect(got).toEqual({ path: '/public', query: {} });
    }
  });

  it('applies the matching operation to a generic request', async () => {
    expect((await call(home, ['sec/both'])).got).toMatchObject({ authorization: `Bearer ${BEARER}`, key: KEY, token: 'profile-token-1234567890' });
  });

  it('passes over a binding whose satisfies lacks a scope', async () => {
    const scoped = await connected({ credentials: { oauth: { ...bearer, satisfies: ['read'] }, key } });
    const { got } = await call(scoped, ['sec', 'scoped']);
    expect(got).toMatchObject({ key: KEY });
    expect(got?.authorization).toBeUndefined();
  });

  it('forces a credential outside the requirements with a warning', async () => {
    const { code, stderr, got } = await call(home, ['sec', 'bearer-only', '--okapi-auth', 'keyq']);
    expect(code).toBe(0);
    expect(stderr).toMatch(/--okapi-auth keyq is not among the security requirements of operation bearer-only \(bearer\); sending it anyway/);
    expect(got).toMatchObject({ query: { api_key: QUERY_KEY } });
    expect(got?.authorization).toBeUndefined();
  });

  it('refuses an unknown --okapi-auth id, listing the configured ones, before sending', async () => {
    const { code, stderr } = await call(home, ['sec', 'either', '--okapi-auth', 'nope']);
    expect(code).toBe(2);
    expect(stderr).toContain('"nope"');
    expect(stderr).toContain('its credentials: bearer, key, keyq');
    expect(received).toEqual([]);
  });
});

describe('what is missing fails before anything is sent', () => {
  it('names the scheme and the api auth add to run', async () => {
    const home = await connected({ credentials: { key } });
    const { code, stderr } = await call(home, ['sec', 'bearer-only']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/operation bearer-only of API sec needs bearer, and profile default has no credentials that meet it/);
    expect(stderr).toContain('hint: okapi api auth add sec bearer');
    const and = await call(home, ['sec', 'both']);
    expect(and.code).toBe(1);
    expect(and.stderr).toContain('okapi api auth add sec bearer');
    expect(received).toEqual([]);
  });

  it('leaves the requirement to a credential given by hand, and sends it', async () => {
    const home = await connected({});
    const byHand = await call(home, ['-H', 'Authorization: Bearer typed-by-hand', 'sec', 'either']);
    expect(byHand.code, byHand.stderr).toBe(0);
    expect(byHand.got).toMatchObject({ authorization: 'Bearer typed-by-hand' });
    const nothing = await call(home, ['sec', 'either']);
    expect(nothing.code).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('goes anonymous on an optional requirement without credentials', async () => {
    const home = await connected({});
    const { got } = await call(home, ['sec', 'optional']);
    expect(got).toEqual({ path: '/optional', query: {} });
  });

  it('needs a client certificate for a mutualTLS requirement, whatever the bindings', async () => {
    const home = await connected({ credentials: { tls: bearer } });
    const { code, stderr } = await call(home, ['sec', 'mtls-only']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/needs mutual TLS \(security scheme tls\), and no client certificate is configured/);
    expect(received).toEqual([]);
  });
});

describe('profile auth and shared auth profiles', () => {
  it('uses the profile auth for a single requirement and a request that is no operation', async () => {
    const home = await connected({ auth: bearer.auth });
    expect((await call(home, ['sec', 'bearer-only'])).got).toMatchObject({ authorization: `Bearer ${BEARER}` });
    expect((await call(home, ['sec/not-an-operation'])).got).toMatchObject({ authorization: `Bearer ${BEARER}` });
    // Alternatives need bindings: the profile auth does not say which alternative it is.
    const alternatives = await call(home, ['sec', 'either']);
    expect(alternatives.code).toBe(1);
    expect(alternatives.stderr).toMatch(/needs one of: bearer; key/);
  });

  it('sends a shared auth profile that a binding names with auth_ref', async () => {
    const home = await connected({ credentials: { bearer: { auth_ref: 'team' } } }, { auth_profiles: { team: { type: 'bearer', params: { token: SHARED } } } });
    expect((await call(home, ['sec', 'bearer-only'])).got).toMatchObject({ authorization: `Bearer ${SHARED}` });
  });

  it("fills a binding's {name} templates from its params over the profile's", async () => {
    const home = await connected({
      params: { tenant: 'acme', tok: 'profile-value' },
      credentials: { bearer: { auth: { type: 'bearer', params: { token: '{tenant}-{tok}' } }, params: { tok: 'binding-value' } } },
    });
    expect((await call(home, ['sec', 'bearer-only'])).got).toMatchObject({ authorization: 'Bearer acme-binding-value' });
  });

  it('says which shared auth profile is missing', async () => {
    const home = await connected({ credentials: { bearer: { auth_ref: 'gone' } } });
    const { code, stderr } = await call(home, ['sec', 'bearer-only']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/credential bearer of profile default of API sec uses the shared auth profile "gone" \(auth_ref\), and the config has no auth_profiles\.gone/);
    expect(received).toEqual([]);
  });
});

describe('okapi api auth get', () => {
  let home: Home;
  beforeAll(async () => {
    home = await connected({ credentials: { bearer, key, keyq } });
  });

  it('prints a header credential as Name: value, and its value alone with --print-header', async () => {
    const got = await runOkapi(['api', 'auth', 'get', 'sec', 'bearer'], { env: home.env });
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toBe(`Authorization: Bearer ${BEARER}\n`);
    const header = await runOkapi(['api', 'auth', 'get', 'sec', 'bearer', '--print-header'], { env: home.env });
    expect(header.stdout).toBe(`Bearer ${BEARER}\n`);
  });

  it("prints what an operation's requirements select", async () => {
    const got = await runOkapi(['api', 'auth', 'get', 'sec', '--operation', 'both'], { env: home.env });
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toBe(`Authorization: Bearer ${BEARER}\nX-Key: ${KEY}\n`);
    const byId = await runOkapi(['api', 'auth', 'get', 'sec', '--operation', 'bearerOnly'], { env: home.env });
    expect(byId.stdout).toBe(`Authorization: Bearer ${BEARER}\n`);
    const twoHeaders = await runOkapi(['api', 'auth', 'get', 'sec', '--operation', 'both', '--print-header'], { env: home.env });
    expect(twoHeaders.code).toBe(1);
    expect(twoHeaders.stderr).toMatch(/--print-header prints one header, and the auth of operation both of API sec sets the headers Authorization, X-Key/);
  });

  it('prints query auth as ?name=value and exits non-zero', async () => {
    const got = await runOkapi(['api', 'auth', 'get', 'sec', 'keyq'], { env: home.env });
    expect(got.code).toBe(1);
    expect(got.stdout).toBe(`?api_key=${QUERY_KEY}\n`);
    expect(got.stderr).toMatch(/credential keyq with query parameters, not with headers alone/);
    const header = await runOkapi(['api', 'auth', 'get', 'sec', 'keyq', '--print-header'], { env: home.env });
    expect(header.code).toBe(1);
    expect(header.stdout).toBe('');
  });

  it('asks which credential when the profile has several, and refuses an unknown one', async () => {
    const several = await runOkapi(['api', 'auth', 'get', 'sec'], { env: home.env });
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/several credentials \(bearer, key, keyq\)/);
    const unknown = await runOkapi(['api', 'auth', 'get', 'sec', 'nope'], { env: home.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/has no credential "nope"[\s\S]*its credentials: bearer, key, keyq/);
  });

  it("selects a profile's one credential, or its own auth, by default", async () => {
    const one = await connected({ credentials: { key } });
    expect((await runOkapi(['api', 'auth', 'get', 'sec'], { env: one.env })).stdout).toBe(`X-Key: ${KEY}\n`);
    const own = await connected({ auth: bearer.auth });
    expect((await runOkapi(['api', 'auth', 'get', 'sec'], { env: own.env })).stdout).toBe(`Authorization: Bearer ${BEARER}\n`);
  });
});

describe('okapi api auth inspect', () => {
  let home: Home;
  beforeAll(async () => {
    home = await connected({ credentials: { bearer, key: { ...key, satisfies: ['read'] }, keyq } });
  });

  it('shows each credential, the operations it covers and its values', async () => {
    const { code, stdout, stderr } = await runOkapi(['api', 'auth', 'inspect', 'sec'], { env: home.env });
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('API sec, profile default');
    expect(stdout).toMatch(/credential bearer \(bearer\)\n {2}covers: bearer-only, either, both, optional\n {2}Authorization: Bearer bearer-secret-1234567890/);
    expect(stdout).toMatch(/credential key \(api-key\)\n {2}satisfies: read\n {2}covers: both, scoped\n {2}X-Key: key-secret-0987654321/);
    expect(stdout).toMatch(/credential keyq \(api-key\)\n {2}covers: by-query\n {2}\?api_key=query-secret-5555555555/);
    expect(stdout).toContain('operations this profile cannot call (a credential they need is missing): mtls-only');
  });

  it('never shows a secret with --redact', async () => {
    for (const args of [[], ['--credential', 'keyq'], ['--operation', 'both']]) {
      const { code, stdout } = await runOkapi(['api', 'auth', 'inspect', 'sec', '--redact', ...args], { env: home.env });
      expect(code).toBe(0);
      for (const secret of [BEARER, KEY, QUERY_KEY]) expect(stdout).not.toContain(secret);
    }
    const { stdout } = await runOkapi(['api', 'auth', 'inspect', 'sec', '--redact'], { env: home.env });
    expect(stdout).toContain('Authorization: Bearer ***');
    expect(stdout).toContain('X-Key: ***');
    expect(stdout).toContain('?api_key=***');
  });

  it("narrows to one credential, or to what an operation selects", async () => {
    const one = await runOkapi(['api', 'auth', 'inspect', 'sec', '--credential', 'key'], { env: home.env });
    expect(one.stdout).not.toContain('credential bearer');
    expect(one.stdout).toContain('credential key (api-key)');
    const op = await runOkapi(['api', 'auth', 'inspect', 'sec', '--operation', 'both'], { env: home.env });
    expect(op.stdout).toMatch(/^API sec, profile default, operation both\ncredential bearer \(bearer\)[\s\S]*credential key \(api-key\)/);
    expect(op.stdout).not.toContain('keyq');
  });

  it('reports a credential it cannot compute and exits 1', async () => {
    const broken = await connected({ credentials: { bearer: { auth: { type: 'bearer', params: { token: 'env:OKAPI_TEST_UNSET_TOKEN' } } }, key } });
    const { code, stdout } = await runOkapi(['api', 'auth', 'inspect', 'sec'], { env: broken.env });
    expect(code).toBe(1);
    expect(stdout).toMatch(/credential bearer\n[\s\S]*cannot compute it: .*OKAPI_TEST_UNSET_TOKEN/);
    expect(stdout).toContain(`X-Key: ${KEY}`);
  });
});

describe('tokens of a shared auth profile', () => {
  let provider: OAuthProvider;
  beforeAll(async () => {
    provider = await startOAuthProvider();
  });
  afterAll(async () => {
    await provider.close();
  });

  it('are kept under auth_profiles.<name>, not under the API', async () => {
    const client = OAUTH_CLIENTS.basic;
    const home = freshHome();
    const shared = { type: 'oauth-client-credentials', params: { issuer_url: provider.issuer, client_id: client.client_id, client_secret: client.client_secret, scopes: 'api:read' } };
    writeFileSync(home.config, JSON.stringify({ auth_profiles: { corp: shared }, apis: { res: { base_url: provider.resourceUrl, profiles: { default: { credentials: { corp: { auth_ref: 'corp' } } } } } } }));
    const result = await runOkapi(['res/whoami', '--okapi-auth', 'corp', '-o', 'json'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ authenticated: true, client_id: client.client_id });
    const tokens = JSON.parse(readFileSync(join(home.dir, 'tokens.json'), 'utf8'));
    expect(Object.keys(tokens.auth_profiles.corp)).toEqual(['oauth-client-credentials']);
    expect(tokens.apis).toBeUndefined();
  });
});

describe("the example API's auth fixtures through bindings named after their schemes", () => {
  it('opens each one with its own credential, all bound in one profile', async () => {
    const example = await startExampleApi();
    try {
      const home = freshHome();
      const connect = await runOkapi(['api', 'connect', 'ex', example.url, '--yes'], { env: home.env });
      expect(connect.code, connect.stderr).toBe(0);
      const { bearer: b, apiKeyHeader, apiKeyQuery, basic } = EXAMPLE_CREDENTIALS;
      const credentials = {
        bearerAuth: { auth: { type: 'bearer', params: { token: b.token } } },
        apiKeyHeader: { auth: { type: 'api-key', params: { in: 'header', name: apiKeyHeader.header, value: apiKeyHeader.key } } },
        apiKeyQuery: { auth: { type: 'api-key', params: { in: 'query', name: apiKeyQuery.param, value: apiKeyQuery.key } } },
        basicAuth: { auth: { type: 'http-basic', params: { username: basic.username, password: basic.password } } },
      };
      const config = JSON.parse(readFileSync(home.config, 'utf8'));
      config.apis.ex.profiles = { default: { credentials } };
      writeFileSync(home.config, JSON.stringify(config));
      const expected: [string, string, string][] = [
        ['auth-bearer', 'bearer', b.subject],
        ['auth-api-key-header', 'apiKey', apiKeyHeader.subject],
        ['auth-api-key-query', 'apiKey', apiKeyQuery.subject],
        ['auth-basic', 'basic', basic.subject],
      ];
      for (const [command, scheme, subject] of expected) {
        const result = await runOkapi(['ex', command, '-o', 'json'], { env: home.env });
        expect(result.code, `${command}: ${result.stderr}`).toBe(0);
        expect(JSON.parse(result.stdout)).toEqual({ authenticated: true, scheme, subject });
      }
    } finally {
      await example.close();
    }
  });
});

describeWithOpenssl('a mutualTLS requirement met by the profile\'s client certificate', () => {
  it('sends the bearer credential of {tls, bearer} over mutual TLS, and nothing without a certificate', async () => {
    const certs = createTestCertificates();
    const seen: { client: string | null; authorization?: string }[] = [];
    const document = { openapi: '3.1.0', info: { title: 'mtls', version: '1' }, paths: { '/both': operation('tlsAndBearer', [{ tls: [], bearer: [] }]) }, components: DOCUMENT.components };
    const https = createHttpsServer(
      { cert: certs.server.cert.pem, key: certs.server.key.pem, ca: certs.ca.cert.pem, requestCert: true, rejectUnauthorized: false },
      (req, res) => {
        if (req.url === '/openapi.json') {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
          return;
        }
        const cn = (req.socket as TLSSocket).getPeerCertificate()?.subject?.CN;
        seen.push({ client: typeof cn === 'string' ? cn : null, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      },
    );
    await new Promise<void>((done) => https.listen(0, '127.0.0.1', done));
    const origin = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
    try {
      const home = freshHome();
      const connect = await runOkapi(['api', 'connect', 'm', origin, '--spec', `${origin}/openapi.json`, '--okapi-ca-cert', certs.ca.cert.path, '--yes'], { env: home.env });
      expect(connect.code, connect.stderr).toBe(0);
      const config = JSON.parse(readFileSync(home.config, 'utf8'));
      const tlsFiles = { ca_cert: certs.ca.cert.path, client_cert: certs.client.cert.path, client_key: certs.client.key.path };
      config.apis.m.profiles = { default: { ...tlsFiles, credentials: { bearer } }, nocert: { ca_cert: certs.ca.cert.path, credentials: { bearer } } };
      writeFileSync(home.config, JSON.stringify(config));

      const result = await runOkapi(['m', 'tls-and-bearer', '-o', 'json'], { env: home.env });
      expect(result.code, result.stderr).toBe(0);
      expect(seen).toEqual([{ client: 'okapi-test-client', authorization: `Bearer ${BEARER}` }]);

      const refused = await runOkapi(['m', 'tls-and-bearer', '-p', 'nocert'], { env: home.env });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/needs mutual TLS \(security scheme tls\)/);
      expect(seen).toHaveLength(1);
    } finally {
      https.closeAllConnections();
      await new Promise((done) => https.close(done));
    }
  });
});
