/**
 * Which request a redirect sends on: the Fetch standard's rule, as curl and HTTPie follow it. A
 * 301/302 turns only a POST into a bodiless GET, a 303 turns every method but HEAD into one, and
 * everything else goes on with its method and body. Restish (Go's net/http) sends a bodiless GET
 * after a 301/302 of PUT, PATCH, DELETE or OPTIONS: a different request than the user asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi, type RecordedRequest } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let a: ExampleApi;
let b: ExampleApi;
beforeAll(async () => {
  [a, b] = await Promise.all([startExampleApi(), startExampleApi()]);
});
afterAll(async () => {
  await Promise.all([a, b].map((server) => server?.close()));
});

function landedAt(server: ExampleApi, path: string): RecordedRequest {
  const found = server.requests.filter((r) => r.path === path);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Sends `method` with body `a: 1` to a redirect with `status` towards `landing` and returns what landed there. */
async function redirected(method: string, status: number, landing: string, server = a, extra: string[] = []): Promise<RecordedRequest> {
  const target = `${a.url}/redirect-to?url=${encodeURIComponent(`${server.url}${landing}`)}&status=${status}`;
  const body = method === 'head' ? [] : ['--', 'a: 1'];
  const result = await runOkapi([method, target, ...extra, ...body], { env: freshHome().env });
  expect(result.code, result.stderr).toBe(0);
  expect(landedAt(a, target.slice(a.url.length)).method).toBe(method.toUpperCase());
  return landedAt(server, landing);
}

function expectBodyKept(request: RecordedRequest): void {
  expect(JSON.parse(request.body.toString())).toEqual({ a: 1 });
  expect(request.headers['content-type']).toMatch(/^application\/json/);
}

function expectBodiless(request: RecordedRequest): void {
  expect(request.body.length).toBe(0);
  expect(request.headers['content-type']).toBeUndefined();
  expect(request.headers['content-length']).toBeUndefined();
}

describe('the method and body a redirect sends on', () => {
  it.each([301, 302])('a POST redirected with %i becomes a GET without its body', async (status) => {
    const landed = await redirected('post', status, `/anything/post-${status}`);
    expect(landed.method).toBe('GET');
    expectBodiless(landed);
  });

  it.each(['put', 'patch', 'delete', 'options'].flatMap((method) => [301, 302].map((status) => [method, status] as const)))(
    'a %s redirected with %i stays itself and keeps its body',
    async (method, status) => {
      const landed = await redirected(method, status, `/anything/${method}-${status}`);
      expect(landed.method).toBe(method.toUpperCase());
      expectBodyKept(landed);
    },
  );

  it.each(['post', 'put', 'delete'])('a %s redirected with 303 becomes a GET without its body', async (method) => {
    const landed = await redirected(method, 303, `/anything/${method}-303`);
    expect(landed.method).toBe('GET');
    expectBodiless(landed);
  });

  it('a HEAD redirected with 303 stays a HEAD', async () => {
    expect((await redirected('head', 303, '/anything/head-303')).method).toBe('HEAD');
  });

  it.each(['post', 'put', 'patch', 'delete'].flatMap((method) => [307, 308].map((status) => [method, status] as const)))(
    'a %s redirected with %i stays itself and keeps its body',
    async (method, status) => {
      const landed = await redirected(method, status, `/anything/${method}-${status}`);
      expect(landed.method).toBe(method.toUpperCase());
      expectBodyKept(landed);
    },
  );

  it('a PUT redirected with 301 to another origin keeps its body and Content-Type but not the headers the user added', async () => {
    const landed = await redirected('put', 301, '/anything/put-301-away', b, ['-H', 'X-Team: origin-bound']);
    expect(landed.method).toBe('PUT');
    expectBodyKept(landed);
    expect(landed.headers['x-team']).toBeUndefined();
  });
});
