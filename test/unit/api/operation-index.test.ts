/** The operation index: extraction (names, parameters, bodies, responses, security, servers, extensions) and keying. */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractOperationIndex, fallbackName, followPointer, kebabCase } from '../../../plugins-builtin/api/operation-index.js';
import { helpIndexOf, INDEX_FORMAT, type IndexKey } from '../../../sdk/shared/operation-index-format.js';
import { expectedKey, readHelpIndex, readOperationIndex, staleness } from '../../../kernel/api/index-read.js';
import { buildIndex as buildIndexWith, sha256, sourceStamps } from '../../../sdk/shared/operation-index-key.js';
import { reindexFromSpecCopy } from '../../../plugins-builtin/api/save.js';
import type { CommandContext } from '../../../sdk/types.js';
import { hostServices } from '../../helpers/host-services.js';
import { OKAPI_VERSION } from '../../../sdk/shared/version.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** Index building with the api plugin's extractor, as connect, sync and `api reindex` use it. */
const buildIndex = (...args: DropLast<Parameters<typeof buildIndexWith>>) => buildIndexWith(...args, extractOperationIndex);
type DropLast<T extends unknown[]> = T extends [...infer Rest, unknown] ? Rest : never;

describe('names', () => {
  it.each([
    ['listPets', 'list-pets'],
    ['repos/get-content', 'repos-get-content'],
    ['get_files_id#get_shared_link', 'get-files-id-get-shared-link'],
    ['HTTPServerStatus', 'http-server-status'],
    ['getV2Users', 'get-v2-users'],
    ['already-kebab', 'already-kebab'],
    ['Ünïcödé Thing', 'ünïcödé-thing'],
    ['__x__', 'x'],
    ['get𝐀Thing', 'get-𝐀-thing'],
    ['e\u0301tat', 'e\u0301tat'],
    ['ÉtatCivil', 'état-civil'],
    ['ID', 'id'],
    ['a1B2', 'a1-b2'],
  ])('kebab-case of %s is %s', (id, name) => expect(kebabCase(id)).toBe(name));

  it.each([
    ['get', '/api/rest/foo', '/api/rest', 'get-foo'],
    ['get', '/items/{id}', '', 'get-items-id'],
    ['delete', '/apiKey', '', 'delete-api-key'],
    ['get', '/', '', 'get'],
    ['post', '/api/rest', '/api/rest', 'post'],
    ['get', '/api/restless', '/api/rest', 'get-api-restless'],
  ])('%s %s with base %j is %s', (method, path, base, name) => expect(fallbackName(method, path, base)).toBe(name));
});

const DOC = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1', description: '\n\nFirst line.\nSecond.' },
  servers: [{ url: 'https://{region}.example.com/v1', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }],
  security: [{ key: [] }],
  'x-cli-config': { headers: ['X-A: 1'] },
  components: {
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://id/token', scopes: { read: 'r' } } } },
    },
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', default: 10 } } },
    schemas: { Tags: { type: 'array', items: { type: 'string' } } },
    requestBodies: { Pet: { required: true, content: { 'application/json': {}, 'application/x-www-form-urlencoded': {} } } },
    responses: { Ok: { description: 'ok', headers: { 'X-Rate': {} }, content: { 'application/json': {} } } },
  },
  paths: {
    '/pets': {
      parameters: [{ $ref: '#/components/parameters/Limit' }, { name: 'X-Trace', in: 'header', schema: { type: 'string' } }],
      servers: [{ url: 'https://pets.example.com' }],
      get: {
        operationId: 'listPets',
        summary: 'List pets',
        tags: ['pets'],
        'x-cli-aliases': ['ls', 'pets'],
        parameters: [
          { name: 'limit', in: 'query', required: true, schema: { type: 'integer' }, description: 'How many\nmore text' },
          { name: 'x-trace', in: 'header', schema: { type: 'string' }, 'x-cli-name': 'trace' },
          { name: 'tags', in: 'query', style: 'pipeDelimited', explode: false, schema: { $ref: '#/components/schemas/Tags' } },
          { name: 'filter', in: 'query', style: 'deepObject', explode: true, schema: { type: 'object', properties: {} } },
          { name: 'q', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
          { name: 'limit', in: 'header', schema: { type: ['null', 'string'] } },
        ],
        responses: { 200: { $ref: '#/components/responses/Ok' }, default: { description: 'error', content: { 'application/problem+json': {} } } },
      },
      post: {
        operationId: 'createPet',
        'x-cli-name': 'add',
        'x-cli-description': 'Adds a pet',
        summary: 'Create',
        security: [],
        servers: [{ url: 'https://upload.example.com' }],
        requestBody: { $ref: '#/components/requestBodies/Pet' },
        responses: { 201: { description: 'created' } },
      },
    },
    '/pets/{id}': { $ref: '#/components/pathItems/Pet' },
    '/hidden': { 'x-cli-hidden': true, get: { responses: {} }, 'x-cli-frob': 1 },
    '/ignored': { delete: { operationId: 'listPets', 'x-cli-ignore': 'true', 'x-mcp-ignore': true, responses: {} } },
  },
  webhooks: { newPet: { post: { responses: {} } } },
};
(DOC.components as Record<string, unknown>).pathItems = {
  Pet: { parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }], get: { operationId: 'getPet', deprecated: true, responses: {} }, put: { responses: {} } },
};

