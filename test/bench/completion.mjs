// Shell completion's figures (issue #14): with Cloudflare (1,533 operations) connected, what a
// script asks okapi on `okapi cloudflare <TAB>` and on `okapi cloudflare <operation> --<TAB>`,
// against `okapi --version`.
//
// Wired into run.mjs as `await (await import('./completion.mjs')).measure(report, { work, node, okapi, cleanEnv })`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeTogether } from './measure.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cloudflare = resolve(repo, '../shared/corpus/openapi/cloudflare/openapi.json');

export async function measure(report, { work, node, okapi, cleanEnv }) {
  if (!existsSync(cloudflare)) {
    console.warn(`completion benchmarks skipped: the Cloudflare description is not at ${cloudflare}`);
    return;
  }
  const dir = join(work, 'completion-bench');
  mkdirSync(dir, { recursive: true });
  const env = { ...cleanEnv, OKAPI_CONFIG: join(dir, 'config.json') };
  execFileSync(node, [okapi, 'api', 'connect', 'cloudflare', 'http://127.0.0.1:9', '--spec', cloudflare, '--yes'], { env, stdio: 'ignore' });
  // An operation with optional query parameters, so its flags are read from its details.
  const operation = 'zones-get';
  const flags = execFileSync(node, [okapi, 'completion', '__complete', '3', '--', 'cloudflare', operation, '--'], { env, encoding: 'utf8' });
  if (!flags.split('\n').includes('--page')) throw new Error(`completing the flags of cloudflare ${operation} did not offer --page:\n${flags.slice(0, 500)}`);
  const [version, operations, operationFlags] = timeTogether(
    [
      { label: 'okapi --version', command: node, args: [okapi, '--version'], env },
      { label: 'okapi cloudflare <TAB>', command: node, args: [okapi, 'completion', '__complete', '2', '--', 'cloudflare'], env },
      { label: `okapi cloudflare ${operation} --<TAB>`, command: node, args: [okapi, 'completion', '__complete', '3', '--', 'cloudflare', operation, '--'], env },
    ],
    { runs: 60, warmup: 5 },
  );
  report.ratio('completion: okapi cloudflare <TAB> (1,533 operations)', operations, 'okapi --version', version, 1.3);
  report.ratio(`completion: okapi cloudflare ${operation} --<TAB>`, operationFlags, 'okapi --version', version, 1.3);
}

// `node test/bench/completion.mjs` runs these figures alone.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { Report } = await import('./measure.mjs');
  const work = mkdtempSync(join(tmpdir(), 'okapi-bench-completion-'));
  const cleanEnv = { PATH: process.env.PATH, HOME: work, OKAPI_CONFIG: join(work, 'config.json'), XDG_CACHE_HOME: join(work, 'cache') };
  const report = new Report();
  try {
    await measure(report, { work, node: process.execPath, okapi: join(repo, 'dist/okapi.cjs'), cleanEnv });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  report.print();
}
