#!/usr/bin/env node
/**
 * `npm run fuzz`: the fuzz and fault suites of test/fuzz with many more cases than the normal
 * suite runs, from a random seed (printed, with the command that replays it), then the table of
 * what happened to the cases: tried, handled cleanly, crashes, hangs, leaks, peak memory.
 *
 *   npm run fuzz                              # OKAPI_FUZZ_RUNS=2000 per property, every fault combination once
 *   OKAPI_FUZZ_SEED=123 npm run fuzz          # replay a seed
 *   OKAPI_FUZZ_RUNS=20000 OKAPI_FUZZ_ROUNDS=3 npm run fuzz
 *
 * Extra arguments go to vitest (a file, -t "name").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const seed = process.env.OKAPI_FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.OKAPI_FUZZ_RUNS ?? '2000';
const rounds = process.env.OKAPI_FUZZ_ROUNDS ?? '1';
const reportDir = mkdtempSync(join(tmpdir(), 'okapi-fuzz-report-'));
const report = join(reportDir, 'tallies.jsonl');

console.log(`okapi fuzz: seed ${seed}, ${runs} cases per property, every fault combination ${rounds}x`);
console.log(`  replay with: OKAPI_FUZZ_SEED=${seed} OKAPI_FUZZ_RUNS=${runs} OKAPI_FUZZ_ROUNDS=${rounds} npm run fuzz\n`);

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const vitest = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'test/fuzz', '--testTimeout=900000', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, OKAPI_FUZZ_SEED: seed, OKAPI_FUZZ_RUNS: runs, OKAPI_FUZZ_ROUNDS: rounds, OKAPI_FUZZ_REPORT: report },
});

let tallies = [];
try {
  tallies = readFileSync(report, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
} catch {
  // No suite ran far enough to report: vitest said why.
}
rmSync(reportDir, { recursive: true, force: true });

const columns = ['suite', 'tried', 'clean', 'crashes', 'hangs', 'leaks', 'peak RSS'];
const mib = (kib) => (kib > 0 ? `${(kib / 1024).toFixed(0)} MiB` : '-');
const rows = tallies.map((t) => [t.suite, t.tried, t.clean, t.crashes, t.hangs, t.leaks, mib(t.peakRssKiB)]);
const sum = (key) => tallies.reduce((total, t) => total + t[key], 0);
rows.push(['total', sum('tried'), sum('clean'), sum('crashes'), sum('hangs'), sum('leaks'), mib(Math.max(0, ...tallies.map((t) => t.peakRssKiB)))]);
const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => `| ${cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join(' | ')} |`;
console.log(`\nokapi fuzz, seed ${seed}:\n`);
console.log(line(columns));
console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
for (const row of rows) console.log(line(row));
console.log('\npeak RSS: the okapi processes\' for process-level suites, the test worker\'s (shared by the suites it ran) for in-process ones');
process.exit(vitest.status ?? 1);
