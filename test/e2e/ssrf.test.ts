/**
 * No SSRF through redirects (issue #12, item 1): a public server cannot lead `api connect`,
 * `--spec`, `$ref` resolution or `api sync` to a loopback address through a redirect. Runs in a
 * network namespace made for the test (`unshare -n`) where 93.184.216.34 is served on the loopback
 * interface (test/fixtures/ssrf-namespace.mjs); skipped, saying why, where that is not possible.
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshHome, OKAPI_BIN } from '../helpers/run-okapi.js';

const PUBLIC = 'http://93.184.216.34';
const FIXTURE = resolve(import.meta.dirname, '../fixtures/ssrf-namespace.mjs');

const GOOD = {
  openapi: '3.0.3',
  info: { title: 'Good', version: '1' },
  paths: { '/a': { get: { operationId: 'getA', responses: { 200: { description: 'ok' } } } } },
};
/** What the loopback server answers: a description that must never be stored. */
const SECRET = { ...GOOD, info: { title: 'Internal only', version: '1' } };

interface Route {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

interface Step {
  code: number | null;
  stdout: string;
  stderr: string;
  loopbackHits: string[];
  publicHits: string[];
  config: string | null;
}

function namespaceProblem(): string | undefined {
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up && ip addr add 93.184.216.34/32 dev lo'], { encoding: 'utf8' });
  if (probe.error) return `unshare cannot run (${probe.error.message})`;
  if (probe.status !== 0) return `unshare -n with ip addr add failed: ${probe.stderr.trim()} (needs root or user namespaces)`;
  return undefined;
}

const problem = namespaceProblem();
if (problem) console.warn(`skipping the SSRF end-to-end tests: ${problem}`);

/** Runs okapi once per step inside a fresh network namespace; the namespace ends with the fixture. */
function inNamespace(steps: { args: string[]; routes: Record<string, Route> }[]): Promise<{ loopbackOrigin: string; steps: Step[] }> {
  const home = freshHome();
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...home.env };
  const scenario = { okapi: OKAPI_BIN, env, config: home.config, loopbackBody: SECRET, steps };
  return new Promise((resolvePromise, reject) => {
    // unshare execs the fixture, which kills okapi runs that hang: nothing outlives the test.
    const child = spawn('unshare', ['-n', process.execPath, FIXTURE, JSON.stringify(scenario)], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 28_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`the namespace fixture exited with ${code}: ${stderr}`));
      else resolvePromise(JSON.parse(stdout) as { loopbackOrigin: string; steps: Step[] });
    });
  });
}

/** The run failed with exit 1 naming the refused hop, asked the loopback server nothing, and stored nothing. */
function expectRefused(step: Step, from: string, to: string): void {
  expect(step.code, step.stderr).toBe(1);
  expect(step.stderr).toContain(`refusing to follow the redirect from ${from} to ${to}: 127.0.0.1 is a loopback address, and ${PUBLIC} is public`);
  expect(step.stderr).toContain('hint:');
  expect(step.loopbackHits).toEqual([]);
  expect(step.config ?? '').not.toContain('"pub"');
}

const connect = (...extra: string[]) => ['api', 'connect', 'pub', `${PUBLIC}/`, '--yes', ...extra];
const toLoopback = { status: 302, headers: { location: 'LOOPBACK/spec.json' } };
const linkTo = (target: string): Route => ({ headers: { link: `<${target}>; rel="service-desc"`, 'content-type': 'text/plain' }, body: 'root' });

describe.skipIf(problem !== undefined)('no SSRF through redirects (in a network namespace)', () => {
  it('a Link whose target redirects to loopback is refused, with or without --allow-cross-origin-spec; redirects on the public server are followed', async () => {
    const { loopbackOrigin, steps } = await inNamespace([
      { args: connect(), routes: { '/': linkTo('/r'), '/r': toLoopback } },
      { args: connect('--allow-cross-origin-spec'), routes: { '/': linkTo('/r'), '/r': toLoopback } },
      { args: connect(), routes: { '/': linkTo('/r'), '/r': { status: 302, headers: { location: '/spec.json' } }, '/spec.json': { body: GOOD } } },
    ]);
    expectRefused(steps[0]!, `${PUBLIC}/r`, `${loopbackOrigin}/spec.json`);
    expectRefused(steps[1]!, `${PUBLIC}/r`, `${loopbackOrigin}/spec.json`);
    const control = steps[2]!;
    expect(control.code, control.stderr).toBe(0);
    expect(control.stderr).toContain(`connected pub: 1 operation from ${PUBLIC}/spec.json`);
    expect(JSON.parse(control.config!).apis.pub.base_url).toBe(PUBLIC);
  });

  it('a well-known path that redirects to loopback is refused', async () => {
    const { loopbackOrigin, steps } = await inNamespace([{ args: connect(), routes: { '/openapi.json': toLoopback } }]);
    expectRefused(steps[0]!, `${PUBLIC}/openapi.json`, `${loopbackOrigin}/spec.json`);
  });

  it('a --spec URL that redirects to loopback is refused', async () => {
    const { loopbackOrigin, steps } = await inNamespace([{ args: connect('--spec', `${PUBLIC}/x`), routes: { '/x': toLoopback } }]);
    expectRefused(steps[0]!, `${PUBLIC}/x`, `${loopbackOrigin}/spec.json`);
  });

  it('a same-origin $ref that redirects to loopback is refused', async () => {
    const withRef = { ...GOOD, paths: { '/a': { $ref: '/paths/a.json' } } };
    const { loopbackOrigin, steps } = await inNamespace([
      { args: connect(), routes: { '/': linkTo('/spec.json'), '/spec.json': { body: withRef }, '/paths/a.json': { status: 307, headers: { location: 'LOOPBACK/a.json' } } } },
    ]);
    expectRefused(steps[0]!, `${PUBLIC}/paths/a.json`, `${loopbackOrigin}/a.json`);
  });

  it('api sync refuses a recorded source that now redirects to loopback, and keeps what it had', async () => {
    const { loopbackOrigin, steps } = await inNamespace([
      { args: connect(), routes: { '/': linkTo('/spec.json'), '/spec.json': { body: GOOD } } },
      { args: ['api', 'sync', 'pub'], routes: { '/': linkTo('/spec.json'), '/spec.json': toLoopback } },
    ]);
    const [connected, synced] = steps as [Step, Step];
    expect(connected.code, connected.stderr).toBe(0);
    expect(synced.code).toBe(1);
    expect(synced.stderr).toContain(`refusing to follow the redirect from ${PUBLIC}/spec.json to ${loopbackOrigin}/spec.json: 127.0.0.1 is a loopback address`);
    expect(synced.loopbackHits).toEqual([]);
    expect(synced.config).toBe(connected.config);
  });

  it('a plain request (okapi URL) follows the same redirect: the policy is for descriptions only', async () => {
    const { steps } = await inNamespace([{ args: [`${PUBLIC}/r`], routes: { '/r': toLoopback } }]);
    expect(steps[0]!.code, steps[0]!.stderr).toBe(0);
    expect(steps[0]!.loopbackHits).toEqual(['/spec.json']);
    expect(steps[0]!.stdout).toContain('Internal only');
  });
});
