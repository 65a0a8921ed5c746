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
    '/anything/search/{obj}': {
      get: {
        operationId: 'search',
        'x-cli-description': 'Searches everything, as the CLI explains it.',
        description: 'The document\'s own description.',
        parameters: [
          { name: 'obj', in: 'path', required: true, schema: { type: 'object' } },
          { name: 'words', in: 'query', style: 'spaceDelimited', explode: false, schema: { type: 'array', items: { type: 'string' } } },
          { name: 'point', in: 'query', schema: { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } } } },
          { name: 'dims', in: 'query', explode: false, schema: { type: 'object' } },
          { name: 'X-Odd', in: 'header', style: 'form', schema: { type: 'string' } },
        ],
        responses: ok,
      },
    },
    '/anything/gallery': {
      post: {
        operationId: 'addPhotos',
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { photos: { type: 'array', items: { type: 'string', format: 'binary' } }, meta: { type: 'object' } } },
              encoding: { meta: { contentType: 'application/vnd.meta+json' } },
            },
          },
        },
        responses: ok,
      },
    },
    '/anything/vendor': {
      post: { operationId: 'postVendor', requestBody: { content: { 'application/vnd.shop+json': { schema: { type: 'object' } } } }, responses: ok },
    },
    '/anything/logs': {
      post: { operationId: 'postLogs', requestBody: { content: { 'application/x-ndjson': { schema: { type: 'string' } } } }, responses: ok },
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

/** OpenAPI 3.0's dialect: boolean exclusiveMinimum, nullable. */
const OLD_DIALECT = {
  openapi: '3.0.3',
  info: { title: 'Old', version: '1' },
  paths: {
    '/anything/things': {
      post: {
        operationId: 'addThing',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 0, exclusiveMinimum: true }, note: { type: 'string', nullable: true } } },
            },
          },
        },
        responses: { 200: { description: 'ok' } },
      },
    },
  },
};

let api: ExampleApi;
let home: ReturnType<typeof freshHome>;
const BLOB = Buffer.from('hello\0bin');

