// The shorthand query language against jq (jq-wasm, in the same process) on 50 MiB of JSON:
// `okapi get /large -f 'body[id % 2 == 0].{id, name}'` vs the same selection written in jq, whole
// process, stdout to a file. Both outputs are checked to hold the same items before timing.
// `measure` adds the row to run.mjs's report; run alone (`node test/bench/shorthand-query.mjs`,
// after a build) it prints it.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startExampleApiProcess } from './example-api-process.mjs';
import { Report, timeTogether } from './measure.mjs';

const SIZE = 50 * 1024 * 1024;
const SHORTHAND = 'body[id % 2 == 0].{id, name}';
const JQ = '[.body[] | select(.id % 2 == 0) | {id, name}]';

/**
 * @param {Report} report
 * @param {{ work: string, node: string, repo: string, apiUrl?: string, cleanEnv?: NodeJS.ProcessEnv }} context
 */
export async function measure(report, { work, node, repo, apiUrl, cleanEnv }) {
  const okapi = join(repo, 'dist/okapi.cjs');
  const env = cleanEnv ?? { PATH: process.env.PATH, HOME: work, OKAPI_CONFIG: join(work, 'config.json'), XDG_CACHE_HOME: join(work, 'cache') };
  const api = apiUrl ? undefined : await startExampleApiProcess();
  const url = `${apiUrl ?? api.url}/large?size=${SIZE}`;
  const outputs = { shorthand: join(work, 'filter-shorthand.out'), jq: join(work, 'filter-jq.out') };
  const fds = [];
  try {
    // Once each, outside the timing: both must succeed and select the same items.
    for (const [label, filter] of [['shorthand', SHORTHAND], ['jq', JQ]]) {
      const run = spawnSync(node, [okapi, 'get', url, '-f', filter, '-o', 'json'], { env, stdio: ['ignore', openSync(outputs[label], 'w'), 'pipe'] });
      if (run.status !== 0) throw new Error(`the ${label} filter exited ${run.status}: ${run.stderr.toString().slice(0, 500)}`);
    }
    const [shorthandOut, jqOut] = [outputs.shorthand, outputs.jq].map((file) => JSON.parse(readFileSync(file, 'utf8')));
    if (JSON.stringify(shorthandOut) !== JSON.stringify(jqOut)) throw new Error('the shorthand and jq filters selected different items');
    const selected = shorthandOut.length;

    const command = (label, filter) => {
      const fd = openSync(outputs[label], 'w');
      fds.push(fd);
      return { label, command: node, args: [okapi, 'get', url, '-f', filter], env, stdout: fd };
    };
    const [shorthand, jq] = timeTogether([command('shorthand', SHORTHAND), command('jq', JQ)], { runs: 5, warmup: 1 });
    report.ratio(`50 MiB JSON, -f shorthand select+project (${selected} items)`, shorthand, 'same in jq (jq-wasm)', jq, 1);
  } finally {
    for (const fd of fds) closeSync(fd);
    for (const file of Object.values(outputs)) rmSync(file, { force: true });
    api?.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const work = mkdtempSync(join(tmpdir(), 'okapi-bench-filter-'));
  const report = new Report();
  try {
    await measure(report, { work, node: process.execPath, repo });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  report.print();
}
