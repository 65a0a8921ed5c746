/** $ref handling: external detection, internal checks ($id resources, anchors), example payloads left alone. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../sdk/types.js';
import { isExamplePath, pointerRefs, resolveReferences, scanRefs, unresolvedRefs } from '../../../plugins-builtin/api/refs.js';
import openapi from '../../../plugins-builtin/openapi/index.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** Referenced files load through the built-in loader, as okapi's host would run it. */
const ctx = {
  loadDocument: async (request) => (await openapi.hooks.loader!({ hook: 'loader', protocol_version: 2, features: [], ...request })).document,
} as CommandContext;

describe('scanRefs', () => {
  it('tells internal from external references', () => {
    expect(scanRefs({ a: { $ref: '#/b' }, b: {} }).external).toBe(false);
    expect(scanRefs({ a: { $ref: 'other.yaml#/b' } }).external).toBe(true);
    expect(scanRefs({ a: { $ref: 'https://x.test/s.json' } }).external).toBe(true);
  });

  it('does not refuse a broken internal $ref', () => {
    expect(scanRefs({ paths: { '/a': { get: { $ref: '#/nope/x~1y' } } } })).toEqual({ external: false });
  });
});

describe('unresolvedRefs and pointerRefs', () => {
  it('locates every internal $ref that leads nowhere, and every external one left in the document', () => {
    const doc = {
      paths: { '/a': { get: { $ref: '#/nope/x~1y' }, post: { $ref: '#/components/x' } }, '/b': { $ref: 'gone.yaml#/b' } },
      components: { x: { items: [{ $ref: '#/nope' }] } },
    };
    expect(unresolvedRefs(doc)).toEqual([
      { ref: '#/nope/x~1y', at: ['paths', '/a', 'get'], internal: true },
      { ref: 'gone.yaml#/b', at: ['paths', '/b'], internal: false },
      { ref: '#/nope', at: ['components', 'x', 'items', 0], internal: true },
    ]);
    expect(pointerRefs(doc).map((r) => r.ref)).toEqual(['#/nope/x~1y', '#/components/x', '#/nope']);
  });

  it('finds nothing in a sound document, nor in example payloads, anchors or $id-relative references', () => {
    const doc = {
      components: {
        schemas: {
          A: { $ref: '#/components/schemas/B', example: { $ref: '#/not/a/reference' } },
          B: { $id: 'https://x.test/b', $defs: { c: {} }, items: { $ref: 'c.json' }, other: { $ref: '#/$defs/c' } },
          C: { $ref: '#anchor' },
        },
      },
    };
    expect(unresolvedRefs(doc)).toEqual([]);
  });

  it('leaves example payloads, anchors and names alone', () => {
    const doc = {
      components: {
        schemas: {
          $ref: { type: 'object' }, // a schema named "$ref"
          example: { type: 'string', example: { $ref: '#/not/a/reference' } },
          Thing: { properties: { $ref: { type: 'string' } }, examples: [{ $ref: 'also/data.yaml' }] },
          Anchored: { $ref: '#anchor' },
        },
        examples: { one: { value: { $ref: 'https://payload.example/x' } }, two: { $ref: '#/components/examples/one' } },
      },
    };
    expect(scanRefs(doc)).toEqual({ external: false });
    expect(unresolvedRefs(doc)).toEqual([]);
  });

  it('resolves pointers relative to a $id resource, or the document', () => {
    const doc = { components: { schemas: { Page: { $id: 'https://x.test/page', $defs: { item: {} }, items: { $ref: '#/$defs/item' }, other: { $ref: '#/components/schemas/Page' } } } } };
    expect(scanRefs(doc).external).toBe(false);
    expect(unresolvedRefs(doc)).toEqual([]);
  });

  it('escapes $ref keys of example payloads and puts them back', () => {
    const doc = { example: { $ref: 'x.yaml', nested: [{ $ref: 'y.yaml' }] }, examples: { a: { value: { $ref: 'z.yaml' } } }, schema: { $ref: '#/schema' } };
    scanRefs(doc, 'escape');
    expect(JSON.stringify(doc)).not.toContain('"$ref":"x.yaml"');
    expect(doc.schema.$ref).toBe('#/schema');
    scanRefs(doc, 'unescape');
    expect(doc).toEqual({ example: { $ref: 'x.yaml', nested: [{ $ref: 'y.yaml' }] }, examples: { a: { value: { $ref: 'z.yaml' } } }, schema: { $ref: '#/schema' } });
  });

  it('matches example paths for the bundler', () => {
    expect(isExamplePath('#/paths/~1a/get/responses/200/content/application~1json/example/x')).toBe(true);
    expect(isExamplePath('#/components/examples/one/value')).toBe(true);
    expect(isExamplePath('#/components/schemas/examples')).toBe(false);
  });
});