describe('extractOperationIndex', () => {
  const index = extractOperationIndex(DOC, { operationBase: '' });
  const op = (name: string) => index.operations.find((o) => o.name === name)!;

  it('counts every (path, method) pair, $ref path items included, and webhooks apart', () => {
    expect(index.operations.map((o) => `${o.method} ${o.path} ${o.name}`)).toEqual([
      'get /pets list-pets',
      'post /pets add',
      'get /pets/{id} get-pet',
      'put /pets/{id} put-pets-id',
      'get /hidden get-hidden',
      'delete /ignored list-pets-delete',
    ]);
    expect(index.webhooks).toBe(1);
  });

  it('keeps document info, servers, security and schemes', () => {
    expect(index.info).toEqual({ title: 'T', version: '1', description: 'First line.', openapi: '3.1.0' });
    expect(index.servers).toEqual([{ url: 'https://{region}.example.com/v1', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }]);
    expect(index.security).toEqual([{ key: [] }]);
    expect(index.security_schemes).toEqual({
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      oauth: { type: 'oauth2', flows: { clientCredentials: { token_url: 'https://id/token', scopes: ['read'] } } },
    });
  });

  it('merges path-level parameters (operation-level wins by in+name, header names case-insensitively)', () => {
    expect(op('list-pets').parameters).toEqual([
      { name: 'limit', in: 'query', required: true, type: 'integer', description: 'How many' },
      { name: 'x-trace', in: 'header', cli_name: 'trace', type: 'string' },
      // explode is kept only where it differs from the style's default (true for form only).
      { name: 'tags', in: 'query', style: 'pipeDelimited', array: true, type: 'array' },
      { name: 'filter', in: 'query', style: 'deepObject', explode: true, object: true, type: 'object' },
      { name: 'q', in: 'query', object: true, type: 'object', content_type: 'application/json' },
      { name: 'limit', in: 'header', type: 'string' },
    ]);
    expect(op('get-pet').parameters).toEqual([{ name: 'id', in: 'path', required: true, type: 'string' }]);
  });

  it('records bodies, responses, security and servers', () => {
    expect(op('list-pets')).toMatchObject({
      summary: 'List pets',
      aliases: ['ls', 'pets'],
      tags: ['pets'],
      responses: [
        { status: '200', media_types: ['application/json'], headers: ['X-Rate'] },
        { status: 'default', media_types: ['application/problem+json'] },
      ],
      servers: [{ url: 'https://pets.example.com' }],
    });
    expect(op('list-pets').security).toBeUndefined();
    expect(op('add')).toMatchObject({
      summary: 'Adds a pet',
      operation_id: 'createPet',
      security: [],
      servers: [{ url: 'https://upload.example.com' }],
      body: { required: true, media_types: ['application/json', 'application/x-www-form-urlencoded'] },
    });
    expect(op('get-pet').deprecated).toBe(true);
    expect(op('get-hidden').hidden).toBe(true);
    expect(op('list-pets-delete')).toMatchObject({ ignored: true, mcp_ignore: true });
  });

  it('reports behaviour-changing extensions, not x-cli-description, and unknown x-cli names apart', () => {
    const lines = index.extensions.map((u) => `${u.where} | ${u.extension}${u.unknown ? ' (unknown)' : ''}`);
    expect(lines).toEqual([
      'document | x-cli-config',
      'GET /pets | x-cli-aliases',
      'GET /pets parameter x-trace (header) | x-cli-name',
      'POST /pets | x-cli-name',
      'path /hidden | x-cli-hidden',
      'path /hidden | x-cli-frob (unknown)',
      'DELETE /ignored | x-cli-ignore',
      'DELETE /ignored | x-mcp-ignore',
    ]);
    expect(index.extensions.find((u) => u.where === 'POST /pets')!.effect).toBe('names the command "add" instead of "create-pet"');
  });

  it('strips operation_base from fallback names', () => {
    const named = extractOperationIndex({ paths: { '/api/rest/foo': { get: { responses: {} } } } }, { operationBase: '/api/rest' });
    expect(named.operations[0]!.name).toBe('get-foo');
  });

  it('survives empty, odd and cyclic documents', () => {
    expect(extractOperationIndex({}, { operationBase: '' }).operations).toEqual([]);
    expect(extractOperationIndex(null, { operationBase: '' }).operations).toEqual([]);
    const cyclic = { paths: { '/a': { $ref: '#/paths/~1b' }, '/b': { $ref: '#/paths/~1a' }, '/c': null } };
    expect(extractOperationIndex(cyclic, { operationBase: '' }).operations).toEqual([]);
  });

  it('the help index holds visible commands, rendered in name order', () => {
    const help = helpIndexOf({ key: { format: INDEX_FORMAT, okapi_version: OKAPI_VERSION, spec_hash: 'x', operation_base: '', sources: [] }, ...index });
    expect(help).toMatchObject({ title: 'T', operations: 6, commands: 4, webhooks: 1 });
    expect(help.text).toBe(['  add          Adds a pet', '  get-pet       (deprecated)', '  list-pets    List pets (alias: ls, pets)', '  put-pets-id', ''].join('\n'));
  });

  it('the help index marks deprecated commands, as the tag listing does', () => {
    const key = { format: INDEX_FORMAT, okapi_version: OKAPI_VERSION, spec_hash: 'x', operation_base: '', sources: [] };
    const doc = { paths: { '/old': { get: { operationId: 'old', summary: 'Old one', deprecated: true, 'x-cli-aliases': ['o'], responses: {} } } } };
    const help = helpIndexOf({ key, ...extractOperationIndex(doc, { operationBase: '' }) });
    expect(help.text).toBe('  old  Old one (deprecated; alias: o)\n');
  });
});

