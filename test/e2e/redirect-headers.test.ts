/**
 * Headers stay with their origin (issue #12): on a redirect to another origin (another port of
 * 127.0.0.1 here), every header the user (-H, OKAPI_HEADER), a profile or a plugin added is
 * dropped, whatever its name, for the rest of the chain; okapi's own protocol headers go on, and so
 * do a 307/308 body and its Content-Type. -v names the headers dropped and masks their values.
 * The last block checks which method and body each redirect status sends on.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi, type RecordedRequest } from '../../fixtures/example-api/index.mjs';
import { writeSdkPlugin } from '../helpers/plugin-files.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let a: ExampleApi;
let b: ExampleApi;
beforeAll(async () => {
  [a, b] = await Promise.all([startExampleApi(), startExampleApi()]);
});
afterAll(async () => {
  await Promise.all([a, b].map((server) => server?.close()));
});

/** The headers of issue #12 that reached the other host, each with a value that must not leak. */
const USER_HEADERS: [string, string][] = [
  ['Authentication', 'authn-secret-1'],
  ['X-JWT', 'eyJhbGciOiJub25lIn0.e30.jwt-secret-2'],
  ['DPoP', 'dpop-secret-3'],
  ['Bearer', 'bearer-secret-4'],
  ['X-Access-Code', 'access-secret-5'],
  ['X-Sig', 'sig-secret-6'],
  ['X-Plain', 'plain-value-7'],
];
const ENV_HEADER: [string, string] = ['X-From-Env', 'env-value-8'];
const PROFILE_HEADER: [string, string] = ['X-Profile-Team', 'profile-value-9'];
const PLUGIN_HEADER: [string, string] = ['X-Plugin-Trace', 'plugin-value-10'];
const ADDED = [...USER_HEADERS, ENV_HEADER, PROFILE_HEADER, PLUGIN_HEADER];

/** A home where API `demo` (at server a) has a profile header and a plugin adds a header to every request. */
function home() {
  const home = freshHome();
  writeFileSync(home.config, JSON.stringify({ apis: { demo: { base_url: a.url, profiles: { default: { headers: [`${PROFILE_HEADER[0]}: ${PROFILE_HEADER[1]}`] } } } } }));
  writeSdkPlugin(
    home.plugins,
    'tracer',
    `{ manifest: { name: 'tracer', okapi_api_version: 2, hooks: ['request-middleware'] },
       hooks: { 'request-middleware': () => ({ headers: { ${JSON.stringify(PLUGIN_HEADER[0])}: ${JSON.stringify(PLUGIN_HEADER[1])} } }) } }`,
  );
  return { ...home.env, OKAPI_HEADER: `${ENV_HEADER[0]}: ${ENV_HEADER[1]}` };
}

const headerFlags = USER_HEADERS.flatMap(([name, value]) => ['-H', `${name}: ${value}`]);

function landedAt(server: ExampleApi, path: string): RecordedRequest {
  const found = server.requests.filter((r) => r.path === path);
  expect(found).toHaveLength(1);
  return found[0]!;
}

