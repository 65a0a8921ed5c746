/**
 * The cost of one external hook call over spawning the same executable and reading its exit.
 * Bundled and run by test/bench/run.mjs; prints JSON medians.
 */
import { spawn } from 'node:child_process';
import { SubprocessRuntime } from '../../kernel/plugins/subprocess-runtime.js';
import type { PluginManifest } from '../../sdk/types.js';
import { testTokenStore } from '../helpers/host-services.js';

const [path, encoding, runsText] = process.argv.slice(2) as [string, 'cbor' | 'json', string];
const runs = Number(runsText);
const manifest: PluginManifest = { name: 'bench', okapi_api_version: 2, hooks: ['request-middleware'] };
const runtime = new SubprocessRuntime({ name: 'bench', path, encoding }, manifest, { logger: () => () => undefined, tokens: testTokenStore() });
const request = { request: { method: 'GET', url: 'http://127.0.0.1/', headers: { accept: ['*/*'] } } };

function spawnAndExit(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, ['--okapi-plugin-run', `--okapi-plugin-encoding=${encoding}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stdin.end();
    child.on('error', reject);
    child.on('exit', () => resolve());
  });
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const spawnTimes: number[] = [];
const callTimes: number[] = [];
for (let i = 0; i < runs + 3; i++) {
  let started = performance.now();
  await spawnAndExit();
  const spawnMs = performance.now() - started;
  started = performance.now();
  await runtime.call('request-middleware', request);
  const callMs = performance.now() - started;
  if (i >= 3) {
    spawnTimes.push(spawnMs);
    callTimes.push(callMs);
  }
}
process.stdout.write(JSON.stringify({ spawn: median(spawnTimes), call: median(callTimes) }));
