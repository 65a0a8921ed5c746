// In-process figures (test/bench/in-process.ts): parsers and renderers against JSON.parse or
// JSON.stringify doing the same work in the same run. `measure` adds the rows to run.mjs's report.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bundleHarness } from './bundle.mjs';

/** The most each figure may take, as a multiple of its baseline. */
const LIMITS = {
  'shorthand input, 1 MB of records': 20,
  'shorthand input, 1 MB of JSON': 20,
  'shorthand input, two 500 KB values': 15,
  'exact-number JSON parse, 8 MB': 1.6,
  '-o auto JSON highlighting, 8 MB of escapes': 15,
  '-o table, 10,000 rows sorted': 12,
};

/**
 * @param {import('./measure.mjs').Report} report
 * @param {{ work: string, node: string, repo: string }} context
 */
export async function measure(report, { work, node, repo }) {
  const harness = join(work, 'in-process.mjs');
  await bundleHarness(join(repo, 'test/bench/in-process.ts'), harness);
  const figures = JSON.parse(execFileSync(node, [harness], { encoding: 'utf8', cwd: repo, maxBuffer: 1 << 20 }));
  for (const { label, ms, baselineLabel, baselineMs } of figures) report.ratio(label, ms, baselineLabel, baselineMs, LIMITS[label]);
}