function expectOnlyOkapiHeaders(request: RecordedRequest): void {
  for (const [name] of ADDED) expect(request.headers[name.toLowerCase()], name).toBeUndefined();
  expect(request.headers['user-agent']).toMatch(/^okapi\//);
  expect(request.headers.accept).toBeDefined();
}

function expectEveryAddedHeader(request: RecordedRequest): void {
  for (const [name, value] of ADDED) expect(request.headers[name.toLowerCase()], name).toBe(value);
}

/** The names in `-v`'s note about the redirect to `server`. */
function droppedNames(stderr: string, server: ExampleApi): string[] {
  const line = stderr.split('\n').find((l) => l.startsWith('okapi: dropped ') && l.endsWith(`on the redirect to ${server.url} (another origin)`));
  expect(line, stderr).toBeDefined();
  return line!.slice('okapi: dropped '.length, -` on the redirect to ${server.url} (another origin)`.length).split(', ');
}

describe('headers on a redirect to another origin', () => {
  it.each([302, 307, 308])('a GET redirected with %i reaches the other origin without any added header; -v says which were dropped', async (status) => {
    const landing = `/anything/get-${status}`;
    const result = await runOkapi(
      [`demo/redirect-to?url=${encodeURIComponent(`${b.url}${landing}`)}&status=${status}`, ...headerFlags, '-v', '-o', 'json'],
      { env: home() },
    );
    expect(result.stderr).not.toMatch(/ERROR|okapi: error/);
    expect(result.code).toBe(0);
    expectEveryAddedHeader(landedAt(a, `/redirect-to?url=${encodeURIComponent(`${b.url}${landing}`)}&status=${status}`));
    expectOnlyOkapiHeaders(landedAt(b, landing));
    expect(droppedNames(result.stderr, b).sort()).toEqual(ADDED.map(([name]) => name).sort());
    // Shown on the first hop, masked where the name is a credential's; never a secret value.
    for (const [name, value] of USER_HEADERS.slice(0, 6)) {
      expect(result.stderr).toContain(`${name}: <redacted>`);
      expect(result.stderr).not.toContain(value);
    }
    expect(result.stderr).toContain('X-Plain: plain-value-7');
  });

  it.each([307, 308])('a POST redirected with %i keeps its body and Content-Type, and loses the added headers', async (status) => {
    const landing = `/anything/post-${status}`;
    const result = await runOkapi(
      ['post', `demo/redirect-to?url=${encodeURIComponent(`${b.url}${landing}`)}&status=${status}`, 'name: okapi', ...headerFlags, '-o', 'json'],
      { env: home() },
    );
    expect(result.code).toBe(0);
    const landed = landedAt(b, landing);
    expect(landed.method).toBe('POST');
    expect(JSON.parse(landed.body.toString())).toEqual({ name: 'okapi' });
    expect(landed.headers['content-type']).toBe('application/json');
    expectOnlyOkapiHeaders(landed);
  });

  it('a Content-Type the user gave stays with a 307 body', async () => {
    const landing = '/anything/post-typed';
    const result = await runOkapi(
      ['post', `${a.url}/redirect-to?url=${encodeURIComponent(`${b.url}${landing}`)}&status=307`, '-H', 'Content-Type: application/vnd.okapi+json', '-H', 'X-JWT: jwt-secret', '--', 'n: 1'],
      { env: freshHome().env },
    );
    expect(result.code).toBe(0);
    const landed = landedAt(b, landing);
    expect(landed.headers['content-type']).toBe('application/vnd.okapi+json');
    expect(landed.headers['x-jwt']).toBeUndefined();
  });

  it('A → B → A: what was dropped on the way to B stays dropped back on A', async () => {
    const back = '/anything/back-home';
    const viaB = `${b.url}/redirect-to?url=${encodeURIComponent(`${a.url}${back}`)}&status=302`;
    const result = await runOkapi([`demo/redirect-to?url=${encodeURIComponent(viaB)}&status=307`, ...headerFlags, '-v', '-o', 'json'], { env: home() });
    expect(result.code).toBe(0);
    expectOnlyOkapiHeaders(landedAt(b, viaB.slice(b.url.length)));
    expectOnlyOkapiHeaders(landedAt(a, back));
    // Said once, for the hop that left the origin: nothing was left to drop on the way back.
    expect(result.stderr.match(/okapi: dropped /g)).toHaveLength(1);
    expect(result.stderr).toContain('Followed 2 redirects');
  });

  it('a same-origin redirect keeps every added header and says nothing about dropping', async () => {
    const landing = '/anything/same-origin';
    const result = await runOkapi([`demo/redirect-to?url=${encodeURIComponent(landing)}&status=302`, ...headerFlags, '-v', '-o', 'json'], { env: home() });
    expect(result.code).toBe(0);
    expectEveryAddedHeader(landedAt(a, landing));
    expect(result.stderr).not.toContain('okapi: dropped');
  });
});

/**
 * Which request a redirect sends on: the Fetch standard's rule, as curl and HTTPie follow it. A
 * 301/302 turns only a POST into a bodiless GET, a 303 turns every method but HEAD into one, and
 * everything else goes on with its method and body. Restish (Go's net/http) sends a bodiless GET
 * after a 301/302 of PUT, PATCH, DELETE or OPTIONS: a different request than the user asked for.
 */
describe('the method and body a redirect sends on', () => {
  const becomesGet = (method: string, status: number) => (status === 303 && method !== 'head') || ((status === 301 || status === 302) && method === 'post');
  const cases: [string, number][] = [
    ...['post', 'put', 'patch', 'delete', 'options'].flatMap((method) => [301, 302].map((status): [string, number] => [method, status])),
    ...['post', 'put', 'delete', 'head'].map((method): [string, number] => [method, 303]),
    ...['post', 'put', 'patch', 'delete'].flatMap((method) => [307, 308].map((status): [string, number] => [method, status])),
  ];

  it.each(cases)('a %s redirected with %i', async (method, status) => {
    const landing = `/anything/${method}-${status}`;
    const target = `${a.url}/redirect-to?url=${encodeURIComponent(`${a.url}${landing}`)}&status=${status}`;
    const result = await runOkapi([method, target, ...(method === 'head' ? [] : ['--', 'a: 1'])], { env: freshHome().env });
    expect(result.code, result.stderr).toBe(0);
    expect(landedAt(a, target.slice(a.url.length)).method).toBe(method.toUpperCase());
    const landed = landedAt(a, landing);
    if (becomesGet(method, status)) {
      expect(landed.method).toBe('GET');
      expect(landed.body.length).toBe(0);
      expect(landed.headers['content-type']).toBeUndefined();
      expect(landed.headers['content-length']).toBeUndefined();
    } else {
      expect(landed.method).toBe(method.toUpperCase());
      if (method !== 'head') expect(JSON.parse(landed.body.toString())).toEqual({ a: 1 });
    }
  });

  it('a PUT redirected with 301 to another origin keeps its body and Content-Type but not the headers the user added', async () => {
    const landing = '/anything/put-301-away';
    const result = await runOkapi(
      ['put', `${a.url}/redirect-to?url=${encodeURIComponent(`${b.url}${landing}`)}&status=301`, '-H', 'X-Team: origin-bound', '--', 'a: 1'],
      { env: freshHome().env },
    );
    expect(result.code, result.stderr).toBe(0);
    const landed = landedAt(b, landing);
    expect(landed.method).toBe('PUT');
    expect(JSON.parse(landed.body.toString())).toEqual({ a: 1 });
    expect(landed.headers['content-type']).toBe('application/json');
    expect(landed.headers['x-team']).toBeUndefined();
  });
});
