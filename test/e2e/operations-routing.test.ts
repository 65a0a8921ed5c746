/**
 * Where generated operation commands send their requests (SPEC.md "Generated operation request
 * routing" 1–11): document, path and operation servers, server variables, relative servers,
 * servers on another origin (blocked unless allowed or rewritten), and profile credentials that
 * never leave base_url's origin. Two example APIs on 127.0.0.1 stand for the API's origin and
 * another one; both echo and record each request.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi, type RecordedRequest } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi, type OkapiResult } from '../helpers/run-okapi.js';

let home: ReturnType<typeof freshHome>;
let api: ExampleApi;
let other: ExampleApi;

const ok = { 200: { description: 'ok' } };

const OTHER_ORIGIN_DOCUMENT_SERVER = { url: 'https://elsewhere.invalid:8443/{stage}/v1', variables: { stage: { default: 'prod', enum: ['prod', 'dev'] } } };

function routingSpec(origin: string, otherOrigin: string, documentServer: object): object {
  return {
    openapi: '3.0.3',
    info: { title: 'Routing', version: '1' },
    servers: [documentServer],
    paths: {
      '/doc': { get: { operationId: 'docLevel', responses: ok } },
      '/levels': {
        servers: [{ url: '/anything/path-level' }],
        get: { operationId: 'pathLevel', responses: ok },
        post: { operationId: 'operationLevel', servers: [{ url: '/anything/operation-level' }], responses: ok },
      },
      '/same': { get: { operationId: 'sameOrigin', servers: [{ url: `${origin}/echo/same-origin` }], responses: ok } },
      '/cross': { get: { operationId: 'crossOrigin', servers: [{ url: `${otherOrigin}/anything/cross` }], responses: ok } },
      // Not valid OpenAPI, but written by some (Azure's x-ms-paths style): a fixed query in the path key.
      '/search?mode=fast': { get: { operationId: 'fastSearch', parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }], responses: ok } },
    },
  };
}

beforeAll(async () => {
  [api, other] = await Promise.all([startExampleApi(), startExampleApi()]);
  home = freshHome();
  // One API per rule, connected at once (each test then only runs commands).
  await Promise.all([
    connect('plain'),
    connect('vars', 'server_variables: {stage: dev}'),
    connect('offenum', 'server_variables: {stage: qa}'),
    connect('undeclared', 'server_variables: {region: eu}'),
    connect('levels'),
    connect('same'),
    connect('blocked'),
    connect('allowed', `allowed_operation_origins: ["${other.url}"]`),
    connect('rewritten', `url_overrides: {"${other.url}": "${api.url}/anything/short", "${other.url}/anything/cross": "${api.url}/anything/long"}`),
    connect('generic', `url_overrides: {"${api.url}/anything/prod": "${api.url}/anything/overridden"}`),
    connect('mounted', undefined, { baseUrl: `${api.url}/anything/v2`, documentServer: { url: '/v2' } }),
    connect('profiled', `profiles.other: {base_url: "${other.url}/anything/profile"}`),
    connect('queried', undefined, { baseUrl: `${api.url}/anything`, documentServer: { url: '/v1?api-version=2023-01-01' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([api.close(), other.close()]);
});

/**
 * Connects a copy of the routing API (base URL `<origin>/anything`, the document server on another
 * origin, unless `mount` says otherwise), with profile credentials, then applies `settings`.
 */
async function connect(name: string, settings?: string, mount?: { baseUrl: string; documentServer: object }): Promise<void> {
  const file = join(home.dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(routingSpec(api.url, other.url, mount?.documentServer ?? OTHER_ORIGIN_DOCUMENT_SERVER)));
  const connected = await runOkapi(['api', 'connect', name, mount?.baseUrl ?? `${api.url}/anything`, '--spec', file], { env: home.env });
  expect(connected.code, connected.stderr).toBe(0);
  const secret = await runOkapi(['api', 'set', name, `profiles.default.headers: ["X-Secret: s3cret", "Authorization: Bearer tok3n"]${settings ? `, ${settings}` : ''}`], { env: home.env });
  expect(secret.code, secret.stderr).toBe(0);
}

interface Sent extends OkapiResult {
  /** What each server received during the call. */
  atApi: RecordedRequest[];
  atOther: RecordedRequest[];
}

async function okapi(args: string[]): Promise<Sent> {
  const [beforeApi, beforeOther] = [api.requests.length, other.requests.length];
  const result = await runOkapi(args, { env: home.env });
  return { ...result, atApi: api.requests.slice(beforeApi), atOther: other.requests.slice(beforeOther) };
}

