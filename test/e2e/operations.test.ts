/**
 * Generated operation commands as users meet them (issue 14; SPEC.md "Generated operation
 * commands"): a description written by the test is connected with `--spec`, its base URL the
 * example API, whose `/anything` route echoes each request and whose `requests` log shows what
 * reached the wire. Names, arguments, serialization, bodies, help, body generation and validation,
 * failures before sending and the global flags, all through the built CLI.
 * Routing rules are in operations-routing.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi, type RecordedRequest } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi, type OkapiResult, type OkapiRunOptions } from '../helpers/run-okapi.js';

const ok = { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };

const SHOP = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1' },
  paths: {
    '/anything/users/{userId}': {
      parameters: [
        { name: 'userId', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'trace', in: 'query', schema: { type: 'string' } },
        { name: 'limit', in: 'query', schema: { type: 'integer' }, description: 'From the path level.' },
      ],
      get: {
        operationId: 'getUserById',
        summary: 'Get a user',
        tags: ['users'],
        parameters: [
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer' }, description: 'How many, from the operation.' },
          { name: '$select', in: 'query', 'x-cli-name': 'select', schema: { type: 'string' } },
          { name: 'X-Request-ID', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'page.size', in: 'query', schema: { type: 'integer' } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'color', in: 'query', schema: { type: 'string', enum: ['red', 'blue'] } },
          { name: 'version', in: 'query', schema: { type: 'string' } },
          { name: 'version', in: 'header', schema: { type: 'string' } },
          { name: 'Accept', in: 'header', schema: { type: 'string' } },
          { name: 'Content-Type', in: 'header', schema: { type: 'string' } },
          { name: 'Authorization', in: 'header', required: true, schema: { type: 'string' } },
          { name: 'old', in: 'query', deprecated: true },
        ],
        responses: {
          200: {
            description: 'The user',
            headers: { 'X-Rate-Limit': { schema: { type: 'integer' } } },
            content: { 'application/json': { schema: { type: 'object' } }, 'text/csv': {} },
          },
        },
      },
      delete: {
        operationId: 'deleteUser',
        tags: ['users'],
        deprecated: true,
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string' } } } } } },
        responses: { 204: { description: 'gone' } },
      },
    },
    '/anything/repos': { get: { operationId: 'repos/get', tags: ['repos'], responses: ok } },
    '/anything/plain-route': { get: { responses: ok } },
    '/anything/named': { post: { operationId: 'createNamed', 'x-cli-name': 'make-thing', 'x-cli-aliases': ['mk'], tags: ['repos'], responses: ok } },
    '/anything/secret': { get: { operationId: 'secretThing', 'x-cli-hidden': true, tags: ['repos'], responses: ok } },
    '/anything/gone': { get: { operationId: 'goneThing', 'x-cli-ignore': true, responses: ok } },
    '/anything/twin-a': { get: { operationId: 'twin', responses: ok } },
    '/anything/twin-b': { get: { 'x-cli-name': 'twin', responses: ok } },
    '/anything/styles/{lbl}/{mtx}': {
      get: {
        operationId: 'styles',
        parameters: [
          { name: 'lbl', in: 'path', required: true, style: 'label', explode: false, schema: { type: 'object' } },
          { name: 'mtx', in: 'path', required: true, style: 'matrix', explode: true, schema: { type: 'object' } },
          { name: 'ids', in: 'query', style: 'form', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object', properties: { role: { type: 'string' }, age: { type: 'integer' } } } },
          { name: 'pipes', in: 'query', style: 'pipeDelimited', explode: false, schema: { type: 'array', items: { type: 'string' } } },
          { name: 'X-Obj', in: 'header', schema: { type: 'object' } },
          { name: 'session', in: 'cookie', schema: { type: 'string' } },
          { name: 'where', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
          { name: 'raw', in: 'query', allowReserved: true, schema: { type: 'string' } },
        ],
        responses: ok,
      },
    },
    '/anything/pets': {
      post: {
        operationId: 'addPet',
        summary: 'Add a pet',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Pet' }, example: { name: 'Rex', age: 3 } },
            'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/Pet' } },
            'application/xml': { schema: { type: 'string' } },
          },
        },
        responses: ok,
      },
      put: { operationId: 'putPet', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, responses: ok },
    },
    '/anything/upload': {
      post: {
        operationId: 'upload',
        requestBody: {
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { title: { type: 'string' }, file: { type: 'string', format: 'binary' } } } } },
        },
        responses: ok,
      },
    },
    '/anything/blob': {
      put: { operationId: 'putBlob', requestBody: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }, responses: ok },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 }, kind: { type: 'string', enum: ['dog', 'cat'] } },
      },
    },
  },
};

let api: ExampleApi;
const home = freshHome();
const BLOB = Buffer.from('hello\0bin');

beforeAll(async () => {
  api = await startExampleApi();
  const file = join(home.dir, 'shop.json');
  writeFileSync(file, JSON.stringify(SHOP));
  writeFileSync(join(home.dir, 'blob.bin'), BLOB);
  for (const name of ['shop', 'tagged']) {
    const connected = await runOkapi(['api', 'connect', name, api.url, '--spec', file], { env: home.env });
    expect(connected.code, connected.stderr).toBe(0);
  }
  const layout = await runOkapi(['api', 'set', 'tagged', 'command_layout: tags, operation_base: /anything'], { env: home.env });
  expect(layout.code, layout.stderr).toBe(0);
});
afterAll(async () => {
  await api.close();
});

/** Runs okapi in the shared home (files relative to it) and returns what the server received meanwhile. */
async function okapi(args: string[], options: OkapiRunOptions = {}): Promise<OkapiResult & { requests: RecordedRequest[] }> {
  const before = api.requests.length;
  const result = await runOkapi(args, { env: home.env, cwd: home.dir, ...options });
  return { ...result, requests: api.requests.slice(before) };
}

