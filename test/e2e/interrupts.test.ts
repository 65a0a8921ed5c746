/**
 * Interrupts at known points. okapi holds a lock and waits for another (planted by the test, owned
 * by this live process): interrupted there, it releases what it holds, leaves no temporary file,
 * prints nothing and exits 130 itself. And `config edit` with its editor open (an editor script
 * that says where its copy is, then waits for the test's word).
 */
import { readdirSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import type { ChildProcess } from 'node:child_process';
import { writeExecutable, writeSdkPlugin } from '../helpers/plugin-files.js';
import { fileWritten } from '../helpers/processes.js';
import { freshHome, startOkapi } from '../helpers/run-okapi.js';
import { hasScript, startOnTerminal } from '../helpers/terminal.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

/** Terminals a test started; one a failed test left running goes here, with okapi inside it. */
const terminals: ChildProcess[] = [];
afterEach(() => {
  for (const terminal of terminals.splice(0)) if (terminal.exitCode === null && terminal.signalCode === null) terminal.kill('SIGKILL');
});

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** Resolves with the lock file under `dir` that process `pid` has written, once it has. */
async function lockTaken(dir: string, pid: number): Promise<string> {
  for (;;) {
    const lock = filesUnder(dir).find((file) => file.endsWith('.lock') && ownerOf(join(dir, file)) === pid);
    if (lock !== undefined) return lock;
    await sleep(20);
  }
}

function ownerOf(lockFile: string): number | undefined {
  try {
    return (JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number }).pid;
  } catch {
    return undefined; // being written, or gone again
  }
}

describe('interrupts', () => {
  it('releases the lock it holds and exits 130 when Ctrl-C comes while api connect waits for the config lock', async () => {
    const home = freshHome();
    writeFileSync(home.config, '{ "apis": {} }\n');
    const planted = `${home.config}.lock`;
    writeFileSync(planted, `${JSON.stringify({ pid: process.pid, host: hostname(), time: Date.now(), token: 'test' })}\n`);
    const okapi = startOkapi(['api', 'connect', 'example', api.url], { env: home.env });
    const held = await Promise.race([
      lockTaken(home.dir, okapi.child.pid!),
      okapi.result.then((early) => Promise.reject(new Error(`okapi ended before taking a lock: ${early.stderr}`))),
    ]);
    okapi.child.kill('SIGINT');
    const result = await okapi.result;
    expect(held).toMatch(/example\.lock$/);
    expect(result.signal).toBeNull();
    expect(result.code).toBe(130);
    expect(result.stderr).toBe('');
    const left = filesUnder(home.dir);
    expect(left.filter((file) => file.endsWith('.lock') || file.includes('.tmp'))).toEqual(['config.json.lock']);
    expect(readFileSync(home.config, 'utf8')).toBe('{ "apis": {} }\n');
  });

  /** An editor that writes the path it was given to `opened`, waits for `release`, then saves `text`. */
  function waitingEditor(dir: string, text: string): { path: string; opened: string; release: string } {
    const opened = join(dir, 'opened');
    const release = join(dir, 'release');
    const path = writeExecutable(
      join(dir, 'editor'),
      `#!/bin/sh
printf '%s' "$1" > '${opened}.partial' && mv '${opened}.partial' '${opened}'
while [ ! -f '${release}' ]; do sleep 0.05; done
printf '%s' '${text}' > "$1"
`,
    );
    return { path, opened, release };
  }

  it('leaves Ctrl-C to the editor while config edit has it open, and saves the edit', async () => {
    const home = freshHome();
    writeFileSync(home.config, '{ "apis": {} }\n');
    const editor = waitingEditor(home.dir, '{ "apis": {} } // edited\n');
    const okapi = startOkapi(['config', 'edit'], { env: { ...home.env, EDITOR: editor.path } });
    const draft = await fileWritten(editor.opened);
    okapi.child.kill('SIGINT');
    // Node runs a signal's handler on a later turn of okapi's event loop: released at once, the
    // editor could be done before okapi even looks at the signal, which then ends it with 130.
    await sleep(300);
    writeFileSync(editor.release, '');
    const result = await okapi.result;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readFileSync(home.config, 'utf8')).toBe('{ "apis": {} } // edited\n');
    expect(existsSync(dirname(draft))).toBe(false);
  });

  it('removes the config edit copy when SIGTERM ends okapi while the editor is open', async () => {
    const home = freshHome();
    writeFileSync(home.config, '{ "apis": {} }\n');
    const editor = waitingEditor(home.dir, '{ "apis": {} } // edited\n');
    const okapi = startOkapi(['config', 'edit'], { env: { ...home.env, EDITOR: editor.path } });
    const draft = await fileWritten(editor.opened);
    okapi.child.kill('SIGTERM');
    const result = await okapi.result;
    writeFileSync(editor.release, '');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(143);
    expect(existsSync(dirname(draft))).toBe(false);
    expect(readFileSync(home.config, 'utf8')).toBe('{ "apis": {} }\n');
  });

  it.skipIf(!hasScript)('ends a question a command plugin asks on the terminal at Ctrl-C, stopping the plugin, with exit 130', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'asker',
      `{
        manifest: { name: 'asker', okapi_api_version: 2, hooks: ['command'] },
        commands: [{ name: 'ask', short: 'Asks for a token' }],
        hooks: { async command(init, ctx) { await ctx.prompt('Token?', { secret: true }); return 0; } },
      }`,
    );
    const terminal = startOnTerminal(['ask'], home.env, ['pipe', 'pipe', 'ignore']);
    terminals.push(terminal);
    const ended = new Promise<number | null>((resolve) => terminal.on('close', resolve));
    let shown = '';
    await new Promise<void>((resolve) => {
      terminal.stdout!.on('data', (chunk: Buffer) => {
        shown += chunk.toString('utf8');
        if (shown.includes('Token?')) resolve();
      });
    });
    terminal.stdin!.write('\u0003');
    expect(await ended).toBe(130);
    expect(shown).not.toContain('okapi:');
  });

  it('exits 130, printing nothing, when Ctrl-C comes while a server keeps okapi waiting', async () => {
    let connected!: () => void;
    const reached = new Promise<void>((resolve) => {
      connected = resolve;
    });
    const sockets: Socket[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const home = freshHome();
      const okapi = startOkapi(['get', `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`], { env: home.env });
      await reached;
      okapi.child.kill('SIGINT');
      const result = await okapi.result;
      expect(result.signal).toBeNull();
      expect(result.code).toBe(130);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe('');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
