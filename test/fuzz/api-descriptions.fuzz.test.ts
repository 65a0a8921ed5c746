/**
 * What API servers feed the registry, made hostile: real OpenAPI descriptions (the fixtures, and
 * the shared corpus's small documents when it is there) with nodes replaced by values of the wrong
 * shape or their bytes mutated, and `Link` headers of any shape. The loader answers with a
 * document or a DescriptionError; the operation index and the list of defects are built from
 * whatever it gives, never throwing; the Link parser skips what it cannot read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractOperationIndex } from '../../plugins-builtin/api/operation-index.js';
import { helpIndexOf, INDEX_FORMAT } from '../../sdk/shared/operation-index-format.js';
import { parseLinkHeader } from '../../sdk/shared/link-header.js';
import loader from '../../plugins-builtin/openapi/index.js';
import { DescriptionError } from '../../plugins-builtin/openapi/parse.js';
import { documentProblems, refuseUnusable } from '../../plugins-builtin/api/document-problems.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { documents, hostileValue, nodePaths, replaced, sources } from './descriptions.js';
import { fuzz, fuzzAsync, tally } from './harness.js';
import { mutatedBytes } from './mutate.js';

function checkIndex(document: unknown): void {
  const index = extractOperationIndex(document, { operationBase: '' });
  const names = index.operations.map((o) => o.name);
  expect(new Set(names).size).toBe(names.length);
  helpIndexOf({ key: { format: INDEX_FORMAT, okapi_version: 'x', spec_hash: 'x', operation_base: '', sources: [] }, ...index });
  // The defects are found without throwing, each with where it is; only an unusable description is refused.
  const problems = documentProblems(document);
  for (const problem of problems) expect(problem.where).toMatch(/^#\//);
  try {
    refuseUnusable(document, index, problems, 'doc');
  } catch (error) {
    expect(error).toBeInstanceOf(OkapiError);
    expect(index.operations.length + index.webhooks).toBe(0);
  }
}

describe('OpenAPI descriptions with nodes of the wrong shape', () => {
  const counts = tally('OpenAPI operation index');
  const withPaths = documents.map(({ path, document }) => ({ path, document, nodes: nodePaths(document) }));

  it(`indexes every mutant of ${withPaths.length} descriptions without throwing`, () => {
    fuzz(
      counts,
      fc.tuple(fc.nat(withPaths.length - 1), fc.array(fc.tuple(fc.nat(), hostileValue), { minLength: 1, maxLength: 6 })),
      [],
      ([which, edits]) => {
        const { document, nodes } = withPaths[which]!;
        checkIndex(replaced(document, nodes, edits.map(([pick]) => pick), edits.map(([, value]) => value)));
      },
      300,
    );
  });
});

describe('OpenAPI description bytes, mutated', () => {
  const counts = tally('OpenAPI loader (mutated bytes)');

  it('load as a document that indexes, or are refused with a DescriptionError', async () => {
    await fuzzAsync(
      counts,
      fc.tuple(fc.nat(sources.length - 1), fc.nat()).chain(([which]) => mutatedBytes(fc.constant(new Uint8Array(sources[which]!.bytes)), 6).map((body) => ({ body, path: sources[which]!.path }))),
      [DescriptionError],
      async ({ body, path }) => {
        const { document } = await loader.hooks.loader!({ hook: 'loader', protocol_version: 2, features: [], body, local_path: path });
        checkIndex(document);
      },
      120,
    );
  });
});

describe('Link headers', () => {
  const counts = tally('Link header parser');
  const PIECES = ['<', '>', ';', ',', '"', '\\', '=', ' ', '\t', 'rel', 'next', 'service-desc', 'describedby', 'type', 'title*', "UTF-8''%E2%82%AC", 'https://x.test/a?b=1,2', '/openapi.json', 'anchor', '#'];
  const header = fc.oneof(
    fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 40 }).map((p) => p.join('')),
    fc.string({ maxLength: 60 }),
  );

  it('gives the links it can read, each target from between < and > (white space trimmed)', () => {
    fuzz(
      counts,
      fc.array(header, { minLength: 1, maxLength: 3 }),
      [],
      (values) => {
        for (const link of parseLinkHeader(values)) {
          expect(link.target).not.toContain('>');
          expect(values.some((value) => new RegExp(`<[ \\t]*${link.target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ \\t]*>`).test(value))).toBe(true);
          for (const rel of link.rels) expect(rel).toBe(rel.toLowerCase());
        }
      },
      800,
    );
  });
});
