// The table, gron and toon formats against -o json of the same response, whole process, stdout
// redirected to a file. `measure` adds the rows to run.mjs's report; run alone
// (`node test/bench/formats.mjs`, after a build) it starts the example API and prints them.
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, Report, timeTogether } from './measure.mjs';

/**
 * @param {Report} report
 * @param {{ work: string, node: string, okapi: string, cleanEnv: NodeJS.ProcessEnv, apiUrl: string }} context
 */
export async function measure(report, { work, node, okapi, cleanEnv, apiUrl }) {
  const files = [];
  // Each command writes to its own file (appending run after run), never to a terminal.
  const toFile = (label, url, format) => {
    const path = join(work, `format-${label}.out`);
    const fd = openSync(path, 'w');
    files.push({ path, fd });
    return { label, command: node, args: [okapi, 'get', url, '-o', format], env: cleanEnv, stdout: fd };
  };
  try {
    const items = `${apiUrl}/items?count=10000`;
    const [json, table] = timeTogether([toFile('items-json', items, 'json'), toFile('items-table', items, 'table')], { runs: 15, warmup: 2 });
    report.ratio('-o table, 10,000 rows, to a file', table, '-o json', json, 2);

    const large = `${apiUrl}/large?size=${10 * 1024 * 1024}`;
    const [largeJson, gron, toon] = timeTogether(
      [toFile('large-json', large, 'json'), toFile('large-gron', large, 'gron'), toFile('large-toon', large, 'toon')],
      { runs: 7, warmup: 1 },
    );
    report.ratio('-o gron, 10 MiB JSON, to a file', gron, '-o json', largeJson, 2);
    report.ratio('-o toon, 10 MiB JSON, to a file', toon, '-o json', largeJson, 2);
    // okapi's TOON encoder against the reference one it is tested against (docs/design/008).
    const { createRequire } = await import('node:module');
    const toonPlugin = createRequire(import.meta.url)(join(dirname(okapi), 'plugins/toon.cjs')).default;
    const { encodeLines } = await import('@toon-format/toon');
    const value = JSON.parse(await (await fetch(large)).text());
    const [ours, reference] = await timeInProcess([() => formatToon(toonPlugin, value), () => drain(encodeLines(value))], 5);
    report.context('  okapi TOON encoder in-process, 10 MiB', ours, '@toon-format/toon', reference);
  } finally {
    for (const { path, fd } of files) {
      closeSync(fd);
      rmSync(path, { force: true });
    }
  }
}

/** Median ms of each function (awaited), runs interleaved. */
async function timeInProcess(functions, runs) {
  const samples = functions.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, run] of functions.entries()) {
      const started = performance.now();
      await run();
      samples[index].push(performance.now() - started);
    }
  }
  return samples.map(median);
}

/** The toon plugin's formatter hook on one document, its output counted and dropped. */
async function formatToon(plugin, value) {
  let bytes = 0;
  const items = { async *[Symbol.asyncIterator]() { yield value; } };
  await plugin.hooks.formatter({ format: 'toon', document: true }, items, { write: (chunk) => (bytes += chunk.length), log: () => {} });
  return bytes;
}

function drain(lines) {
  let count = 0;
  for (const line of lines) count += line.length;
  return count;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { startExampleApiProcess } = await import('./example-api-process.mjs');
  const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const work = mkdtempSync(join(tmpdir(), 'okapi-bench-formats-'));
  const cleanEnv = { PATH: process.env.PATH, HOME: work, OKAPI_CONFIG: join(work, 'config.json'), XDG_CACHE_HOME: join(work, 'cache') };
  const api = await startExampleApiProcess();
  const report = new Report();
  try {
    await measure(report, { work, node: process.execPath, okapi: join(repo, 'dist/okapi.cjs'), cleanEnv, apiUrl: api.url });
  } finally {
    api.close();
    rmSync(work, { recursive: true, force: true });
  }
  report.print();
}
