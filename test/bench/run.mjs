// `npm run bench`: the figures the issues name, as ratios against baselines measured in the same
// run, printed as a table. Runs against the built dist/okapi.cjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startExampleApiProcess } from './example-api-process.mjs';
import { exitTail, Report, timeTogether } from './measure.mjs';
import { bundleHarness } from './bundle.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const okapi = join(repo, 'dist/okapi.cjs');
const sdk = join(repo, 'dist/sdk.mjs');
const node = process.execPath;
const report = new Report();
const work = mkdtempSync(join(tmpdir(), 'okapi-bench-'));
// One environment for every command, baselines included: variables such as NODE_EXTRA_CA_CERTS
// (set on some machines) slow every Node start and would skew the ratios.
const cleanEnv = { PATH: process.env.PATH, HOME: work, OKAPI_CONFIG: join(work, 'config.json'), XDG_CACHE_HOME: join(work, 'cache') };

console.log(`okapi benchmarks — node ${process.version}, ${process.platform}/${process.arch}\n`);

// Start-up.
{
  const [bare, version, help] = timeTogether([
    { label: 'node -e 0', command: node, args: ['-e', '0'], env: cleanEnv },
    { label: 'okapi --version', command: node, args: [okapi, '--version'], env: cleanEnv },
    { label: 'okapi --help', command: node, args: [okapi, '--help'], env: cleanEnv },
    // Start-up figures differ by a few ms: many interleaved runs keep the noise out of the ratio.
  ], { runs: 60, warmup: 5 });
  report.ratio('okapi --version', version, 'node -e 0', bare, 1.15);
  report.ratio('okapi --help', help, 'node -e 0', bare, 1.3);
}

// Twenty external plugins installed, manifests cached: start-up unchanged, no process for a request.
{
  const home = join(work, 'twenty');
  const plugins = join(home, 'plugins');
  const spawned = join(home, 'spawned');
  mkdirSync(plugins, { recursive: true });
  mkdirSync(spawned);
  for (let i = 0; i < 20; i++) {
    const name = `fmt${String(i).padStart(2, '0')}`;
    const file = join(plugins, `okapi-${name}`);
    writeFileSync(
      file,
      `#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
if (process.argv.includes('--okapi-plugin-run')) writeFileSync(${JSON.stringify(join(spawned, name))} + '-' + process.pid, '');
const { definePlugin, runPlugin } = await import(${JSON.stringify(sdk)});
await runPlugin(definePlugin({ manifest: { name: ${JSON.stringify(name)}, okapi_api_version: 2, hooks: ['formatter'], formatter_names: [${JSON.stringify(name)}] },
  hooks: { async formatter(_s, items, ctx) { for await (const item of items) ctx.write(JSON.stringify(item)); } } }));
`,
    );
    chmodSync(file, 0o755);
  }
  const env = { ...cleanEnv, OKAPI_CONFIG: join(home, 'config.json') };
  execFileSync(node, [okapi, 'plugin', 'list'], { env, stdio: 'ignore' }); // fills the manifest cache
  const api = await startExampleApiProcess();
  const [bare, version, help, request] = timeTogether(
    [
      { label: 'node -e 0', command: node, args: ['-e', '0'], env: cleanEnv },
      { label: 'okapi --version', command: node, args: [okapi, '--version'], env },
      { label: 'okapi --help', command: node, args: [okapi, '--help'], env },
      { label: 'okapi get', command: node, args: [okapi, 'get', `${api.url}/anything`], env },
    ],
    { runs: 40, warmup: 5 },
  );
  api.close();
  report.ratio('okapi --version, 20 plugins cached', version, 'node -e 0', bare, 1.15);
  report.ratio('okapi --help, 20 plugins cached', help, 'node -e 0', bare, 1.3);
  const started = readdirSync(spawned).length;
  report.fact('plugin processes started by 18 requests with no hook', String(started), '0', started === 0);
  void request;
}

// One external hook call against spawning the same executable and reading its exit.
{
  const harness = join(work, 'hook-call.mjs');
  await bundleHarness(join(repo, 'test/bench/hook-call.ts'), harness);
  const plugins = join(work, 'hook');
  mkdirSync(plugins);
  const sdkPlugin = join(plugins, 'okapi-bench');
  writeFileSync(
    sdkPlugin,
    `#!/usr/bin/env node
import { definePlugin, runPlugin } from ${JSON.stringify(sdk)};
await runPlugin(definePlugin({ manifest: { name: 'bench', okapi_api_version: 2, hooks: ['request-middleware'] },
  hooks: { 'request-middleware': () => ({ headers: { 'X-Bench': '1' } }) } }));
`,
  );
  chmodSync(sdkPlugin, 0o755);
  const scriptPlugin = join(plugins, 'okapi-bench-script');
  writeFileSync(
    scriptPlugin,
    `#!/usr/bin/env node
let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  if (buffer.includes('\\n')) process.stdout.write(JSON.stringify({ type: 'result', output: { headers: { 'X-Bench': '1' } } }) + '\\n');
});
`,
  );
  chmodSync(scriptPlugin, 0o755);
  for (const [label, path, encoding] of [
    ['hook call, SDK plugin (CBOR)', sdkPlugin, 'cbor'],
    ['hook call, plain script plugin (JSON)', scriptPlugin, 'json'],
  ]) {
    const out = JSON.parse(execFileSync(node, [harness, path, encoding, '20'], { encoding: 'utf8' }));
    report.delta(label, out.call, 'spawn+exit', out.spawn, 15);
  }
}

