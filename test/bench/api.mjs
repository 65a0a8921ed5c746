// The API registry's figures (docs/design/005-api-registry.md): `api connect` of the largest corpus
// documents against merely parsing them with the same parsers in a bare Node process, and
// `okapi <api> --help` (served from the cached help index) against `okapi --version`.
//
// Wired into run.mjs as `await (await import('./api.mjs')).measure(report, { work, node, okapi, cleanEnv })`.
import { openSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { timeTogether } from './measure.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const corpus = resolve(repo, '../shared/corpus/openapi');

/** The largest documents of the corpus; DigitalOcean is 2,907 YAML files joined by relative $refs. */
const DOCUMENTS = [
  { name: 'cloudflare', file: 'cloudflare/openapi.json' },
  { name: 'stripe', file: 'stripe/spec3.yaml' },
  { name: 'github', file: 'github/api.github.com.json' },
  { name: 'digitalocean', file: 'digitalocean/specification/DigitalOcean-public.v2.yaml', tree: 'digitalocean/specification' },
];

// Reads and parses the document (or every YAML/JSON file of its tree) with yaml / JSON.parse:
// the least any loader has to do.
const BASELINE = `
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
const { parse } = createRequire(process.argv[2])('yaml');
const target = process.argv[3];
const files = [];
const walk = (dir) => { for (const e of readdirSync(dir, { withFileTypes: true })) { const p = join(dir, e.name); if (e.isDirectory()) walk(p); else if (/\\.(ya?ml|json)$/i.test(e.name)) files.push(p); } };
if (process.argv[4] === 'tree') walk(target); else files.push(target);
let n = 0;
for (const file of files) { const text = readFileSync(file, 'utf8'); const doc = file.endsWith('.json') ? JSON.parse(text) : parse(text); if (doc) n++; }
if (n === 0) process.exit(1);
`;

export async function measure(report, { work, node, okapi, cleanEnv }) {
  if (!existsSync(corpus)) {
    console.warn(`api benchmarks skipped: the OpenAPI corpus is not at ${corpus}`);
    return;
  }
  const dir = join(work, 'api-bench');
  mkdirSync(dir, { recursive: true });
  const baseline = join(dir, 'baseline-parse.mjs');
  writeFileSync(baseline, BASELINE);
  const env = { ...cleanEnv, OKAPI_CONFIG: join(dir, 'config.json') };

  for (const doc of DOCUMENTS) {
    const path = join(corpus, doc.file);
    const parseArgs = doc.tree ? [baseline, join(repo, 'package.json'), join(corpus, doc.tree), 'tree'] : [baseline, join(repo, 'package.json'), path];
    const connect = [okapi, 'api', 'connect', doc.name, 'http://127.0.0.1:9', '--spec', path, '--yes'];
    const slow = doc.name === 'digitalocean' || doc.name === 'stripe';
    const [parsed, connected] = timeTogether(
      [
        { label: `parse ${doc.name}`, command: node, args: parseArgs, env: cleanEnv },
        { label: `okapi api connect ${doc.name}`, command: node, args: connect, env },
      ],
      { runs: slow ? 3 : 7, warmup: 1 },
    );
    report.ratio(`api connect ${doc.name}`, connected, 'parsing it (yaml/JSON)', parsed, 5);
  }

  // The help of a connected API, from its help index, against the cheapest run okapi has.
  execFileSync(node, [okapi, 'cloudflare', '--help'], { env, stdio: 'ignore' }); // a fresh index either way
  // Both write to a file, as `okapi cloudflare --help > ops.txt` or a pipe into less would.
  const out = openSync(join(work, 'api-help.out'), 'w');
  const [version, help] = timeTogether(
    [
      { label: 'okapi --version', command: node, args: [okapi, '--version'], env, stdout: out },
      { label: 'okapi cloudflare --help', command: node, args: [okapi, 'cloudflare', '--help'], env, stdout: out },
    ],
    { runs: 60, warmup: 5 },
  );
  report.ratio('okapi cloudflare --help (1,533 operations), to a file', help, 'okapi --version', version, 1.3);
}

// `node test/bench/api.mjs` runs these figures alone.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { Report } = await import('./measure.mjs');
  const work = mkdtempSync(join(tmpdir(), 'okapi-bench-api-'));
  const cleanEnv = { PATH: process.env.PATH, HOME: work, OKAPI_CONFIG: join(work, 'config.json'), XDG_CACHE_HOME: join(work, 'cache') };
  const report = new Report();
  try {
    await measure(report, { work, node: process.execPath, okapi: join(repo, 'dist/okapi.cjs'), cleanEnv });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  report.print();
}