describe('resolveReferences (local files)', () => {
  const policy = { trusted_urls: ['http://127.0.0.1/'], allow_cross_origin: false };
  it('bundles relative files, keeps circular schemas finite, and leaves example payloads as data', async () => {
    const dir = tempDir('okapi-refs-');
    mkdirSync(join(dir, 'schemas'));
    writeFileSync(join(dir, 'schemas', 'node.yaml'), 'type: object\nproperties:\n  child: {$ref: "#"}\n  peer: {$ref: "./leaf.yaml"}\n');
    writeFileSync(join(dir, 'schemas', 'leaf.yaml'), 'type: string\nexample: {$ref: "./does-not-exist.yaml"}\n');
    writeFileSync(join(dir, 'paths.yaml'), 'get:\n  responses:\n    "200":\n      description: ok\n      content:\n        application/json:\n          schema: {$ref: "./schemas/node.yaml"}\n          example: {$ref: "nowhere.yaml"}\n');
    const root = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/tree': { $ref: './paths.yaml' } } };
    const { document: bundled, unreadable } = await resolveReferences(structuredClone(root), { ctx, root: { path: join(dir, 'root.yaml') }, api: new URL('http://127.0.0.1'), allowCrossOrigin: false, policy, explicit: true });
    const text = JSON.stringify(bundled);
    expect(text).not.toContain('"$ref":"./schemas/node.yaml"');
    expect(text).not.toContain('"$ref":"./leaf.yaml"');
    expect(text).toContain('"child":{"$ref":"#/paths/~1tree/get/responses/200/content/application~1json/schema"}');
    expect(text).toContain('"example":{"$ref":"nowhere.yaml"}');
    expect(text).toContain('"example":{"$ref":"./does-not-exist.yaml"}');
    expect(scanRefs(bundled).external).toBe(false);
    expect(unreadable).toEqual([]);
  });

  it('refuses HTTP references from a local file unless opted in', async () => {
    const dir = tempDir('okapi-refs-');
    const root = { openapi: '3.0.3', paths: { '/a': { $ref: 'http://127.0.0.1:1/paths.yaml' } } };
    await expect(
      resolveReferences(root, { ctx, root: { path: join(dir, 'root.yaml') }, api: new URL('http://127.0.0.1'), allowCrossOrigin: false, policy, explicit: true }),
    ).rejects.toThrow('a local description may reference only files');
  });
});

describe('resolveReferences (what cannot be read)', () => {
  const policy = { trusted_urls: ['http://127.0.0.1/'], allow_cross_origin: false };
  it('leaves a $ref to a missing file or a missing part as written, names the file, and bundles the rest', async () => {
    const dir = tempDir('okapi-refs-');
    writeFileSync(join(dir, 'good.yaml'), 'type: object\nproperties:\n  gone: {$ref: "#/nothing/here"}\n');
    writeFileSync(join(dir, 'broken.yaml'), 'type: [unclosed\n');
    const root = {
      openapi: '3.0.3',
      paths: {
        '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: './good.yaml' } } } } } } },
        '/b': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: './missing.yaml#/Pet' } } } } } } },
        '/c': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: './broken.yaml' } } } } } } },
        '/d': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: './good.yaml#/no/such/part' } } } } } } },
      },
    };
    const { document, unreadable } = await resolveReferences(structuredClone(root), { ctx, root: { path: join(dir, 'root.yaml') }, api: new URL('http://127.0.0.1'), allowCrossOrigin: false, policy, explicit: true });
    const text = JSON.stringify(document);
    expect(text).toContain('"gone":{"$ref":"#/nothing/here"}');
    expect(text).toContain('"$ref":"./missing.yaml#/Pet"');
    expect(text).toContain('"$ref":"./broken.yaml"');
    expect(text).toContain('"$ref":"./good.yaml#/no/such/part"');
    expect(unreadable.map((u) => u.where).sort()).toEqual([join(dir, 'broken.yaml'), join(dir, 'missing.yaml')]);
    expect(unreadable.find((u) => u.where.endsWith('missing.yaml'))!.message).toMatch(/^cannot read .*missing\.yaml.*no such file.*; the \$refs to it are left out$/i);
    expect(unresolvedRefs(document).map((u) => u.ref).sort()).toEqual(['#/nothing/here', './broken.yaml', './good.yaml#/no/such/part', './missing.yaml#/Pet']);
  });
});