describe('followPointer', () => {
  it.each([
    ['#', DOC],
    ['#/info/title', 'T'],
    ['#/paths/~1pets/get/parameters/0/name', 'limit'],
    ['#/paths/~1pets/get/parameters/9', undefined],
    ['#/components/securitySchemes/key/in', 'header'],
    ['#/nope', undefined],
    ['other.yaml#/x', undefined],
  ])('%s', (pointer, expected) => expect(followPointer(DOC, pointer)).toBe(expected));
});

describe('keying', () => {
  const dir = tempDir('okapi-index-');
  const file = join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(DOC));

  it('stamps local files with size and full-precision mtime', () => {
    const [stamp] = sourceStamps([file]);
    expect(stamp!.size).toBe(JSON.stringify(DOC).length);
    expect(stamp!.mtime_ns).toMatch(/^\d+$/);
    expect(sourceStamps([join(dir, 'missing')])[0]!.size).toBe(-1);
  });

  it('is stale when the okapi version, the index format, operation_base, the spec hash or a spec file changes', () => {
    const text = JSON.stringify(DOC);
    const index = buildIndex(DOC, text, '', [file]);
    const entry = { discovery: { spec_hash: sha256(text), source: file, via: '--spec', operations: 6, synced_at: '' } };
    const expected = expectedKey(entry, [file]);
    expect(staleness(index.key, expected)).toEqual({ stale: false });
    const change = (patch: Partial<IndexKey>) => staleness({ ...index.key, ...patch }, expected);
    expect(change({ okapi_version: '0.0.0-other' })).toMatchObject({ stale: true, sources: false });
    expect(change({ format: INDEX_FORMAT + 1 })).toMatchObject({ stale: true, sources: false });
    expect(change({ operation_base: '/v1' })).toMatchObject({ stale: true, reason: 'operation_base changed' });
    expect(change({ spec_hash: 'other' })).toMatchObject({ stale: true, sources: false });
    expect(staleness(undefined, expected)).toMatchObject({ stale: true });
    // One nanosecond-precision mtime change is enough, size unchanged (restish #370).
    const [stamp] = sourceStamps([file]);
    const later = new Date(Number(BigInt(stamp!.mtime_ns) / 1_000_000n) + 1500);
    utimesSync(file, later, later);
    expect(staleness(index.key, expected)).toMatchObject({ stale: true, sources: true });
  });

  it('rebuilds offline from the cached spec copy, and refuses a copy the config does not name', async () => {
    const dir = tempDir('okapi-reindex-');
    const paths = { config_path: join(dir, 'config.json'), cache_dir: join(dir, 'cache') };
    const services = hostServices(paths);
    const ctx = services as unknown as CommandContext;
    const text = JSON.stringify(DOC);
    const index = buildIndex(DOC, text, '', []);
    const entry = { base_url: 'http://127.0.0.1:9', operation_base: '/pets', discovery: { spec_hash: sha256(text), source: 'x', via: 'root', operations: 6, synced_at: '' } };
    await services.apis.save('pets', { entry, index: { ...index, key: { ...index.key, okapi_version: 'old' } }, details: { tags: [], operations: [], definitions: {} }, spec: Buffer.from(text) });
    await reindexFromSpecCopy(ctx, dir, 'pets');
    const rebuilt = readOperationIndex(paths.cache_dir, 'pets')!;
    expect(rebuilt.key).toMatchObject({ okapi_version: OKAPI_VERSION, operation_base: '/pets' });
    expect(rebuilt.operations.find((o) => o.path === '/pets/{id}' && o.method === 'put')!.name).toBe('put-id');
    expect(readHelpIndex(paths.cache_dir, 'pets')!.header.key.okapi_version).toBe(OKAPI_VERSION);
    await services.apis.save('pets', { entry: { ...entry, discovery: { ...entry.discovery, spec_hash: 'other' } } });
    await expect(reindexFromSpecCopy(ctx, dir, 'pets')).rejects.toThrow('not the one its config names');
    await services.apis.save('bare', { entry });
    await expect(reindexFromSpecCopy(ctx, dir, 'bare')).rejects.toThrow('missing');
    await expect(reindexFromSpecCopy(ctx, dir, 'nothing')).rejects.toThrow('no API named');
  });
});