beforeAll(async () => {
  api = await startExampleApi();
  home = freshHome();
  const file = join(home.dir, 'shop.json');
  writeFileSync(file, JSON.stringify(SHOP));
  writeFileSync(join(home.dir, 'blob.bin'), BLOB);
  for (const name of ['shop', 'tagged']) {
    const connected = await runOkapi(['api', 'connect', name, api.url, '--spec', file], { env: home.env });
    expect(connected.code, connected.stderr).toBe(0);
  }
  const oldFile = join(home.dir, 'old.json');
  writeFileSync(oldFile, JSON.stringify(OLD_DIALECT));
  const old = await runOkapi(['api', 'connect', 'old', api.url, '--spec', oldFile], { env: home.env });
  expect(old.code, old.stderr).toBe(0);
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
    expect(help.stdout).toContain('Operations (16, 2 hidden or ignored):');
    for (const name of ['get-user-by-id', 'repos-get', 'get-anything-plain-route', 'make-thing', 'delete-user', 'twin', 'twin-get']) expect(help.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    expect(help.stdout).toContain('(alias: mk)');
    expect(help.stdout).toMatch(/^ {2}delete-user\s+\(deprecated\)$/m);
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
    expect((await okapi(['help', 'tagged', 'users'])).stdout).toBe(users.stdout);
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

  it('after --, words that start with - are arguments and body words, not flags', async () => {
    const sent = await okapi(['shop', 'get-user-by-id', '5', '--color', 'red', '--', '10', '-rid']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.requests[0]!.path).toBe('/anything/users/5?limit=10&color=red');
    expect(sent.requests[0]!.headers['x-request-id']).toBe('-rid');
    const blob = await okapi(['shop', 'put-blob', '--', '--raw--']);
    expect(blob.code, blob.stderr).toBe(0);
    expect(blob.requests[0]!.body.toString()).toBe('--raw--');
    const before = await okapi(['--', 'shop', 'get-user-by-id', '5', '10', '-r']);
    expect(before.code, before.stderr).toBe(0);
    expect(before.requests[0]!.headers['x-request-id']).toBe('-r');
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

describe('serialization on the wire', () => {
  it('sends each style as the OpenAPI specification shows it', async () => {
    const path = await wirePath([
      'shop',
      'styles',
      'R: 100, G: 200',
      'R: 100, G: 200',
      '--ids',
      '3',
      '--ids',
      '4',
      '--filter',
      'role: admin, age: 3',
      '--pipes',
      'blue',
      '--pipes',
      'black',
      '--where',
      '{"k": "v w"}',
      '--raw',
      'a/b?c+d%e',
    ]);
    const at = path.indexOf('?');
    const [pathPart, query] = [path.slice(0, at), path.slice(at + 1)];
    expect(pathPart).toBe('/anything/styles/.R,100,G,200/;R=100;G=200');
    expect(query.split('&')).toEqual([
      'ids=3,4',
      'filter[role]=admin',
      'filter[age]=3',
      'pipes=blue%7Cblack',
      'where=%7B%22k%22%3A%22v%20w%22%7D',
      // allowReserved: / and ? stay, a literal + and % are still escaped.
      'raw=a/b?c%2Bd%25e',
    ]);
  });

  it('joins the fields of an object flag given twice', async () => {
    const path = await wirePath(['shop', 'styles', 'a: 1', 'b: 2', '--filter', 'role: admin', '--filter', 'age: 3']);
    expect(path).toBe('/anything/styles/.a,1/;b=2?filter[role]=admin&filter[age]=3');
  });

  it('sends header objects simple and cookies form', async () => {
    const result = await okapi(['shop', 'styles', 'a: 1', 'b: 2', '--x-obj', 'a: 1, b: 2', '--session', 's 1']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.requests[0]!.headers['x-obj']).toBe('a,1,b,2');
    expect(result.requests[0]!.headers.cookie).toBe('session=s%201');
  });
});

describe('more serialization', () => {
  it('sends spaceDelimited arrays, form objects exploded and not, and path objects simple', async () => {
    const path = await wirePath(['shop', 'search', 'R: 100, G: 200', '--words', 'a', '--words', 'b', '--point', 'x: 1, y: 2', '--dims', 'w: 3, h: 4']);
    expect(path).toBe('/anything/search/R,100,G,200?words=a%20b&x=1&y=2&dims=w,3,h,4');
  });

  it('calls out a style okapi cannot send in help, and refuses to send it rather than guess', async () => {
    const help = await okapi(['shop', 'search', '--help']);
    expect(help.stdout).toMatch(/--x-odd <string>\s+header parameter "X-Odd"; style form; NOT SUPPORTED: /);
    const refused = await okapi(['shop', 'search', 'a: 1', '--x-odd', 'v']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('X-Odd');
    expect(refused.stderr).toContain('okapi cannot send this parameter; leave it out');
    expect(refused.requests).toEqual([]);
  });
});

describe('request bodies', () => {
  it('builds a JSON body from shorthand, types kept, with stdin as the base it patches', async () => {
    const sent = await echo(['shop', 'add-pet', 'name: Rex, age: 3, tags[]: a']);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body_text).toBe('{"name":"Rex","age":3,"tags":["a"]}');
    const patched = await echo(['shop', 'add-pet', 'age: 5'], { stdin: '{"name":"Old","kind":"dog"}' });
    expect(patched.json).toEqual({ name: 'Old', kind: 'dog', age: 5 });
    const fromStdin = await echo(['shop', 'put-pet'], { stdin: '{"name":"Piped"}' });
    expect(fromStdin.json).toEqual({ name: 'Piped' });
  });

  it('-c picks another media type the operation offers: form, or XML sent as typed', async () => {
    const form = await echo(['shop', 'add-pet', '-c', 'application/x-www-form-urlencoded', 'name: Rex, age: 3']);
    expect(form.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form.body_text).toBe('name=Rex&age=3');
    const xml = await echo(['shop', 'add-pet', '-c', 'application/xml', '<pet name="r"/>']);
    expect(xml.headers['content-type']).toBe('application/xml');
    expect(xml.body_text).toBe('<pet name="r"/>');
    const offered = await okapi(['shop', 'add-pet', '-c', 'text/plain', 'x']);
    expect(offered.code).toBe(2);
    expect(offered.requests).toEqual([]);
  });

  it('sends multipart with fields and a file part', async () => {
    const sent = await echo(['shop', 'upload', 'title: T, file: @blob.bin']);
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.multipart).toMatchObject({
      fields: { title: 'T' },
      files: [{ field: 'file', filename: 'blob.bin', size: BLOB.length }],
    });
  });

  it('sends a +json body from shorthand, and multipart file arrays as one part each with encoding.contentType', async () => {
    const vendor = await echo(['shop', 'post-vendor', 'a: 1']);
    expect(vendor.headers['content-type']).toBe('application/vnd.shop+json');
    expect(vendor.body_text).toBe('{"a":1}');
    const photos = await okapi(['shop', 'add-photos', 'photos: [@blob.bin, @blob.bin], meta: {k: v}']);
    expect(photos.code, photos.stderr).toBe(0);
    const body = photos.requests[0]!.body.toString('latin1');
    expect(body.match(/name="photos"; filename="blob.bin"/g)).toHaveLength(2);
    expect(body).toMatch(/name="meta"\r\nContent-Type: application\/vnd\.meta\+json\r\n\r\n\{"k":"v"\}/);
  });

  it('sends an NDJSON body from stdin as it is', async () => {
    const lines = '{"a":1}\n{"a":2}\n';
    const result = await okapi(['shop', 'post-logs'], { stdin: lines });
    expect(result.code, result.stderr).toBe(0);
    expect(result.requests[0]!.headers['content-type']).toBe('application/x-ndjson');
    expect(result.requests[0]!.body.toString()).toBe(lines);
  });

  it('sends an opaque octet-stream body from @file byte for byte', async () => {
    const result = await okapi(['shop', 'put-blob', '@blob.bin']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.requests[0]!.headers['content-type']).toBe('application/octet-stream');
    expect(result.requests[0]!.body.equals(BLOB)).toBe(true);
  });

  it('sends a body on DELETE when the operation defines one and the user gives one, framed on the connection', async () => {
    const withBody = await okapi(['shop', 'delete-user', '9', 'reason: old']);
    expect(withBody.code, withBody.stderr).toBe(0);
    expect(withBody.requests[0]).toMatchObject({ method: 'DELETE', path: '/anything/users/9' });
    expect(withBody.requests[0]!.headers['content-length']).toBe('16');
    expect(withBody.requests[0]!.body.toString()).toBe('{"reason":"old"}');
    const without = await okapi(['shop', 'delete-user', '9']);
    expect(without.code, without.stderr).toBe(0);
    expect(without.requests[0]!.body.length).toBe(0);
    expect(without.requests[0]!.headers['content-type']).toBeUndefined();
  });

  it('a required body that is missing is a usage error naming its media types; nothing is sent', async () => {
    const result = await okapi(['shop', 'add-pet']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('okapi shop add-pet needs a request body (application/json, application/x-www-form-urlencoded, application/xml)');
    expect(result.requests).toEqual([]);
  });
});

describe('help', () => {
  it('shows the method and path, arguments, flags, body outline, responses with media types and headers', async () => {
    const help = await okapi(['shop', 'get-user-by-id', '--help']);
    expect(help.stdout).toContain('GET /anything/users/{userId}');
    expect(help.stdout).toContain('Get a user');
    expect(help.stdout).toMatch(/<user-id>\s+integer; path parameter "userId"/);
    expect(help.stdout).toMatch(/<x-request-id>\s+string; header parameter "X-Request-ID"/);
    expect(help.stdout).toMatch(/--select <string>\s+query parameter "\$select"/);
    expect(help.stdout).toMatch(/--page-size <integer>\s+query parameter "page\.size"/);
    expect(help.stdout).toMatch(/--tags <string>\.\.\.\s+query parameter "tags"; repeatable/);
    expect(help.stdout).toMatch(/--color <string>\s+query parameter "color"; one of: red, blue/);
    expect(help.stdout).toMatch(/--old <string>\s+query parameter "old"; DEPRECATED/);
    expect(help.stdout).toMatch(/200\s+The user \(application\/json, text\/csv\)/);
    expect(help.stdout).toMatch(/headers: X-Rate-Limit/);
    expect(help.stdout).toContain('Example:\n  okapi shop get-user-by-id <user-id> <limit> <x-request-id>\n');
    expect(help.requests).toEqual([]);
  });

  it('prefers x-cli-description to the document\'s description', async () => {
    const help = await okapi(['shop', 'search', '--help']);
    expect(help.stdout).toContain('Searches everything, as the CLI explains it.');
    expect(help.stdout).not.toContain('The document\'s own description.');
  });

  it('outlines the body, marks a deprecated operation, and offers the body flags', async () => {
    const help = await okapi(['shop', 'delete-user', '--help']);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^DEPRECATED/);
    expect(help.stdout).toContain('Usage: okapi shop delete-user <user-id> [flags] [body...]');
    expect(help.stdout).toContain('Sent as application/json.');
    expect(help.stdout).toMatch(/reason\s+string/);
    expect(help.stdout).toContain('--okapi-generate-body');
    expect(help.stdout).toContain('--okapi-validate');
  });

  it('okapi help <api> <command> and a tag layout\'s help print the same help', async () => {
    const flag = await okapi(['shop', 'add-pet', '--help']);
    const word = await okapi(['help', 'shop', 'add-pet']);
    expect(word.code, word.stderr).toBe(0);
    expect(word.stdout).toBe(flag.stdout);
    expect(flag.stdout).toContain('POST /anything/pets');
    const tagged = await okapi(['tagged', 'users', 'get-user-by-id', '--help']);
    expect(tagged.stdout).toMatch(/^Usage: okapi tagged users get-user-by-id <user-id> <limit> <x-request-id>\s+\[flags\]$/m);
  });
});

describe('--okapi-generate-body and --okapi-validate', () => {
  it('prints the example body, or one from the schema, and sends nothing', async () => {
    const example = await okapi(['shop', 'add-pet', '--okapi-generate-body']);
    expect(example.code, example.stderr).toBe(0);
    expect(JSON.parse(example.stdout)).toEqual({ name: 'Rex', age: 3 });
    const fromSchema = await okapi(['shop', 'put-pet', '--okapi-generate-body']);
    expect(fromSchema.code, fromSchema.stderr).toBe(0);
    expect(JSON.parse(fromSchema.stdout)).toEqual({ name: 'string', age: 0, kind: 'dog' });
    expect([...example.requests, ...fromSchema.requests]).toEqual([]);
  });

  it('refuses a body that breaks the schema (exit 2, each JSON path named, nothing sent; 3.1 and 3.0 dialects) and sends a valid one', async () => {
    const bad = await okapi(['shop', 'add-pet', 'name: 5, age: -1', '--okapi-validate']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('nothing was sent');
    expect(bad.stderr).toContain('$.name: must be a string (got 5)');
    expect(bad.stderr).toContain('$.age: must be >= 0 (got -1)');
    expect(bad.requests).toEqual([]);
    const good = await echo(['shop', 'add-pet', 'name: ok, age: 1', '--okapi-validate']);
    expect(good.json).toEqual({ name: 'ok', age: 1 });
    const old = await okapi(['old', 'add-thing', 'n: 0, note: 5', '--okapi-validate']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain('$.n: must be > 0 (got 0)');
    expect(old.stderr).toContain('$.note: must be a string or null (got 5)');
    expect(old.requests).toEqual([]);
    expect((await echo(['old', 'add-thing', 'n: 1, note: null', '--okapi-validate'])).json).toEqual({ n: 1, note: null });
    // Without the flag nothing is validated: the server gets what was typed.
    const unchecked = await echo(['shop', 'add-pet', 'name: 5, kind: fish']);
    expect(unchecked.json).toEqual({ name: 5, kind: 'fish' });
  });
});

describe('failures before sending', () => {
  it.each([
    ['a missing required argument', ['shop', 'get-user-by-id', '5'], 2, 'needs <limit> (query parameter limit), <x-request-id> (header parameter X-Request-ID)'],
    ['an unknown flag', ['shop', 'get-user-by-id', '5', '1', 'r', '--nope'], 2, 'unknown flag --nope'],
    ['a bad enum value', ['shop', 'get-user-by-id', '5', '1', 'r', '--color', 'green'], 2, '--color "green" is not one of the values it allows: red, blue'],
    ['an unreadable @file', ['shop', 'put-blob', '@missing.bin'], 1, 'missing.bin'],
    ['a single-valued flag given twice', ['shop', 'get-user-by-id', '5', '1', 'r', '--color', 'red', '--color=blue'], 2, '--color (query parameter "color") takes one value, but was given 2: "red", "blue"'],
    ['an unknown command', ['shop', 'no-such-command'], 2, 'no-such-command'],
  ])('%s: the right exit code and message, the server sees nothing', async (_, args, code, message) => {
    const result = await okapi(args);
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
    expect(result.requests).toEqual([]);
  });
});

describe('global flags on generated commands', () => {
  it('-o yaml and -f shape the output', async () => {
    const yaml = await okapi(['shop', 'repos-get', '-o', 'yaml']);
    expect(yaml.code, yaml.stderr).toBe(0);
    expect(yaml.stdout).toMatch(/^method: GET$/m);
    expect(yaml.stdout).toMatch(/^path: \/anything\/repos$/m);
    const filtered = await okapi(['shop', 'get-user-by-id', '8', '2', 'r', '-f', 'body.query', '-o', 'json']);
    expect(filtered.code, filtered.stderr).toBe(0);
    expect(JSON.parse(filtered.stdout)).toEqual({ limit: '2' });
  });

  it('-H and -q add to what the command sends', async () => {
    const sent = await echo(['shop', 'get-user-by-id', '8', '2', 'r', '-H', 'X-Extra: e', '-q', 'extra=1']);
    expect(sent.headers['x-extra']).toBe('e');
    expect(sent.url).toBe(`${api.url}/anything/users/8?limit=2&extra=1`);
  });

  it('-v shows the request on stderr; --okapi-print HB prints the request head and body', async () => {
    const verbose = await okapi(['shop', 'add-pet', 'name: v', '-v']);
    expect(verbose.code, verbose.stderr).toBe(0);
    expect(verbose.stderr).toContain('POST /anything/pets HTTP/1.1');
    expect(verbose.stderr).toMatch(/^Content-Type: application\/json\r?$/m);
    const print = await okapi(['shop', 'add-pet', 'name: p', '--okapi-print', 'HB']);
    expect(print.code, print.stderr).toBe(0);
    expect(print.stdout).toContain('POST /anything/pets HTTP/1.1');
    expect(print.stdout).toContain('{"name":"p"}');
    expect(print.stdout).not.toContain('"method"');
  });

  it('-S prints nothing and still sends; -p picks the profile whose headers go with the request', async () => {
    const silent = await okapi(['shop', 'repos-get', '-S']);
    expect(silent.code).toBe(0);
    expect(silent.stdout).toBe('');
    expect(silent.stderr).toBe('');
    expect(silent.requests).toHaveLength(1);
    const set = await okapi(['api', 'set', 'shop', 'profiles.default.headers: ["X-Team: default"], profiles.other.headers: ["X-Team: other"]']);
    expect(set.code, set.stderr).toBe(0);
    expect((await echo(['shop', 'repos-get'])).headers['x-team']).toBe('default');
    expect((await echo(['-p', 'other', 'shop', 'repos-get'])).headers['x-team']).toBe('other');
    expect((await echo(['shop', 'repos-get', '-p', 'other'])).headers['x-team']).toBe('other');
  });
});

describe('the example API\'s own description', () => {
  it('connects by discovery and its operations are commands: path arguments, query flags, bodies, exit codes by status', async () => {
    const exampleHome = freshHome();
    const connected = await runOkapi(['api', 'connect', 'example', api.url], { env: exampleHome.env });
    expect(connected.code, connected.stderr).toBe(0);
    const items = await runOkapi(['example', 'list-items', '--count', '2', '-o', 'json', '-f', 'body.id'], { env: exampleHome.env });
    expect(items.code, items.stderr).toBe(0);
    expect(JSON.parse(items.stdout)).toEqual([1, 2]);
    const status = await runOkapi(['example', 'get-status', '418'], { env: exampleHome.env });
    expect(status.code).toBe(4);
    const before = api.requests.length;
    const post = await runOkapi(['example', 'post-anything-path', 'a/b', 'x: 1', '-o', 'json'], { env: exampleHome.env });
    expect(post.code, post.stderr).toBe(0);
    expect(api.requests.slice(before).map((r) => [r.method, r.path, r.body.toString()])).toEqual([['POST', '/anything/a%2Fb', '{"x":1}']]);
  });
});
