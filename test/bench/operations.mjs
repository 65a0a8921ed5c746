// Generated operation commands (issue #14, Performance): an operation call of Cloudflare's
// description (1,533 operations) against a generic `okapi get` of the same URL, and
// `okapi <api> <command> --help` against `okapi --version` for every document of the corpus.
// `measure` adds the rows to run.mjs's report; run alone (`node test/bench/operations.mjs`, after
// a build) it prints them.
import { spawn, execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { Report, timeTogether } from './measure.mjs';
import { bundleHarness } from './bundle.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const corpus = resolve(repo, '../shared/corpus/openapi');

/** A GET with one path parameter and nothing else required: `GET /zones/{identifier}/subscription`. */
const CLOUDFLARE_OPERATION = 'zone-subscription-zone-subscription-details';
const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const CLOUDFLARE_HEADERS = ['-H', 'X-Auth-Email: bench@example.com', '-H', 'X-Auth-Key: bench-key', '-H', 'Authorization: Bearer bench-token'];

// Answers 200 `{}` to every request, as the API would answer a call; in a child process, since
// the runs are timed synchronously and would starve a server in this event loop.
const ANSWER_SERVER = `
import { createServer } from 'node:http';
const server = createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{}'); }); });
server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));
`;

async function startAnswerServer() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', ANSWER_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolvePromise, reject) => {
    createInterface({ input: child.stdout }).once('line', resolvePromise);
    child.once('exit', (code) => reject(new Error(`the answering server exited with ${code}`)));
  });
  return { url, close: () => child.kill('SIGTERM') };
}

/** The command names of a connected API, in document order, from its command table's preamble and commands section. */
function commandNames(cacheDir, api) {
  const fd = openSync(join(cacheDir, 'apis', encodeURIComponent(api), 'commands.table'), 'r');
  try {
    const head = Buffer.alloc(128);
    readSync(fd, head, 0, head.length, 0);
    const end = head.indexOf(0x0a);
    const [headBytes, tagBytes, commandBytes] = head.toString('latin1', 0, end).split(' ').slice(2).map(Number);
    const commands = Buffer.alloc(commandBytes);
    readSync(fd, commands, 0, commandBytes, end + 1 + headBytes + tagBytes);
    return JSON.parse(commands.toString('utf8')).filter((c) => !c.hidden).map((c) => c.name);
  } finally {
    closeSync(fd);
  }
}

/**
 * @param {Report} report
 * @param {{ work: string, node: string, okapi: string, cleanEnv: NodeJS.ProcessEnv }} context
 */
export async function measure(report, { work, node, okapi, cleanEnv }) {
  if (!existsSync(join(corpus, 'INDEX.md'))) {
    const why = `the OpenAPI corpus is not at ${corpus}`;
    report.skipped('operation call, Cloudflare (vs okapi get)', why, '≤ 1.1×');
    report.skipped('okapi <api> <command> --help, each corpus document', why, '≤ 1.3×');
    return;
  }
  const dir = join(work, 'operations-bench');
  mkdirSync(dir, { recursive: true });
  const env = { ...cleanEnv, OKAPI_CONFIG: join(dir, 'config.json') };
  const cacheDir = join(dir, 'cache');
  const server = await startAnswerServer();
  try {
    // (a) One operation call against the generic request it amounts to.
    execFileSync(node, [okapi, 'api', 'connect', 'cloudflare', server.url, '--spec', join(corpus, 'cloudflare/openapi.json'), '--yes'], { env, stdio: 'ignore' });
    // The operation needs Cloudflare's api_email, api_key and api_token credentials: both commands
    // give them by hand (-H), so both put the same bytes on the wire and neither runs an auth plugin;
    // what is measured is the generated command itself.
    const out = openSync(join(dir, 'calls.out'), 'w');
    const [generic, operation] = timeTogether(
      [
        // The URL the operation is sent to (the document's server path, /client/v4, mounted under base_url).
        { label: 'okapi get', command: node, args: [okapi, 'get', `${server.url}/client/v4/zones/${ZONE}/subscription`, ...CLOUDFLARE_HEADERS], env, stdout: out },
        { label: `okapi cloudflare ${CLOUDFLARE_OPERATION}`, command: node, args: [okapi, 'cloudflare', CLOUDFLARE_OPERATION, ZONE, ...CLOUDFLARE_HEADERS], env, stdout: out },
      ],
      { runs: 40, warmup: 5 },
    );
    report.ratio('operation call, Cloudflare (1,533 operations)', operation, 'okapi get, same URL', generic, 1.1);

    // (b) Each document's help of one command (the middle one of its list) against okapi --version.
    // The test suites' reading of INDEX.md, bundled: one parser for both.
    const helper = join(dir, 'openapi-corpus.mjs');
    await bundleHarness(join(repo, 'test/helpers/openapi-corpus.ts'), helper);
    const { corpusDocuments } = await import(helper);
    const helps = [];
    for (const [i, { file }] of corpusDocuments(corpus).entries()) {
      const api = `doc${i}`;
      execFileSync(node, [okapi, 'api', 'connect', api, server.url, '--spec', join(corpus, file), '--yes'], { env, stdio: 'ignore' });
      const names = commandNames(cacheDir, api);
      if (names.length === 0) continue; // webhooks only: no command to ask about
      helps.push({ file, api, command: names[Math.floor(names.length / 2)] });
    }
    const helpOut = openSync(join(dir, 'help.out'), 'w');
    const figures = timeTogether(
      [
        { label: 'okapi --version', command: node, args: [okapi, '--version'], env, stdout: helpOut },
        ...helps.map((h) => ({ label: `okapi ${h.api} ${h.command} --help`, command: node, args: [okapi, h.api, h.command, '--help'], env, stdout: helpOut })),
      ],
      { runs: 20, warmup: 3 },
    );
    const version = figures[0];
    // One row per document would drown the table: the worst one is the figure, the others are listed below it.
    const ranked = helps.map((h, i) => ({ ...h, ms: figures[i + 1] })).sort((a, b) => b.ms - a.ms);
    const worst = ranked[0];
    report.ratio(`okapi <api> <command> --help, worst of ${helps.length} documents: ${worst.file}`, worst.ms, 'okapi --version', version, 1.3);
    console.log(`okapi <api> <command> --help per document, against okapi --version (${version.toFixed(1)} ms):`);
    for (const h of ranked) console.log(`  ${(h.ms / version).toFixed(2)}×  ${h.ms.toFixed(1)} ms  ${h.file}: ${h.command}`);
    console.log('');
  } finally {
    server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const work = mkdtempSync(join(tmpdir(), 'okapi-bench-operations-'));
  const cleanEnv = { PATH: process.env.PATH, HOME: work, OKAPI_CONFIG: join(work, 'config.json'), XDG_CACHE_HOME: join(work, 'cache') };
  const report = new Report();
  try {
    await measure(report, { work, node: process.execPath, okapi: join(repo, 'dist/okapi.cjs'), cleanEnv });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  report.print();
}
