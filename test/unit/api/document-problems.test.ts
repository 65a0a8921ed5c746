/** The defects of a description okapi works around, each found once where it is; and when none of it is usable. */
import { describe, expect, it } from 'vitest';
import { documentProblems, pointerOf, refuseUnusable } from '../../../plugins-builtin/api/document-problems.js';
import { extractOperationIndex } from '../../../plugins-builtin/api/operation-index.js';
import { OkapiError } from '../../../sdk/shared/errors.js';

const ok = { responses: { '200': { description: 'ok' } } };

function json(schema: unknown) {
  return { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } };
}

describe('documentProblems', () => {
  it('finds nothing wrong with a sound description', () => {
    const doc = {
      openapi: '3.0.3',
      paths: { '/pets/{id}': { parameters: [{ $ref: '#/components/parameters/Id' }], get: { operationId: 'getPet', ...json({ $ref: '#/components/schemas/Pet' }) } } },
      components: { parameters: { Id: { name: 'id', in: 'path', required: true } }, schemas: { Pet: { type: 'object' } } },
    };
    expect(documentProblems(doc)).toEqual([]);
  });

  it('locates a $ref that leads nowhere, and says which operation still works without it', () => {
    const doc = { openapi: '3.0.3', paths: { '/pets': { get: json({ $ref: '#/components/schemas/Pet' }) } } };
    expect(documentProblems(doc)).toEqual([
      {
        where: '#/paths/~1pets/get/responses/200/content/application~1json/schema',
        message: '$ref "#/components/schemas/Pet" leads nowhere; GET /pets still works, without this part',
      },
    ]);
  });

  it('calls a broken $ref in a vendor extension or an unused component harmless, and one in a used component not', () => {
    const doc = {
      openapi: '3.0.3',
      paths: { '/a': { get: { 'x-codegen': { model: { $ref: '#/nowhere' } }, ...json({ $ref: '#/components/schemas/Used' }) } } },
      components: {
        schemas: {
          Used: { properties: { inner: { $ref: '#/components/schemas/Inner' } } },
          Inner: { properties: { x: { $ref: '#/components/schemas/Gone' } } },
          Unused: { properties: { y: { $ref: '#/components/schemas/AlsoGone' } } },
          'x-named': { properties: { 'x-field': { $ref: '#/components/schemas/Missing' } } },
        },
      },
    };
    const problems = documentProblems(doc);
    expect(problems).toEqual([
      { where: '#/paths/~1a/get/x-codegen/model', message: '$ref "#/nowhere" leads nowhere (inside the vendor extension x-codegen: harmless)' },
      { where: '#/components/schemas/Inner/properties/x', message: '$ref "#/components/schemas/Gone" leads nowhere; what uses components/schemas/Inner still works, without this part' },
      { where: '#/components/schemas/Unused/properties/y', message: '$ref "#/components/schemas/AlsoGone" leads nowhere (in components/schemas/Unused, which nothing uses: harmless)' },
      {
        where: '#/components/schemas/x-named/properties/x-field',
        message: '$ref "#/components/schemas/Missing" leads nowhere (in components/schemas/x-named, which nothing uses: harmless)',
      },
    ]);
  });

  it('says what is left out when a path item, an operation or a parameter is a broken $ref', () => {
    const doc = {
      openapi: '3.0.3',
      paths: {
        '/gone': { $ref: '#/components/pathItems/Gone' },
        '/a': { get: { $ref: '#/x/op' }, post: { parameters: [{ $ref: '#/components/parameters/Nope' }], ...ok } },
      },
    };
    expect(documentProblems(doc)).toEqual([
      { where: '#/paths/~1gone', message: '$ref "#/components/pathItems/Gone" leads nowhere: the operations of /gone are left out' },
      { where: '#/paths/~1a/get', message: '$ref "#/x/op" leads nowhere: the operation is left out' },
      { where: '#/paths/~1a/post/parameters/0', message: '$ref "#/components/parameters/Nope" leads nowhere: the parameter is left out of POST /a' },
    ]);
  });

  it('reports a $ref to another document that was left unresolved', () => {
    const doc = { openapi: '3.0.3', paths: { '/a': { get: json({ $ref: './models.yaml#/Pet' }) } } };
    expect(documentProblems(doc)).toEqual([
      {
        where: '#/paths/~1a/get/responses/200/content/application~1json/schema',
        message: '$ref "./models.yaml#/Pet" was left unresolved: what it points to could not be read, or has no such part; GET /a still works, without this part',
      },
    ]);
  });

  it('reports an operationId used twice once, naming both operations; the commands still get distinct names', () => {
    const doc = { openapi: '3.0.3', paths: { '/a': { get: { operationId: 'list', ...ok } }, '/b': { get: { operationId: 'list', ...ok } } } };
    expect(documentProblems(doc)).toEqual([
      { where: '#/paths/~1a/get', message: 'operationId "list" of GET /a is also the operationId of GET /b (#/paths/~1b/get); okapi gives their commands different names' },
    ]);
    const names = extractOperationIndex(doc, { operationBase: '' }).operations.map((o) => o.name);
    expect(new Set(names).size).toBe(2);
  });

  it('reports parameters without "in" or "name", or with an "in" OpenAPI 3 does not have, once each where they are', () => {
    const doc = {
      openapi: '3.0.3',
      paths: {
        '/a': {
          parameters: [{ name: 'shared' }],
          get: { parameters: [{ in: 'query' }, { name: 'body', in: 'body' }, 'text', { $ref: '#/components/parameters/Limit' }], ...ok },
          post: { parameters: [{ $ref: '#/components/parameters/Limit' }], ...ok },
        },
      },
      components: { parameters: { Limit: { name: 'limit' } } },
    };
    expect(documentProblems(doc)).toEqual([
      { where: '#/paths/~1a/parameters/0', message: 'parameter "shared" has no "in" (path, query, header or cookie); it is left out of the operations of /a' },
      { where: '#/paths/~1a/get/parameters/0', message: 'a parameter has no "name"; it is left out of GET /a' },
      {
        where: '#/paths/~1a/get/parameters/1',
        message: 'parameter "body" has "in": "body", not one okapi knows (path, query, header or cookie); it is left out of GET /a',
      },
      { where: '#/paths/~1a/get/parameters/2', message: 'a parameter must be an object; this one is left out of GET /a' },
      { where: '#/components/parameters/Limit', message: 'parameter "limit" has no "in" (path, query, header or cookie); it is left out of the operations that use it' },
    ]);
  });

  it('reports a path variable that no path parameter fills', () => {
    const doc = {
      openapi: '3.0.3',
      paths: { '/a/{id}/b/{part}': { parameters: [{ name: 'id', in: 'path', required: true }], get: ok } },
    };
    expect(documentProblems(doc)).toEqual([{ where: '#/paths/~1a~1{id}~1b~1{part}/get', message: 'GET /a/{id}/b/{part} declares no path parameter for {part}; its command has no way to give it' }]);
  });

  it('reports the operations of a path that miss the same path variables once, at the path item', () => {
    const doc = { openapi: '3.0.3', paths: { '/a/{x}/{y}': { get: ok, put: ok, delete: { parameters: [{ name: 'x', in: 'path', required: true }], ...ok } } } };
    expect(documentProblems(doc)).toEqual([
      { where: '#/paths/~1a~1{x}~1{y}', message: 'GET and PUT /a/{x}/{y} declare no path parameter for {x}, {y}; their commands have no way to give them' },
      { where: '#/paths/~1a~1{x}~1{y}/delete', message: 'DELETE /a/{x}/{y} declares no path parameter for {y}; its command has no way to give it' },
    ]);
  });

  it('reports path items and operations that are not objects', () => {
    const doc = { openapi: '3.1.0', paths: { '/a': 5, '/b': { get: 'text', post: ok } }, webhooks: { hook: { post: [1] } } };
    expect(documentProblems(doc)).toEqual([
      { where: '#/paths/~1a', message: 'a path item must be an object, found a number; the operations of /a are left out' },
      { where: '#/paths/~1b/get', message: 'an operation must be an object, found a string; GET /b is left out' },
      { where: '#/webhooks/hook/post', message: 'an operation must be an object, found a list; the webhook hook (POST) is left out' },
    ]);
  });

  it('ignores what is not a document', () => {
    expect(documentProblems(null)).toEqual([]);
    expect(documentProblems([1, 2])).toEqual([]);
  });
});