/** The echo of the one request the call sent. */
async function echo(args: string[], options: OkapiRunOptions = {}): Promise<{ method: string; url: string; path: string; query: Record<string, unknown>; headers: Record<string, string>; body_text: string; json: unknown; multipart: unknown }> {
  const result = await okapi([...args, '-o', 'json'], options);
  expect(result.code, result.stderr).toBe(0);
  expect(result.requests).toHaveLength(1);
  return JSON.parse(result.stdout);
}

/** The request line's target (path and query, as sent) of the one request the call sent. */
async function wirePath(args: string[]): Promise<string> {
  const result = await okapi(args);
  expect(result.code, result.stderr).toBe(0);
  expect(result.requests).toHaveLength(1);
  return result.requests[0]!.path;
}

describe('command names', () => {
  it('lists x-cli-name, kebab-case operationIds and method+path names, aliases, not hidden or ignored ones', async () => {
    const help = await okapi(['shop', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('Operations (12, 2 hidden or ignored):');
    for (const name of ['get-user-by-id', 'repos-get', 'get-anything-plain-route', 'make-thing', 'delete-user', 'twin', 'twin-get']) expect(help.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    expect(help.stdout).toContain('(alias: mk)');
    expect(help.stdout).not.toContain('secret');
    expect(help.stdout).not.toContain('gone');
    expect(help.requests).toEqual([]);
  });

  it('calls each by its name and alias, a hidden one by its exact name; an ignored one is no command', async () => {
    expect(await wirePath(['shop', 'get-user-by-id', '7', '10', 'rid'])).toBe('/anything/users/7?limit=10');
    expect(await wirePath(['shop', 'repos-get'])).toBe('/anything/repos');
    expect(await wirePath(['shop', 'get-anything-plain-route'])).toBe('/anything/plain-route');
    expect(await wirePath(['shop', 'mk'])).toBe('/anything/named');
    expect(await wirePath(['shop', 'make-thing'])).toBe('/anything/named');
    expect(await wirePath(['shop', 'secret-thing'])).toBe('/anything/secret');
    expect(await wirePath(['shop', 'twin'])).toBe('/anything/twin-a');
    expect(await wirePath(['shop', 'twin-get'])).toBe('/anything/twin-b');
    const ignored = await okapi(['shop', 'gone-thing']);
    expect(ignored.code).not.toBe(0);
    expect(ignored.stderr).toContain('gone-thing');
    expect(ignored.requests).toEqual([]);
  });

  it('doctor api reports the extensions and the name collision and how it was resolved', async () => {
    const doctor = await okapi(['doctor', 'api', 'shop']);
    expect(doctor.code, doctor.stderr).toBe(0);
    expect(doctor.stdout).toContain('GET /anything/twin-a, GET /anything/twin-b: each would be the command "twin"; okapi names them twin, twin-get');
    expect(doctor.stdout).toContain('x-cli-hidden hides the command from help');
    expect(doctor.stdout).toContain('x-cli-ignore leaves the operation out');
    expect(doctor.stdout).toContain('x-cli-aliases adds the command alias mk');
    expect(doctor.stdout).toContain('parameter $select (query): x-cli-name makes it "select" on the command line ("$select" is still sent)');
  });

  it('command_layout: tags groups commands by tag; operation_base is removed from fallback names', async () => {
    const top = await okapi(['tagged', '--help']);
    expect(top.code, top.stderr).toBe(0);
    expect(top.stdout).toMatch(/^ {2}users\b.*2 commands/m);
    expect(top.stdout).toMatch(/^ {2}repos\b.*2 commands/m);
    expect(top.stdout).toMatch(/^ {2}get-plain-route$/m);
    const users = await okapi(['tagged', 'users', '--help']);
    expect(users.code, users.stderr).toBe(0);
    expect(users.stdout).toContain('okapi tagged users <command>');
    expect(users.stdout).toMatch(/^ {2}get-user-by-id\s+Get a user$/m);
    expect(users.stdout).toMatch(/^ {2}delete-user\b/m);
    expect(users.stdout).not.toContain('repos-get');
    expect(await wirePath(['tagged', 'users', 'get-user-by-id', '3', '1', 'rid'])).toBe('/anything/anything/users/3?limit=1');
    // operation_base replaces the servers' prefix, so the document's own /anything stays in the path.
    expect(await wirePath(['tagged', 'get-plain-route'])).toBe('/anything/anything/plain-route');
    expect(await wirePath(['tagged', 'repos', 'secret-thing'])).toBe('/anything/anything/secret');
    const untagged = await okapi(['tagged', 'get-user-by-id', '3', '1', 'rid']);
    expect(untagged.code).not.toBe(0);
    expect(untagged.requests).toEqual([]);
  });
});

describe('arguments', () => {
  it('takes required path, query and header parameters in order, optional ones as flags, arrays repeated', async () => {
    const sent = await echo(['shop', 'get-user-by-id', '42', '5', 'rid-1', '--trace', 'on', '--tags', 'a', '--tags', 'b c', '--color', 'blue']);
    expect(sent.url).toBe(`${api.url}/anything/users/42?limit=5&trace=on&tags=a&tags=b%20c&color=blue`);
    expect(sent.headers['x-request-id']).toBe('rid-1');
  });

  it('keeps the wire name of a renamed, dotted or case-sensitive parameter and keeps same-name parameters apart', async () => {
    const result = await okapi(['shop', 'get-user-by-id', '1', '2', 'Rid', '--select', 'a,b', '--page-size', '9', '--query-version', 'q3', '--header-version', 'h2', '--okapi-print', 'H']);
    expect(result.code, result.stderr).toBe(0);
    const head = result.stdout;
    expect(head).toContain('GET /anything/users/1?limit=2&$select=a%2Cb&page.size=9&version=q3 HTTP/1.1');
    expect(head).toMatch(/^X-Request-ID: Rid\r?$/m);
    expect(head).toMatch(/^version: h2\r?$/m);
    expect(result.requests[0]!.path).toBe('/anything/users/1?limit=2&$select=a%2Cb&page.size=9&version=q3');
  });

  it('merges path-level parameters, the operation overriding one by (in, name), and shows it in help', async () => {
    const help = await okapi(['shop', 'get-user-by-id', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: okapi shop get-user-by-id <user-id> <limit> <x-request-id> [flags]');
    expect(help.stdout).toContain('How many, from the operation.');
    expect(help.stdout).not.toContain('From the path level.');
    expect(help.stdout).toContain('--trace <string>');
    expect(help.stdout).toContain('--query-version <string>');
    expect(help.stdout).toContain('--header-version <string>');
  });

  it('ignores Accept, Content-Type and Authorization header parameters: no argument, no flag, nothing sent', async () => {
    const help = await okapi(['shop', 'get-user-by-id', '--help']);
    expect(help.stdout).not.toMatch(/--accept|--content-type|--authorization|<authorization>/);
    // The required Authorization parameter is no positional: a fourth word is refused.
    const extra = await okapi(['shop', 'get-user-by-id', '1', '2', 'rid', 'Bearer x']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('takes 3 arguments and no request body; got "Bearer x"');
    expect(extra.requests).toEqual([]);
    const sent = await echo(['shop', 'get-user-by-id', '1', '2', 'rid']);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers['content-type']).toBeUndefined();
  });
});