describe('generated operation routing', () => {
  it('a document server on another origin gives only its path, under base_url, its variable from the default', async () => {
    const sent = await okapi(['plain', 'doc-level']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.atApi.map((r) => r.path)).toEqual(['/anything/prod/v1/doc']);
    expect(sent.atApi[0]!.headers['x-secret']).toBe('s3cret');
    expect(sent.atApi[0]!.headers.authorization).toBe('Bearer tok3n');
    expect(sent.atOther).toEqual([]);
  });

  it('server_variables set a variable; one outside the enum warns and is used; one no server declares fails', async () => {
    expect((await okapi(['vars', 'doc-level'])).atApi.map((r) => r.path)).toEqual(['/anything/dev/v1/doc']);

    const warned = await okapi(['offenum', 'doc-level']);
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.stderr).toContain('warning');
    expect(warned.stderr).toContain('apis.offenum.server_variables.stage is "qa", which is not one of the values');
    expect(warned.stderr).toContain('(prod, dev); using it as configured');
    expect(warned.atApi.map((r) => r.path)).toEqual(['/anything/qa/v1/doc']);

    const failed = await okapi(['undeclared', 'doc-level']);
    expect(failed.code).not.toBe(0);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('apis.undeclared.server_variables.region names a server variable "region" that no OpenAPI server of this operation declares');
    expect(failed.stderr).toContain('the servers declare: stage');
    expect([...failed.atApi, ...failed.atOther]).toEqual([]);
  });

  it('relative path- and operation-level servers resolve against base_url; the operation level wins', async () => {
    const path = await okapi(['levels', 'path-level']);
    expect(path.code, path.stderr).toBe(0);
    expect(path.atApi.map((r) => r.path)).toEqual(['/anything/path-level/levels']);
    const operation = await okapi(['levels', 'operation-level']);
    expect(operation.code, operation.stderr).toBe(0);
    expect(operation.atApi.map((r) => [r.method, r.path])).toEqual([['POST', '/anything/operation-level/levels']]);
  });

  it('a relative document server is mounted under base_url\'s path, shared segments written once', async () => {
    const sent = await okapi(['mounted', 'doc-level']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.atApi.map((r) => r.path)).toEqual(['/anything/v2/doc']);
  });

  it("a query in the document's server URL and in a path key is sent with the parameters, as help shows it", async () => {
    const sent = await okapi(['queried', 'fast-search', '--q', 'hello']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.atApi.map((r) => r.path)).toEqual(['/anything/v1/search?api-version=2023-01-01&mode=fast&q=hello']);
  });

  it('the selected profile\'s base_url gives the origin, and only that profile\'s headers go there', async () => {
    const sent = await okapi(['-p', 'other', 'profiled', 'doc-level']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.atApi).toEqual([]);
    expect(sent.atOther.map((r) => r.path)).toEqual(['/anything/profile/prod/v1/doc']);
    expect(sent.atOther[0]!.headers['x-secret']).toBeUndefined();
  });

  it('a same-origin absolute operation server is used as written, even outside base_url\'s path, with the profile\'s headers', async () => {
    const sent = await okapi(['same', 'same-origin']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.atApi.map((r) => r.path)).toEqual(['/echo/same-origin/same']);
    expect(sent.atApi[0]!.headers['x-secret']).toBe('s3cret');
  });

  it('an operation server on another origin is blocked with a hint naming allowed_operation_origins; nothing is sent', async () => {
    const sent = await okapi(['blocked', 'cross-origin']);
    expect(sent.code).not.toBe(0);
    expect(sent.stderr).toContain(`the OpenAPI server "${other.url}/anything/cross" of this operation is on another origin`);
    expect(sent.stderr).toContain(`okapi api set blocked 'allowed_operation_origins[]: ${other.url}' (or route it with url_overrides)`);
    expect([...sent.atApi, ...sent.atOther]).toEqual([]);
  });

  it('an allowed origin gets the request but never the profile credentials', async () => {
    const sent = await okapi(['allowed', 'cross-origin']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.atApi).toEqual([]);
    expect(sent.atOther.map((r) => r.path)).toEqual(['/anything/cross/cross']);
    expect(sent.atOther[0]!.headers['x-secret']).toBeUndefined();
    expect(sent.atOther[0]!.headers.authorization).toBeUndefined();
  });

  it('url_overrides rewrite a cross-origin operation server (longest prefix wins) and generic API requests', async () => {
    const sent = await okapi(['rewritten', 'cross-origin']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.atOther).toEqual([]);
    expect(sent.atApi.map((r) => r.path)).toEqual(['/anything/long/cross']);

    const operation = await okapi(['generic', 'doc-level']);
    expect(operation.atApi.map((r) => r.path)).toEqual(['/anything/overridden/v1/doc']);
    const generic = await okapi(['generic/prod/x']);
    expect(generic.code, generic.stderr).toBe(0);
    expect(generic.atApi.map((r) => r.path)).toEqual(['/anything/overridden/x']);
  });
});
