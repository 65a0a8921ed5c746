/**
 * Bad input to `api connect`: malformed, truncated, oversized or non-OpenAPI documents, nothing
 * usable left by broken `$ref`s, unreachable URLs, refused cross-origin links (the defects okapi
 * works around are in api-defects.test.ts). Each fails with exit 1 (2 for usage),
 * an error naming the source and the place in it, and the config exactly as it was.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';
import { startSpecServer, type SpecServer } from '../unit/api/spec-server.js';

let server: SpecServer;
let other: SpecServer;

beforeAll(async () => {
  server = await startSpecServer();
  other = await startSpecServer();
});
afterAll(async () => {
  await server.close();
  await other.close();
});

const GOOD = {
  openapi: '3.0.3',
  info: { title: 'Good', version: '1' },
  paths: { '/a': { get: { operationId: 'getA', responses: { 200: { description: 'ok' } } } } },
};

/** Serves `body` as the description linked from `/<prefix>`. */
function serve(prefix: string, body: string | Uint8Array, contentType = 'application/json'): string {
  server.routes.set(`/${prefix}`, { headers: { link: `</${prefix}/spec>; rel="service-desc"`, 'content-type': 'text/plain' }, body: 'root' });
  server.routes.set(`/${prefix}/spec`, { headers: { 'content-type': contentType }, body });
  return `${server.url}/${prefix}`;
}

async function expectFailure(args: string[], home: ReturnType<typeof freshHome>, code = 1): Promise<string> {
  const before = existsSync(home.config) ? readFileSync(home.config, 'utf8') : undefined;
  const result = await runOkapi(args, { env: home.env });
  expect(result.code, result.stderr).toBe(code);
  expect(result.stdout).toBe('');
  expect(existsSync(home.config) ? readFileSync(home.config, 'utf8') : undefined).toBe(before);
  return result.stderr;
}

describe('documents that are not usable descriptions', () => {
  it('malformed JSON: names the URL, the line and the column', async () => {
    const home = freshHome();
    const url = serve('malformed', '{\n  "openapi": "3.0.3",\n  "paths": {,}\n}\n');
    const stderr = await expectFailure(['api', 'connect', 'bad', url], home);
    expect(stderr).toContain(`${url}/spec as JSON`);
    expect(stderr).toMatch(/line 3, column \d+/);
  });

  it('truncated JSON says the document ends too early', async () => {
    const home = freshHome();
    const text = JSON.stringify(GOOD, null, 2);
    const stderr = await expectFailure(['api', 'connect', 'bad', serve('truncated', text.slice(0, text.length / 2))], home);
    expect(stderr).toContain('ends too early');
  });

  it('malformed YAML: names the URL, the line and the column', async () => {
    const home = freshHome();
    const url = serve('yaml', 'openapi: 3.0.3\ninfo:\n  title: x\n   version: 1\npaths: {}\n', 'application/yaml');
    const stderr = await expectFailure(['api', 'connect', 'bad', url], home);
    expect(stderr).toContain(`${url}/spec as YAML`);
    expect(stderr).toMatch(/line \d+, column \d+/);
  });

  it('a JSON document that is not OpenAPI is refused by name', async () => {
    const home = freshHome();
    const url = serve('notapi', JSON.stringify({ name: 'not an API' }));
    const stderr = await expectFailure(['api', 'connect', 'bad', url], home);
    expect(stderr).toContain(`${url}/spec is not an OpenAPI document`);
    const asyncapi = await expectFailure(['api', 'connect', 'bad', serve('asyncapi', JSON.stringify({ asyncapi: '2.6.0' }))], home);
    expect(asyncapi).toContain('AsyncAPI');
  });

  it('a description over 50 MiB is refused, over HTTP and from a file', async () => {
    const home = freshHome();
    server.routes.set('/huge', { headers: { link: '</huge/spec>; rel="service-desc"' }, body: '' });
    server.routes.set('/huge/spec', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 51) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('{}');
      };
      pump();
    });
    const stderr = await expectFailure(['api', 'connect', 'bad', `${server.url}/huge`], home);
    expect(stderr).toContain('50 MiB');
    const file = join(home.dir, 'big.json');
    writeFileSync(file, '');
    truncateSync(file, 51 * 1024 * 1024);
    const local = await expectFailure(['api', 'connect', 'bad', server.url, '--spec', file], home);
    expect(local).toContain(file);
    expect(local).toContain('50 MiB');
  });

  it('a description whose only operations are in a missing file is refused, naming the file', async () => {
    const home = freshHome();
    const file = join(home.dir, 'root.yaml');
    writeFileSync(file, 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    $ref: "./paths/a.yaml"\n');
    const stderr = await expectFailure(['api', 'connect', 'bad', server.url, '--spec', file], home);
    expect(stderr).toContain(`${file} declares 1 operation but none can be used`);
    expect(stderr).toContain(join(home.dir, 'paths/a.yaml'));
  });

  it('a downloaded description may not reference local files', async () => {
    const home = freshHome();
    const spec = { ...GOOD, components: { schemas: { Secret: { $ref: 'file:///etc/hostname' } } } };
    const stderr = await expectFailure(['api', 'connect', 'bad', serve('file-ref', JSON.stringify(spec))], home);
    expect(stderr).toContain('may reference only HTTP(S) documents');
  });

  it('a cross-origin $ref of a downloaded description needs --allow-cross-origin-spec', async () => {
    const home = freshHome();
    other.routes.set('/schemas.json', { body: JSON.stringify({ Thing: { type: 'object' } }) });
    const spec = { ...GOOD, components: { schemas: { Thing: { $ref: `${other.url}/schemas.json#/Thing` } } } };
    const url = serve('xref', JSON.stringify(spec));
    const stderr = await expectFailure(['api', 'connect', 'bad', url], home);
    expect(stderr).toContain('--allow-cross-origin-spec');
    const allowed = await runOkapi(['api', 'connect', 'good', url, '--allow-cross-origin-spec'], { env: home.env });
    expect(allowed.code, allowed.stderr).toBe(0);
  });
});