describe('refuseUnusable', () => {
  const none = { operations: [], webhooks: 0 };

  it('refuses a description whose declared operations are all unusable, saying why', () => {
    const doc = { openapi: '3.0.3', paths: { '/a': { $ref: '#/nope' }, '/b': { get: { $ref: '#/nope/either' } } } };
    const problems = documentProblems(doc);
    let error: unknown;
    try {
      refuseUnusable(doc, extractOperationIndex(doc, { operationBase: '' }), problems, 'spec.yaml');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(OkapiError);
    expect((error as Error).message).toBe(
      'spec.yaml declares 2 operations but none can be used:\n' +
        '  #/paths/~1a: $ref "#/nope" leads nowhere: the operations of /a are left out\n' +
        '  #/paths/~1b/get: $ref "#/nope/either" leads nowhere: the operation is left out',
    );
  });

  it('counts a path item that is not an object as declared, so a document of nothing else is refused', () => {
    expect(() => refuseUnusable({ openapi: '3.0.3', paths: { '/a': 5 } }, none, [], 'spec.yaml')).toThrow('spec.yaml declares 1 operation but none can be used');
  });

  it('lets a valid empty API, or one with a usable webhook, connect', () => {
    expect(() => refuseUnusable({ openapi: '3.1.0', paths: {} }, none, [], 'spec.yaml')).not.toThrow();
    expect(() => refuseUnusable({ openapi: '3.1.0', paths: { '/a': { description: 'nothing yet' } } }, none, [], 'spec.yaml')).not.toThrow();
    expect(() => refuseUnusable({ openapi: '3.1.0', webhooks: { a: { post: ok } } }, { operations: [], webhooks: 1 }, [], 'spec.yaml')).not.toThrow();
  });
});

describe('pointerOf', () => {
  it('escapes ~ and / in each part', () => {
    expect(pointerOf(['paths', '/a~b', 'get', 0])).toBe('#/paths/~1a~0b/get/0');
  });
});
