/**
 * okapi's jq (jq 1.8.2 in WebAssembly) against the native jq on PATH, over the corpus in
 * corpus.ts: the same outputs, compared as parsed JSON, and the same verdict on failures.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { JqError, runJq } from '../../../../plugins-builtin/jq/run-jq.js';
import { anyDocument, compileErrors, documents, forDocument, runtimeErrors, type DocumentName } from './corpus.js';

const nativeVersion = (() => {
  const probe = spawnSync('jq', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
})();

if (!nativeVersion) console.warn('jq differential test skipped: no native jq on PATH (Debian: apt-get install jq)');

type Outcome = { outputs: unknown[] } | { failure: 'compile' | 'runtime' };

/** Native jq's exit statuses: 3 a compile error, 5 an error while running. */
function native(filter: string, document: unknown): Outcome {
  const result = spawnSync('jq', ['-c', filter], { input: JSON.stringify(document), encoding: 'utf8', env: { PATH: process.env.PATH } });
  if (result.status === 3) return { failure: 'compile' };
  if (result.status !== 0) return { failure: 'runtime' };
  return { outputs: result.stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as unknown) };
}

async function ours(filter: string, document: unknown): Promise<Outcome> {
  try {
    return { outputs: await runJq(filter, document) };
  } catch (error) {
    if (!(error instanceof JqError)) throw error;
    return { failure: error.exitCode === 2 ? 'compile' : 'runtime' };
  }
}

const cases: [DocumentName, string][] = [
  ...(Object.keys(documents) as DocumentName[]).flatMap((name) => anyDocument.map((filter): [DocumentName, string] => [name, filter])),
  ...(Object.entries(forDocument) as [DocumentName, readonly string[]][]).flatMap(([name, filters]) => filters.map((filter): [DocumentName, string] => [name, filter])),
  ...compileErrors.map((filter): [DocumentName, string] => ['shop', filter]),
  ...runtimeErrors.map((filter): [DocumentName, string] => ['shop', filter]),
];

describe.skipIf(!nativeVersion)(`jq filters: okapi's jq against native ${nativeVersion ?? 'jq'}`, () => {
  it('the corpus is broad: at least 60 distinct filters over several documents', () => {
    expect(new Set(cases.map(([, filter]) => filter)).size).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map(([name]) => name)).size).toBeGreaterThanOrEqual(4);
  });

  it.each(cases)('%s: %s', async (name, filter) => {
    const document = documents[name];
    const expected = native(filter, document);
    expect(await ours(filter, document)).toEqual(expected);
  });

  it('the corpus includes failures of both kinds, and native jq agrees they fail', () => {
    for (const filter of compileErrors) expect(native(filter, documents.shop)).toEqual({ failure: 'compile' });
    for (const filter of runtimeErrors) expect(native(filter, documents.shop)).toEqual({ failure: 'runtime' });
  });
});
