// The jq figure: `okapi get URL -f '<jq>'` over a 50 MiB JSON body against Debian's native jq run
// on the same body saved to a file, and the cost of okapi's jq alone (runJq in a process that
// already holds the parsed response) against the same native jq. See docs/design/004-jq-engine.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'esbuild';
import { median, timeTogether } from './measure.mjs';

const FIGURE = 'jq filter over 50 MiB (okapi -f vs native jq on the same file)';
const IN_PROCESS = 'jq filter over 50 MiB, in-process runJq (vs the native jq process)';
const LIMIT = 2;
const SIZE = 50 * 1024 * 1024;
// okapi's filter runs over the response envelope, jq's over the body itself.
const OKAPI_FILTER = '[.body[] | select(.id % 2 == 0) | {id, name}]';
const JQ_FILTER = '[.[] | select(.id % 2 == 0) | {id, name}]';

export async function measure(report, { work, node, repo, okapi, cleanEnv, apiUrl }) {
  const jq = nativeJq(cleanEnv);
  if (!jq) {
    report.fact(FIGURE, 'native jq not installed (apt-get install jq)', `≤ ${LIMIT}× native jq`, true);
    return;
  }
  const url = `${apiUrl}/large?size=${SIZE}`;
  const body = join(work, 'jq-large.json');
  execFileSync(node, [join(repo, 'test/bench/baseline-get.mjs'), url], { stdio: ['ignore', openSync(body, 'w'), 'inherit'] });

  // One run each first, outputs compared (and caches warmed); then the timed runs.
  const okapiArgs = [okapi, 'get', url, '-f', OKAPI_FILTER];
  const jqArgs = [JQ_FILTER, body];
  const okapiOut = join(work, 'jq-okapi.out');
  const jqOut = join(work, 'jq-native.out');
  execFileSync(node, okapiArgs, { env: cleanEnv, stdio: ['ignore', openSync(okapiOut, 'w'), 'inherit'] });
  execFileSync(jq.path, jqArgs, { env: cleanEnv, stdio: ['ignore', openSync(jqOut, 'w'), 'inherit'] });
  if (!isDeepStrictEqual(JSON.parse(readFileSync(okapiOut, 'utf8')), JSON.parse(readFileSync(jqOut, 'utf8')))) {
    throw new Error(`${FIGURE}: okapi's output differs from native jq's (${okapiOut}, ${jqOut})`);
  }
  const [ours, theirs] = timeTogether(
    [
      { label: 'okapi get -f', command: node, args: okapiArgs, env: cleanEnv },
      { label: 'native jq', command: jq.path, args: jqArgs, env: cleanEnv },
    ],
    { runs: 5, warmup: 0 },
  );
  report.ratio(FIGURE, ours, `native ${jq.version}`, theirs, LIMIT);

  const harness = await buildHarness(work, repo);
  const env = { ...cleanEnv, NODE_PATH: join(repo, 'node_modules') };
  const samples = [];
  for (let i = 0; i < 4; i++) {
    const result = spawnSync(node, [harness, body, OKAPI_FILTER], { env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${IN_PROCESS}: harness exited ${result.status}: ${result.stderr.slice(0, 500)}`);
    if (i > 0) samples.push(JSON.parse(result.stdout).ms);
  }
  report.ratio(IN_PROCESS, median(samples), `native ${jq.version}`, theirs, LIMIT);
}

/** The native jq on PATH (its path and version), or undefined. */
function nativeJq(env) {
  const probe = spawnSync('jq', ['--version'], { env, encoding: 'utf8' });
  if (probe.status !== 0) return undefined;
  const path = spawnSync('sh', ['-c', 'command -v jq'], { env, encoding: 'utf8' }).stdout.trim();
  return { path: path || 'jq', version: probe.stdout.trim() };
}

/**
 * A script that parses the body as okapi does, wraps it in an envelope and times runJq alone: the
 * first call in the process, so loading and compiling jq count, as they do for the CLI.
 */
async function buildHarness(work, repo) {
  const outfile = join(work, 'jq-harness.cjs');
  await build({
    stdin: {
      contents: `
import { readFileSync } from 'node:fs';
import { runJq } from './plugins-builtin/jq/run-jq.ts';
(async () => {
  const body = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const envelope = { proto: 'HTTP/1.1', status: 200, headers: { 'content-type': 'application/json' }, links: {}, body };
  const started = performance.now();
  const outputs = await runJq(process.argv[3], envelope);
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, outputs: outputs.length }));
})();
`,
      resolveDir: repo,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // As in the CLI build: jq-wasm loads from node_modules (NODE_PATH) with require().
    supported: { 'dynamic-import': false },
    external: ['jq-wasm'],
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}
