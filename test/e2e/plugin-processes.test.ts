/**
 * A plugin cannot hold okapi past its deadline, nor outlive it when okapi is interrupted: the
 * plugin runs in a process group of its own, and the processes it started (here a `sleep` that
 * holds the plugin's pipes, one of them deaf to SIGTERM) go with it.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { writeExecutable } from '../helpers/plugin-files.js';
import { fileWritten, processGone } from '../helpers/processes.js';
import { freshHome, runOkapi, startOkapi } from '../helpers/run-okapi.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

/** Every process the plugins reported starting; whatever okapi failed to stop is killed here. */
const reported: number[] = [];
afterEach(() => {
  for (const pid of reported.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
});

/**
 * A shell plugin that, when run for a session (or for every question when `manifest` is absent),
 * starts a `sleep` that ignores SIGTERM and holds its pipes, writes "<its pid> <sleep's pid>" to
 * `pidFile`, and waits.
 */
function writeStallingPlugin(dir: string, pidFile: string, manifest?: object): void {
  const answer = manifest ? `if [ "$1" = --okapi-plugin-manifest ]; then printf '%s' '${JSON.stringify(manifest)}'; exit 0; fi\n` : '';
  writeExecutable(
    join(dir, 'okapi-stall'),
    `#!/bin/sh
${answer}(trap '' TERM; exec sleep 300) &
echo "$$ $!" > '${pidFile}.partial' && mv '${pidFile}.partial' '${pidFile}'
wait
`,
  );
}

async function stallingPids(pidFile: string): Promise<number[]> {
  const pids = (await fileWritten(pidFile)).trim().split(' ').map(Number);
  reported.push(...pids);
  return pids;
}

describe('plugin processes', () => {
  it('stops a plugin and the processes it started at its hook deadline, without waiting on their pipes', async () => {
    const home = freshHome();
    const pidFile = join(home.dir, 'pids');
    writeStallingPlugin(home.plugins, pidFile, {
      name: 'stall',
      okapi_api_version: 2,
      hooks: ['request-middleware'],
      hook_timeouts: { 'request-middleware': '1s' },
    });
    const result = await runOkapi(['get', `${api.url}/anything`], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('plugin stall: did not finish the request-middleware hook within its 1s deadline and was stopped');
    for (const pid of await stallingPids(pidFile)) await processGone(pid);
  });

  it('does not wait on pipes held by what a plugin left running after answering, and leaves that alone', async () => {
    const home = freshHome();
    const pidFile = join(home.dir, 'pids');
    const manifest = { name: 'leaver', okapi_api_version: 2, hooks: ['request-middleware'] };
    writeExecutable(
      join(home.plugins, 'okapi-leaver'),
      `#!/bin/sh
if [ "$1" = --okapi-plugin-manifest ]; then printf '%s' '${JSON.stringify(manifest)}'; exit 0; fi
read -r hook
sleep 300 &
echo "$!" > '${pidFile}'
echo '{"type":"result","output":{"headers":{"X-Left":"yes"}}}'
`,
    );
    const result = await runOkapi(['get', `${api.url}/anything`, '-o', 'json'], { env: home.env });
    const [leftover] = await stallingPids(pidFile);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).headers['x-left']).toBe('yes');
    expect(() => process.kill(leftover!, 0)).not.toThrow();
  });

  it('stops a plugin that does not answer its manifest question, and what it started', async () => {
    const home = freshHome();
    const pidFile = join(home.dir, 'pids');
    writeStallingPlugin(home.plugins, pidFile);
    const result = await runOkapi(['plugin', 'list'], { env: home.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/stall .*refused: did not answer --okapi-plugin-manifest within 5s/);
    for (const pid of await stallingPids(pidFile)) await processGone(pid);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('stops a running plugin and what it started when okapi gets %s, then exits %i', async (signal, code) => {
    const home = freshHome();
    const pidFile = join(home.dir, 'pids');
    writeStallingPlugin(home.plugins, pidFile, { name: 'stall', okapi_api_version: 2, hooks: ['request-middleware'] });
    const okapi = startOkapi(['get', `${api.url}/anything`], { env: home.env });
    const pids = await Promise.race([
      stallingPids(pidFile),
      okapi.result.then((early) => Promise.reject(new Error(`okapi ended before the plugin started: ${early.stderr}`))),
    ]);
    okapi.child.kill(signal);
    const result = await okapi.result;
    expect(result.signal).toBeNull();
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('');
    for (const pid of pids) await processGone(pid);
  });
});
