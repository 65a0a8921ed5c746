/** The built-in openapi loader: JSON and YAML, errors with places, OpenAPI checks, Swagger 2.0; and loader choice. */
import { describe, expect, it } from 'vitest';
import loader from '../../../plugins-builtin/openapi/index.js';
import { describeOffset, formatOf } from '../../../plugins-builtin/openapi/parse.js';
import { pickLoader } from '../../../kernel/api/load-document.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';
import { stringifyJson } from '../../../sdk/shared/json-stringify.js';
import type { PluginRecord } from '../../../kernel/plugins/registry.js';
import { PluginContainer } from '../../../kernel/plugins/container.js';

const load = async (text: string, meta: { content_type?: string; source_url?: string; local_path?: string; referenced?: boolean } = {}) =>
  (await loader.hooks.loader!({ hook: 'loader', protocol_version: 2, features: [], body: Buffer.from(text), ...meta })).document as Record<string, any>;

describe('openapi loader', () => {
  it('reads JSON and YAML, by media type, file name or first character', async () => {
    expect((await load('{"openapi": "3.1.0", "paths": {}}')).openapi).toBe('3.1.0');
    expect((await load('openapi: 3.0.3\npaths: {}\n')).openapi).toBe('3.0.3');
    expect((await load('\uFEFF{"openapi": "3.0.0"}', { content_type: 'application/openapi+json; charset=utf-8' })).openapi).toBe('3.0.0');
    expect((await load('openapi: 3.0\n', { local_path: '/x/spec.yml' })).openapi).toBe('3.0.0');
    expect(formatOf('openapi: x', 'spec', 'application/vnd.oai.openapi+json')).toBe('json');
    expect(formatOf('{}', 'https://x/spec.yaml?x=1', undefined)).toBe('yaml');
    expect(formatOf('  [', 'spec', 'text/plain')).toBe('json');
  });

  it('keeps numbers a double would change as written, in JSON and YAML; the others stay plain numbers', async () => {
    const numbers = '[9223372036854775807, 18446744073709551615, 2.50, 1e400, 9223372036854776000, 5]';
    for (const document of [await load(`{"openapi": "3.1.0", "x": ${numbers}}`), await load(`openapi: 3.1.0\nx: ${numbers}\n`, { local_path: '/x/spec.yaml' })]) {
      expect(stringifyJson(document.x)).toBe(numbers.replaceAll(' ', ''));
      expect(document.x.map((n: unknown) => n instanceof ExactNumber)).toEqual([true, true, true, true, false, false]);
    }
    expect((await load('openapi: 3.1\n', { local_path: '/x/spec.yml' })).openapi).toBe('3.1.0');
    expect((await load('swagger: 2.0\ninfo: {title: T, version: "1"}\npaths: {}\n', { local_path: '/x/spec.yml' })).openapi).toBe('3.0.3');
  });

  it.each([
    ['{"openapi": "3.0.3",\n "paths": }', /as JSON: .* at line 2, column 11/],
    ['{"openapi": "3.0.3", "paths": {', /ends too early/],
    ['openapi: 3.0.3\n  paths: : x\n', /as YAML: .* at line \d+, column \d+/],
    ['', /is empty/],
    ['{"name": "x"}', /is not an OpenAPI document: it has no "openapi"/],
    ['[1, 2]', /it holds a list/],
    ['"text"', /it holds a string/],
    ['{"openapi": "2.0"}', /declares OpenAPI "2.0"/],
    ['{"swagger": "1.2"}', /declares Swagger 1.2/],
    ['{"openapi": "3.0.3", "paths": []}', /"paths" must be an object, found a list/],
  ])('refuses %j', async (text, message) => {
    await expect(load(text, { source_url: 'https://api.test/spec' })).rejects.toThrow(message);
    await expect(load(text, { source_url: 'https://api.test/spec' })).rejects.toThrow(/https:\/\/api\.test\/spec/);
  });

  it('keeps a path item that is not an object: the api plugin reports it and leaves it out', async () => {
    expect(await load('{"openapi": "3.0.3", "paths": {"/a": 5, "/b": {}}}', { source_url: 'https://api.test/spec' })).toEqual({ openapi: '3.0.3', paths: { '/a': 5, '/b': {} } });
  });

  it('only parses a document a $ref points into: it is a part of a description, not a whole one', async () => {
    expect(await load('type: object\nproperties: {id: {type: string}}\n', { local_path: '/x/thing.yaml', referenced: true })).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
    });
    expect(await load('{"swagger": "1.2"}', { referenced: true })).toEqual({ swagger: '1.2' });
    await expect(load('{"a": ', { source_url: 'https://api.test/part.json', referenced: true })).rejects.toThrow(/https:\/\/api\.test\/part\.json/);
  });

  it('refuses binary data and invalid UTF-8', async () => {
    const run = (bytes: Uint8Array) => loader.hooks.loader!({ hook: 'loader', protocol_version: 2, features: [], body: bytes, local_path: '/p' });
    await expect(run(new Uint8Array([0xff, 0xfe, 0x00]))).rejects.toThrow('not UTF-8 text');
    await expect(run(Buffer.from('{"a":\u0000}'))).rejects.toThrow('binary data');
  });

  it('converts Swagger 2.0: servers, parameters with collection formats, bodies, form data, responses, security', async () => {
    const doc = await load(
      JSON.stringify({
        swagger: '2.0',
        info: { title: 'S', version: '1' },
        host: 'api.test',
        basePath: '/v2/',
        'x-top': 1,
        securityDefinitions: {
          basic: { type: 'basic' },
          oauth: { type: 'oauth2', flow: 'accessCode', authorizationUrl: 'https://a', tokenUrl: 'https://t', scopes: { r: 'read' } },
        },
        parameters: { Body: { name: 'b', in: 'body', schema: { type: 'object' } }, Page: { name: 'page', in: 'query', type: 'integer' } },
        responses: { NotFound: { description: 'nf', schema: { $ref: '#/definitions/Error' } } },
        definitions: { Error: { type: 'object', properties: { file: { type: 'file' }, n: { type: 'string', 'x-nullable': true } } } },
        paths: {
          '/x/{id}': {
            parameters: [{ name: 'id', in: 'path', type: 'string', required: true }, { $ref: '#/parameters/Body' }],
            post: {
              produces: ['application/xml'],
              parameters: [
                { $ref: '#/parameters/Page' },
                { name: 'ids', in: 'query', type: 'array', items: { type: 'integer' } },
                { name: 'sp', in: 'query', type: 'array', items: { type: 'string' }, collectionFormat: 'ssv' },
              ],
              responses: { 200: { description: 'ok', schema: { type: 'string' }, headers: { 'X-Rate': { type: 'integer' } } }, 404: { $ref: '#/responses/NotFound' } },
            },
            put: { consumes: ['application/x-www-form-urlencoded'], parameters: [{ name: 'name', in: 'formData', type: 'string', required: true }], responses: {} },
          },
        },
      }),
      { source_url: 'http://api.test/swagger.json' },
    );
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers).toEqual([{ url: 'http://api.test/v2' }]);
    expect(doc['x-top']).toBe(1);
    expect(doc.components.securitySchemes).toEqual({
      basic: { type: 'http', scheme: 'basic' },
      oauth: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://a', tokenUrl: 'https://t', scopes: { r: 'read' } } } },
    });
    expect(doc.components.parameters).toEqual({ Page: { name: 'page', in: 'query', schema: { type: 'integer' } } });
    expect(doc.components.requestBodies.Body).toEqual({ content: { 'application/json': { schema: { type: 'object' } } } });
    expect(doc.components.schemas.Error.properties).toEqual({ file: { type: 'string', format: 'binary' }, n: { type: 'string', 'x-nullable': true, nullable: true } });
    const item = doc.paths['/x/{id}'];
    expect(item.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(item.post.parameters).toEqual([
      { $ref: '#/components/parameters/Page' },
      { name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'integer' } }, style: 'form', explode: false },
      { name: 'sp', in: 'query', schema: { type: 'array', items: { type: 'string' } }, style: 'spaceDelimited', explode: false },
    ]);
    expect(item.post.requestBody).toEqual({ $ref: '#/components/requestBodies/Body' });
    expect(item.post.responses[200]).toEqual({ description: 'ok', headers: { 'X-Rate': { schema: { type: 'integer' } } }, content: { 'application/xml': { schema: { type: 'string' } } } });
    expect(item.post.responses[404]).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(item.put.requestBody).toEqual({
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
    });
  });

  it('describes offsets as lines and columns', () => {
    expect(describeOffset('ab\ncd', 4)).toBe('line 2, column 2');
    expect(describeOffset('é\n😀x', 4)).toBe('line 2, column 2');
  });
});