describe('sources that cannot be reached or found', () => {
  it('an unreachable URL is a runtime error naming it', async () => {
    const home = freshHome();
    const stderr = await expectFailure(['api', 'connect', 'bad', 'http://127.0.0.1:1'], home);
    expect(stderr).toContain('cannot fetch http://127.0.0.1:1/');
  });

  it('no description anywhere: every place tried is listed, with a hint', async () => {
    const home = freshHome();
    server.routes.set('/nothing', { headers: { 'content-type': 'text/html' }, body: '<html></html>' });
    const stderr = await expectFailure(['api', 'connect', 'bad', `${server.url}/nothing`], home);
    expect(stderr).toContain('found no OpenAPI description');
    expect(stderr).toContain(`${server.url}/nothing/openapi.json: 404`);
    expect(stderr).toContain(`${server.url}/openapi.json: 404`);
    expect(stderr).toContain('--spec');
  });

  it('a --spec file that does not exist is a usage error', async () => {
    const home = freshHome();
    const stderr = await expectFailure(['api', 'connect', 'bad', server.url, '--spec', join(home.dir, 'nope.yaml')], home, 2);
    expect(stderr).toContain('no such file');
  });

  it('a Link to another origin is followed only with --allow-cross-origin-spec', async () => {
    const home = freshHome();
    other.routes.set('/spec.json', { body: JSON.stringify(GOOD) });
    server.routes.set('/cross', { headers: { link: `<${other.url}/spec.json>; rel="service-desc"` }, body: '{}' });
    const stderr = await expectFailure(['api', 'connect', 'cross', `${server.url}/cross`], home);
    expect(stderr).toContain('another origin');
    expect(stderr).toContain('--allow-cross-origin-spec');
    const allowed = await runOkapi(['api', 'connect', 'cross', `${server.url}/cross`, '--allow-cross-origin-spec'], { env: home.env });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stderr).toContain(`${other.url}/spec.json`);
  });
});

