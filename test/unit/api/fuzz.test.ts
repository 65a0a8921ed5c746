/** Property tests for what servers feed the registry: descriptions of any shape and any bytes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractOperationIndex } from '../../../plugins-builtin/api/operation-index.js';
import { helpIndexOf, INDEX_FORMAT } from '../../../sdk/shared/operation-index-format.js';
import loader from '../../../plugins-builtin/openapi/index.js';
import { DescriptionError } from '../../../plugins-builtin/openapi/parse.js';
import { scanRefs, unresolvedRefs } from '../../../plugins-builtin/api/refs.js';
import { documentProblems } from '../../../plugins-builtin/api/document-problems.js';
import { normalizeXCliConfig } from '../../../plugins-builtin/api/x-cli-config.js';

const KEYS = ['openapi', 'paths', '/a', '/b/{id}', 'get', 'post', 'parameters', 'name', 'in', 'schema', 'type', 'requestBody', 'content', 'responses', '200', 'headers', '$ref', 'x-cli-name', 'x-cli-hidden', 'x-cli-aliases', 'servers', 'security', 'components', 'securitySchemes', 'operationId', 'example', 'examples', 'value', 'properties', 'webhooks', 'swagger', 'definitions', 'consumes', 'produces', 'securityDefinitions', 'collectionFormat', 'items', 'flow'];
const REFS = ['2.0', 'body', 'formData', 'query', 'array', 'file', '#/definitions/x', '#/parameters/p', '#/paths/~1a', '#/components/x', '#', '#/paths', 'other.yaml', 'https://x.test/a.json#/b'];
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...REFS),
    fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('tree'), { maxKeys: 6 }),
  ),
}));

describe('descriptions of any shape', () => {
  it('index extraction never throws and counts only real operations', () => {
    fc.assert(
      fc.property(tree, (doc) => {
        const index = extractOperationIndex(doc, { operationBase: '' });
        const names = index.operations.map((o) => o.name);
        expect(new Set(names).size).toBe(names.length);
        const help = helpIndexOf({ key: { format: INDEX_FORMAT, okapi_version: 'x', spec_hash: 'x', operation_base: '', sources: [] }, ...index });
        expect(help.commands).toBeLessThanOrEqual(index.operations.length);
      }),
      { numRuns: 400 },
    );
  });

  it('the $ref walks never throw, and each unresolved reference is one the quick walk saw', () => {
    fc.assert(
      fc.property(tree, (doc) => {
        const external = scanRefs(doc).external;
        const unresolved = unresolvedRefs(doc);
        if (unresolved.some((u) => !u.internal)) expect(external).toBe(true);
        for (const problem of documentProblems(doc)) expect(problem.where).toMatch(/^#/);
      }),
      { numRuns: 400 },
    );
  });

  it('x-cli-config normalisation never throws', () => {
    fc.assert(fc.property(fc.anything(), (value) => void normalizeXCliConfig(value)), { numRuns: 300 });
  });
});

describe('Swagger 2.0 of any shape', () => {
  it('converts or refuses with a DescriptionError, never crashes', async () => {
    const swagger = fc.tuple(fc.dictionary(fc.constantFrom(...KEYS), tree, { maxKeys: 8 }), fc.dictionary(fc.constantFrom('/a', '/b'), fc.dictionary(fc.constantFrom('get', 'post', 'parameters'), tree))).map(([root, paths]) => ({ ...root, paths, swagger: '2.0' }));
    await fc.assert(
      fc.asyncProperty(swagger, async (doc) => {
        try {
          const { document } = await loader.hooks.loader!({ hook: 'loader', protocol_version: 2, features: [], body: Buffer.from(JSON.stringify(doc)), local_path: '/s.json' });
          expect((document as { openapi: string }).openapi).toBe('3.0.3');
          extractOperationIndex(document, { operationBase: '' });
        } catch (error) {
          expect(error).toBeInstanceOf(DescriptionError);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('bytes of any kind', () => {
  it('the loader gives an OpenAPI document or a DescriptionError naming the source', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.string().map((s) => Buffer.from(s)), fc.json().map((s) => Buffer.from(s)), tree.map((t) => Buffer.from(JSON.stringify(t) ?? 'null'))),
        fc.constantFrom(undefined, 'application/json', 'application/yaml', 'text/plain'),
        async (body, content_type) => {
          try {
            const { document } = await loader.hooks.loader!({ hook: 'loader', protocol_version: 2, features: [], body, source_url: 'https://src.test/x', ...(content_type ? { content_type } : {}) });
            expect(typeof (document as { openapi?: unknown }).openapi).toBe('string');
          } catch (error) {
            expect(error).toBeInstanceOf(DescriptionError);
            expect((error as Error).message).toContain('https://src.test/x');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