describe('pickLoader', () => {
  const record = (name: string, builtin: boolean, types: string[]): PluginRecord => ({
    name,
    path: builtin ? `builtin:${name}` : `/p/okapi-${name}`,
    builtin,
    enabled: true,
    commands: [],
    manifest: { name, okapi_api_version: 2, hooks: ['loader'], loader_content_types: types },
  });
  const containerOf = (records: PluginRecord[]) =>
    new PluginContainer(records, new Map(), () => {
      throw new Error('choosing a loader runs none');
    });
  const loaders = containerOf([record('raml', false, ['application/raml+yaml', 'application/json']), record('openapi', true, ['application/json', 'application/yaml']), record('proto', false, ['application/x-protobuf*'])]);

  it('by media type, built-ins first; by file name; else the built-in', () => {
    expect(pickLoader(loaders, { content_type: 'application/raml+yaml; charset=utf-8' })!.name).toBe('raml');
    expect(pickLoader(loaders, { content_type: 'application/json' })!.name).toBe('openapi');
    expect(pickLoader(loaders, { content_type: 'application/x-protobuf-descriptor' })!.name).toBe('proto');
    expect(pickLoader(loaders, { content_type: 'text/plain', source_url: 'https://x/spec.yaml' })!.name).toBe('openapi');
    expect(pickLoader(loaders, { content_type: 'text/html' })!.name).toBe('openapi');
    expect(pickLoader(containerOf([record('raml', false, ['application/raml+yaml'])]), { content_type: 'text/html' })).toBeUndefined();
  });
});
