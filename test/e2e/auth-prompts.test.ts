/**
 * Prompt entries and `{name}` templates end to end: `api connect` answers an x-cli-config's
 * prompts (setup expressions, `--yes` defaults, enum refusal) into the profile's params, and each
 * request fills the templates of its header, query and auth-param values, as the server receives
 * them. Errors name the config path of the value at fault, never the value.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, homeWithApi, runOkapi } from '../helpers/run-okapi.js';
import { writeSdkPlugin } from '../helpers/plugin-files.js';
import { hasScript, startOnTerminal } from '../helpers/terminal.js';
import { startSpecServer, type SpecServer } from '../unit/api/spec-server.js';

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Tenanted', version: '1' },
  servers: [{ url: '/' }],
  'x-cli-config': {
    profiles: {
      default: {
        headers: ['X-Tenant: {tenant}', 'X-Plan: {tier}', 'X-Literal: {{not-a-template}}'],
        query: ['region={region}'],
        auth: { type: 'bearer', params: { token: '{token}' } },
        params: { region: 'eu-{tenant}' },
        prompt: {
          tenant: { description: 'Your tenant', default: 'acme', exclude: true },
          tier: { description: 'Plan', enum: ['free', 'pro'], default: 'free', exclude: true },
          token: { description: 'API token' },
        },
      },
    },
  },
  paths: { '/echo': { get: { operationId: 'echo', responses: { 200: { description: 'the request as received' } } } } },
};

let server: SpecServer;
beforeAll(async () => {
  server = await startSpecServer();
  server.routes.set('/openapi.json', { body: JSON.stringify(SPEC) });
  server.routes.set('/echo', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ headers: req.headers, query: Object.fromEntries(url.searchParams) }));
  });
});
afterAll(async () => {
  await server.close();
});

type Home = ReturnType<typeof freshHome>;

async function connect(home: Home, ...setup: string[]) {
  return runOkapi(['api', 'connect', 'ten', server.url, '--spec', `${server.url}/openapi.json`, ...setup], { env: home.env });
}

async function echo(home: Home, env: NodeJS.ProcessEnv = {}): Promise<{ headers: Record<string, string>; query: Record<string, string> }> {
  const result = await runOkapi(['ten/echo', '-o', 'json'], { env: { ...home.env, ...env } });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** A fresh home with `ten` connected, its token prompt answered and the rest left at their defaults. */
async function connectedHome(): Promise<Home> {
  const home = freshHome();
  expect((await connect(home, 'prompt.token: t', '--yes')).code).toBe(0);
  return home;
}

function profile(home: Home): Record<string, unknown> {
  return JSON.parse(readFileSync(home.config, 'utf8')).apis.ten.profiles.default;
}

describe('prompts at api connect', () => {
  it('keeps setup-expression answers and --yes defaults in params, and the server receives the templates filled', async () => {
    const home = freshHome();
    const result = await connect(home, 'prompt.token: s3cr3t', 'prompt.tier: pro', '--yes');
    expect(result.code, result.stderr).toBe(0);
    expect(profile(home)).toMatchObject({
      headers: ['X-Tenant: {tenant}', 'X-Plan: {tier}', 'X-Literal: {{not-a-template}}'],
      query: ['region={region}'],
      // Excluded prompts (tenant, tier) are no auth params; the others and the suggested params are.
      auth: { type: 'bearer', params: { token: '{token}', region: '{region}' } },
      params: { region: 'eu-{tenant}', tenant: 'acme', tier: 'pro', token: 's3cr3t' },
    });
    const received = await echo(home);
    expect(received.headers['x-tenant']).toBe('acme');
    expect(received.headers['x-plan']).toBe('pro');
    expect(received.headers['x-literal']).toBe('{not-a-template}');
    expect(received.headers.authorization).toBe('Bearer s3cr3t');
    // A param's own templates are filled too.
    expect(received.query).toEqual({ region: 'eu-acme' });
  });

  it('refuses an answer outside the enum, writing nothing', async () => {
    const home = freshHome();
    const result = await connect(home, 'prompt.token: t', 'prompt.tier: gold', '--yes');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('setup expression prompt.tier: "gold" is not one of free, pro');
    expect(() => readFileSync(home.config)).toThrow();
  });

  it('reads an env: answer at request time, never storing its value', async () => {
    const home = freshHome();
    expect((await connect(home, 'prompt.token: env:TEN_TOKEN', '--yes')).code).toBe(0);
    expect(profile(home).params).toMatchObject({ token: 'env:TEN_TOKEN' });
    expect((await echo(home, { TEN_TOKEN: 'from-the-env' })).headers.authorization).toBe('Bearer from-the-env');
    const unset = await runOkapi(['ten/echo'], { env: home.env });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('param "token" reads the environment variable TEN_TOKEN, which is not set');
  });
});

