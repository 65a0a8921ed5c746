/**
 * The built okapi registering APIs whose descriptions a hostile server serves: real descriptions
 * (descriptions.ts) with nodes replaced by values of the wrong shape, or their bytes mutated.
 * `api connect` registers the API or refuses with a human message, then its help is shown or
 * refused the same way; nothing crashes or hangs.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpecServer, type SpecServer } from '../unit/api/spec-server.js';
import { documents, hostileValue, nodePaths, replaced, sources } from './descriptions.js';
import { fullRounds, fuzzSeed, tally } from './harness.js';
import { mutatedBytes } from './mutate.js';
import { freshHome } from '../helpers/run-okapi.js';
import { runCase, type Verdict } from './okapi-case.js';

const NORMAL_CASES = 6;
const CASES_PER_ROUND = 40;

const withPaths = documents.map(({ document }) => ({ document, nodes: nodePaths(document) }));
const wrongShape = fc
  .tuple(fc.nat(withPaths.length - 1), fc.array(fc.tuple(fc.nat(), hostileValue), { minLength: 1, maxLength: 6 }))
  .map(([which, edits]) => {
    const { document, nodes } = withPaths[which]!;
    return Buffer.from(JSON.stringify(replaced(document, nodes, edits.map(([pick]) => pick), edits.map(([, value]) => value))));
  });
const mutated = fc.nat(sources.length - 1).chain((which) => mutatedBytes(fc.constant(new Uint8Array(sources[which]!.bytes)), 6).map((bytes) => Buffer.from(bytes)));
const count = fullRounds() === 0 ? NORMAL_CASES : fullRounds() * CASES_PER_ROUND;
const specs = fc.sample(fc.oneof(wrongShape, mutated), { numRuns: count, seed: fuzzSeed });

let server: SpecServer;
beforeAll(async () => {
  server = await startSpecServer();
  specs.forEach((body, i) => server.routes.set(`/spec-${i}`, { headers: { 'content-type': 'application/octet-stream' }, body }));
});
afterAll(() => server?.close());

function expectHandled(verdict: Verdict): void {
  const shown = `exit ${verdict.result.code}\n${verdict.result.stderr.slice(0, 2000)}`;
  expect(verdict.hang, shown).toBe(false);
  expect(verdict.crash, shown).toBeUndefined();
  expect([0, 1, 2], shown).toContain(verdict.result.code);
}

describe('okapi registering hostile API descriptions', () => {
  const counts = tally('hostile API descriptions (process)');

  it.concurrent.each(specs.map((_, i) => i))('description %i: connect, then help', async (i) => {
    const home = freshHome();
    const connect = await runCase(counts, { args: ['api', 'connect', `h${i}`, server.url, '--spec', `${server.url}/spec-${i}`, '--yes'], secrets: [], home });
    expectHandled(connect);
    if (connect.result.code !== 0) return;
    expectHandled(await runCase(counts, { args: [`h${i}`, '--help'], secrets: [], home }));
  });
});
