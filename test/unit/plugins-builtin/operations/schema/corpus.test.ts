/**
 * The schemas of real descriptions (the shared corpus, ../shared/corpus/openapi): an example body
 * for every request body of the largest ones ends, stays small and is the same every time, and
 * validation runs on them (in either dialect) without a schema it cannot use.
 */
import { describe, expect, it } from 'vitest';
import { exampleBody } from '../../../../../plugins-builtin/operations/schema/example-body.js';
import { validateBody } from '../../../../../plugins-builtin/operations/schema/validate-body.js';
import { corpus, corpusAvailable, corpusDocument } from './corpus-bodies.js';

if (!corpusAvailable) console.warn(`skipping the corpus schema tests: ${corpus} is absent`);

/** Bytes of JSON an example may take: the default bounds keep the largest near 3 KB. */
const MAX_EXAMPLE_BYTES = 8_000;
/** Every how-many-th body is validated: compiling each of thousands of schemas would be slow. */
const VALIDATION_STRIDE = 10;

describe.skipIf(!corpusAvailable)('schemas of the corpus', () => {
  for (const file of ['cloudflare/openapi.json', 'stripe/spec3.yaml', 'openai/openapi.yaml']) {
    it(`${file}: an example for every request body, bounded and the same every time; validation runs`, async () => {
      const { openapi, bodies } = corpusDocument(file);
      expect(bodies.length).toBeGreaterThan(100);
      for (const [index, body] of bodies.entries()) {
        const example = exampleBody(body.content, body.definitions);
        const text = JSON.stringify(example);
        expect(text.length, body.operation).toBeLessThan(MAX_EXAMPLE_BYTES);
        expect(JSON.stringify(exampleBody(body.content, body.definitions)), body.operation).toBe(text);
        if (index % VALIDATION_STRIDE !== 0) continue;
        const violations = await validateBody(example, body.content.schema, body.definitions, openapi);
        expect(violations.filter((violation) => violation.unchecked), body.operation).toEqual([]);
      }
    }, 120_000);
  }
});