describe('prompts on a terminal', () => {
  it.skipIf(!hasScript)('asks each prompt, takes a default on Enter, asks again outside the enum, hides the token', async () => {
    const home = freshHome();
    const child = startOnTerminal(['api', 'connect', 'ten', server.url, '--spec', `${server.url}/openapi.json`], home.env, ['pipe', 'pipe', 'pipe']);
    // Each prompt as it appears, and what is typed at it.
    const script: [string, string][] = [
      ['Your tenant [acme]:', ''],
      ['Plan (one of free, pro) [free]:', 'gold'],
      ['Plan (one of free, pro) [free]:', 'pro'],
      ['API token:', 'typed-token'],
    ];
    let screen = '';
    let seen = 0;
    child.stdout!.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
      while (script.length > 0) {
        const at = screen.indexOf(script[0]![0], seen);
        if (at === -1) break;
        seen = at + script[0]![0].length;
        child.stdin!.write(`${script.shift()![1]}\r`);
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, screen).toBe(0);
    expect(script).toEqual([]);
    expect(screen).not.toContain('typed-token');
    expect(profile(home).params).toEqual({ region: 'eu-{tenant}', tenant: 'acme', tier: 'pro', token: 'typed-token' });
  });
});

describe('templates at request time', () => {
  it('names the config path of a value whose template names no param, never the value', async () => {
    const home = await connectedHome();
    expect((await runOkapi(['api', 'set', 'ten', 'profiles.default.headers[]: "X-Bad: {tenantt}"'], { env: home.env })).code).toBe(0);
    const header = await runOkapi(['ten/echo'], { env: home.env });
    expect(header.code).toBe(1);
    expect(header.stderr).toContain('apis.ten.profiles.default.headers[3]: the template {tenantt} names no param');
    expect(header.stderr).toContain("okapi api set ten 'profiles.default.params.tenantt: <value>'");
    expect(server.requests.filter((r) => r.headers['x-bad'] !== undefined)).toEqual([]);
  });

  it('fills auth params from params, and refuses a stray brace in a secret without quoting it', async () => {
    const home = await connectedHome();
    expect((await runOkapi(['api', 'set', 'ten', 'profiles.default.auth.params.token: "Tok-{tenant}"'], { env: home.env })).code).toBe(0);
    expect((await echo(home)).headers.authorization).toBe('Bearer Tok-acme');
    expect((await runOkapi(['api', 'set', 'ten', 'profiles.default.auth.params.token: "sekrit}value"'], { env: home.env })).code).toBe(0);
    const stray = await runOkapi(['ten/echo'], { env: home.env });
    expect(stray.code).toBe(1);
    expect(stray.stderr).toContain('apis.ten.profiles.default.auth.params.token: a "}" closes no template; write a literal brace as }}');
    expect(stray.stderr).not.toContain('sekrit');
  });

  it('refuses params whose templates lead back to themselves', async () => {
    const home = await connectedHome();
    expect((await runOkapi(['api', 'set', 'ten', 'profiles.default.params.tenant: "{region}"'], { env: home.env })).code).toBe(0);
    const loop = await runOkapi(['ten/echo'], { env: home.env });
    expect(loop.code).toBe(1);
    expect(loop.stderr).toMatch(/apis\.ten\.profiles\.default\.params\.\w+: its templates lead back to \{\w+\}/);
  });
});

describe('what an auth plugin receives of templated params', () => {
  it('gets a literal filled in, but not a value a template drew from env:, unless it needs secrets', async () => {
    for (const needsSecrets of [false, true]) {
      const auth = { type: 'recorder', params: { place: 'x-{tenant}', zone: 'z-{zone}' } };
      const home = homeWithApi('ten', server.url, { auth, params: { tenant: 'acme', zone: 'env:TEN_ZONE' } });
      writeSdkPlugin(
        home.plugins,
        'recorder',
        `{
          manifest: ${JSON.stringify({ name: 'recorder', okapi_api_version: 2, hooks: ['auth'], needs_auth_secrets: needsSecrets })},
          hooks: { auth: (input) => ({ headers: { 'X-Recorded-Params': JSON.stringify(input.params) } }) },
        }`,
      );
      const received = await echo(home, { TEN_ZONE: 'north' });
      expect(JSON.parse(received.headers['x-recorded-params']!)).toEqual(needsSecrets ? { place: 'x-acme', zone: 'z-north' } : { place: 'x-acme' });
    }
  });
});