describe('special files are not descriptions', () => {
  it.each([
    ['/dev/zero', 'a character device'],
    ['/dev/urandom', 'a character device'],
  ])('--spec %s is refused before a byte is read', async (path, kind) => {
    const home = freshHome();
    const stderr = await expectFailure(['api', 'connect', 'bad', server.url, '--spec', path], home);
    expect(stderr).toContain(`cannot read the spec file ${path}: it is ${kind}, not a regular file`);
  });

  it('a $ref to a device or a FIFO is never read or waited on', async () => {
    const home = freshHome();
    const fifo = join(home.dir, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    for (const [target, kind] of [
      ['/dev/urandom', 'a character device'],
      [fifo, 'a named pipe (FIFO)'],
    ]) {
      const file = join(home.dir, 'spec.yaml');
      writeFileSync(file, `openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    $ref: "${target}"\n`);
      const stderr = await expectFailure(['api', 'connect', 'bad', server.url, '--spec', file], home);
      expect(stderr).toContain(`cannot read ${target} (referenced by a $ref in the description): it is ${kind}, not a regular file`);
    }
  });

  it('a directory given as --spec says so', async () => {
    const home = freshHome();
    const stderr = await expectFailure(['api', 'connect', 'bad', server.url, '--spec', home.dir], home);
    expect(stderr).toContain('it is a directory');
  });
});

describe('a failed reconnect', () => {
  it('leaves the config and the cached index as they were', async () => {
    const home = freshHome();
    const url = serve('flip', JSON.stringify(GOOD));
    expect((await runOkapi(['api', 'connect', 'flip', url], { env: home.env })).code).toBe(0);
    const help = join(home.dir, 'cache/apis/flip/help.index');
    const helpBefore = readFileSync(help, 'utf8');
    serve('flip', '{"openapi": "3.0.3", "paths": ');
    await expectFailure(['api', 'connect', 'flip', url], home);
    await expectFailure(['api', 'sync', 'flip'], home);
    expect(readFileSync(help, 'utf8')).toBe(helpBefore);
  });
});

describe('Swagger 2.0', () => {
  it('is converted to OpenAPI 3 and indexed', async () => {
    const home = freshHome();
    const swagger = {
      swagger: '2.0',
      info: { title: 'Old', version: '1' },
      host: 'old.example.com',
      basePath: '/v1',
      schemes: ['https'],
      consumes: ['application/json'],
      produces: ['application/json'],
      securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
      definitions: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
      parameters: { Limit: { name: 'limit', in: 'query', type: 'integer' } },
      paths: {
        '/pets': {
          get: { operationId: 'listPets', parameters: [{ $ref: '#/parameters/Limit' }, { name: 'tags', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'multi' }], responses: { 200: { description: 'ok', schema: { type: 'array', items: { $ref: '#/definitions/Pet' } } } } },
          post: { operationId: 'addPet', parameters: [{ name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }], responses: { 201: { description: 'created' } } },
        },
        '/pets/{id}/photo': {
          put: { operationId: 'uploadPhoto', consumes: ['multipart/form-data'], parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }, { name: 'file', in: 'formData', type: 'file' }], responses: { 204: { description: 'ok' } } },
        },
      },
    };
    const file = join(home.dir, 'swagger.json');
    writeFileSync(file, JSON.stringify(swagger));
    const result = await runOkapi(['api', 'connect', 'old', 'https://old.example.com/v1', '--spec', file], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('3 operations');
    const spec = JSON.parse(readFileSync(join(home.dir, 'cache/apis/old/spec.json'), 'utf8'));
    expect(spec.openapi).toBe('3.0.3');
    expect(spec.servers).toEqual([{ url: 'https://old.example.com/v1' }]);
    expect(spec.components.securitySchemes.key).toEqual({ type: 'apiKey', in: 'header', name: 'X-Key' });
    expect(spec.paths['/pets'].get.responses[200].content['application/json'].schema.items.$ref).toBe('#/components/schemas/Pet');
    expect(spec.paths['/pets'].post.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } });
    expect(spec.paths['/pets/{id}/photo'].put.requestBody.content['multipart/form-data'].schema.properties.file).toEqual({ type: 'string', format: 'binary' });
    const index = JSON.parse(readFileSync(join(home.dir, 'cache/apis/old/operations.json'), 'utf8'));
    const list = index.operations.find((o: { name: string }) => o.name === 'list-pets');
    expect(list.parameters).toEqual([
      { name: 'limit', in: 'query', type: 'integer' },
      { name: 'tags', in: 'query', array: true, type: 'array' },
    ]);
  });
});

describe('a referenced file that does not parse', () => {
  it('names that file and the place in it', async () => {
    const home = freshHome();
    const file = join(home.dir, 'root.yaml');
    writeFileSync(join(home.dir, 'broken.yaml'), 'a: [1, 2\nb: 3\n');
    writeFileSync(file, 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    $ref: "./broken.yaml"\n');
    const stderr = await expectFailure(['api', 'connect', 'bad', server.url, '--spec', file], home);
    expect(stderr).toContain(`cannot parse ${join(home.dir, 'broken.yaml')} as YAML`);
    expect(stderr).toMatch(/line \d+, column \d+/);
  });
});