// Requests: a 1 KiB GET, and 50 MiB of JSON raw and rendered.
{
  const api = await startExampleApiProcess();
  const oneKiB = `${api.url}/bytes/1024`;
  const baseline = join(repo, 'test/bench/baseline-get.mjs');
  const commands = [
    { label: 'node:http', command: node, args: [baseline, oneKiB], env: cleanEnv },
    { label: 'okapi get', command: node, args: [okapi, 'get', oneKiB], env: cleanEnv },
  ];
  const httpie = whichSync('http');
  if (httpie) commands.push({ label: 'httpie', command: httpie, args: ['--ignore-stdin', '--body', 'GET', oneKiB], env: { ...process.env, HOME: work } });
  const [plain, ours, theirs] = timeTogether(commands, { runs: 20 });
  report.ratio('1 KiB GET', ours, 'node:http script', plain, 1.2);
  if (theirs !== undefined) report.ratio('1 KiB GET vs HTTPie (okapi/httpie)', ours, 'httpie', theirs, 1 / 2.5);
  else report.skipped('1 KiB GET vs HTTPie', 'httpie not installed (apt-get install httpie)', '≥ 2.5× faster');

  // Idle time at exit: undici (https://) compiles llhttp to WebAssembly, which V8 would go on
  // tiering up at exit (~90–130 ms on Node 20) had okapi not compiled it with Liftoff only.
  // Passing a tiering flag to node makes okapi leave V8 alone: the "before" figure.
  const tls = await startExampleApiProcess(['--protocol', 'https']);
  const secure = [okapi, 'get', `${tls.url}/bytes/1024`, '--okapi-ca-cert', join(repo, 'fixtures/tls/ca.pem')];
  // The same GET over https, its CA trusted in addition to Node's store: undici, TLS and the trust settings.
  const [plainTls, oursTls] = timeTogether(
    [
      { label: 'node:https', command: node, args: [join(repo, 'test/bench/baseline-get-https.mjs'), `${tls.url}/bytes/1024`, join(repo, 'fixtures/tls/ca.pem')], env: cleanEnv },
      { label: 'okapi get', command: node, args: secure, env: cleanEnv },
    ],
    { runs: 20 },
  );
  report.context('1 KiB GET over https, a CA file given', oursTls, 'node:https script', plainTls);
  const tailDefault = await exitTail(node, ['--wasm-tier-up', ...secure], { env: cleanEnv });
  const tailOurs = await exitTail(node, secure, { env: cleanEnv });
  report.most('idle time at exit, 1 KiB GET over https (undici)', tailOurs, "V8's default tiering", tailDefault, 15);
  const tailPlain = await exitTail(node, [okapi, 'get', oneKiB], { env: cleanEnv });
  const tailBaseline = await exitTail(node, [baseline, oneKiB], { env: cleanEnv });
  report.most('idle time at exit, 1 KiB GET over http', tailPlain, 'node:http script', tailBaseline, 15);
  tls.close();

  const size = 50 * 1024 * 1024;
  const big = `${api.url}/large?size=${size}`;
  const file = join(work, 'large.json');
  execFileSync(node, [baseline, big], { stdio: ['ignore', openSync(file, 'w'), 'inherit'] });
  const toFile = (args, label, env) => ({ label, command: node, args, env, stdout: openSync(join(work, `${label}.out`), 'w') });
  const [rawPlain, rawOurs, prettyPlain, prettyOurs] = timeTogether(
    [
      toFile([baseline, big], 'raw-node', cleanEnv),
      toFile([okapi, 'get', big], 'raw-okapi', cleanEnv),
      toFile([join(repo, 'test/bench/baseline-pretty.mjs'), file], 'pretty-node', cleanEnv),
      toFile([okapi, 'get', big, '-o', 'json'], 'pretty-okapi', cleanEnv),
    ],
    { runs: 5, warmup: 1 },
  );
  report.ratio('50 MiB JSON, raw to a file', rawOurs, 'node:http script', rawPlain, 1.3);
  report.ratio('50 MiB JSON, -o json to a file', prettyOurs, 'JSON.parse+stringify', prettyPlain, 1.5);
  const rss = peakRssMiB([okapi, 'get', big, '-o', 'json'], cleanEnv);
  report.fact('50 MiB JSON, -o json peak RSS', `${rss.toFixed(0)} MiB (${(rss / 50).toFixed(2)}× the body)`, '≤ 4× the body', rss <= 200);
  api.close();
}

// The figures of filters, formats and the API registry, each measured by its own module.
{
  const api = await startExampleApiProcess();
  const context = { work, node, repo, okapi, cleanEnv, apiUrl: api.url };
  try {
    for (const module of ['./formats.mjs', './shorthand-query.mjs', './jq.mjs', './api.mjs', './completion.mjs', './in-process.mjs', './operations.mjs', './oauth.mjs', './auth.mjs']) {
      const { measure } = await import(module);
      await measure(report, context);
    }
  } finally {
    api.close();
  }
}

// The 50 MiB bodies and every run's config and cache: nothing of the bench stays behind.
rmSync(work, { recursive: true, force: true });
report.print();

function whichSync(command) {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Peak resident memory of a run, as GNU time reports it (`/usr/bin/time`, Debian package `time`). */
function peakRssMiB(args, env) {
  const result = spawnSync('/usr/bin/time', ['-f', '%M', node, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) return Number.NaN;
  return Number(result.stderr.trim().split('\n').pop()) / 1024;
}