describe('renderApiHelp', () => {
  it('writes the stored commands as they are, or cut to a terminal width', async () => {
    const { renderApiHelp } = await import('../../../kernel/api/api-help.js');
    const { serializeHelpIndex } = await import('../../../sdk/shared/operation-index-format.js');
    const index = { key: { format: INDEX_FORMAT, okapi_version: OKAPI_VERSION, spec_hash: 'x', operation_base: '', sources: [] }, ...extractOperationIndex(DOC, { operationBase: '' }) };
    const stored = serializeHelpIndex(helpIndexOf(index));
    const newline = stored.indexOf('\n');
    const help = { header: JSON.parse(stored.slice(0, newline)), text: Buffer.from(stored.slice(newline + 1)) };
    const entry = { base_url: 'https://api.example.com', profiles: { default: {}, staging: {} }, discovery: { source: 'x', via: 'root', operations: 6, spec_hash: 'x', synced_at: '' } };
    const text = (parts: (string | Uint8Array)[]) => parts.map((p) => (typeof p === 'string' ? p : Buffer.from(p).toString('utf8'))).join('');
    const plain = text(renderApiHelp('pets', entry, help, 'staging'));
    expect(plain).toContain('pets: T 1\n\nFirst line.\n');
    expect(plain).toContain('Base URL: https://api.example.com\nProfiles: default, staging (selected)\n');
    expect(plain).toContain('Operations (4, 2 hidden or ignored):\n  add          Adds a pet\n');
    expect(plain).toContain('The API also describes 1 webhook.');
    const narrow = text(renderApiHelp('pets', entry, help, undefined, 24));
    expect(narrow).toContain('  list-pets    List pet…\n');
    const none = text(renderApiHelp('pets', { base_url: 'https://x' }, undefined, undefined));
    expect(none).toContain('No operations: it was connected with --no-discover. Run: okapi api sync pets');
  });
});
