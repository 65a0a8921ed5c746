/**
 * Concurrent writers must never lose an entry: many updates in one process, and real child
 * processes racing the same config file and lock. The children run the real kernel modules,
 * bundled to plain JavaScript with esbuild (Node 20 cannot import TypeScript directly).
 */

import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../kernel/config/read.js';
import { updateConfig } from '../../../kernel/config/store.js';
import { useTempDirs } from './helpers.js';

const tempDir = useTempDirs();
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

type Build = typeof import('esbuild').build;
const esbuild: Build | undefined = await import('esbuild').then(
  (module) => module.build,
  () => undefined,
);
if (esbuild === undefined) console.warn('esbuild is not installed: skipping the multi-process config tests');

const WORKER = `
import { appendFileSync } from 'node:fs';
import { updateConfig, withFileLock } from './okapi-config.mjs';
const [mode, file, id, count] = process.argv.slice(2);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
for (let i = 0; i < Number(count); i++) {
  if (mode === 'update') {
    await updateConfig(file, (config) => {
      config.plugins = { ...config.plugins, [\`child\${id}-\${i}\`]: { enabled: i % 2 === 0 } };
    });
  } else {
    await withFileLock(file, async () => {
      appendFileSync(file + '.log', \`enter \${id}\\n\`);
      await sleep(2);
      appendFileSync(file + '.log', \`exit \${id}\\n\`);
    });
  }
}
`;

let workDir = '';

beforeAll(async () => {
  if (esbuild === undefined) return;
  workDir = await mkdtemp(join(tmpdir(), 'okapi-config-workers-'));
  await esbuild({
    stdin: {
      contents: `export { updateConfig } from './kernel/config/store.ts';\nexport { withFileLock } from './kernel/config/lock.ts';\n`,
      resolveDir: repoRoot,
      sourcefile: 'okapi-config-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    outfile: join(workDir, 'okapi-config.mjs'),
    logLevel: 'silent',
  });
  await writeFile(join(workDir, 'worker.mjs'), WORKER);
});

afterAll(async () => {
  if (workDir !== '') await rm(workDir, { recursive: true, force: true });
});

function runWorker(mode: 'update' | 'lock', file: string, id: number, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(workDir, 'worker.mjs'), mode, file, String(id), String(count)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`worker ${id} exited with ${code}: ${stderr}`)),
    );
  });
}

describe('concurrent config updates', () => {
  it('50 concurrent in-process updates all land, comments intact', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(file, '{\n  // keep me\n  "plugins": {}\n}\n');
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        updateConfig(file, (config) => {
          config.plugins![`key${i}`] = { enabled: i % 2 === 0 };
        }),
      ),
    );
    const { config, text } = readConfig(file);
    expect(Object.keys(config.plugins as object)).toHaveLength(50);
    expect(text).toContain('// keep me');
    expect(await readdir(join(file, '..'))).toEqual(['config.json']);
  });

  it.skipIf(esbuild === undefined)('4 processes and 50 in-process updates racing lose no key', async () => {
    const file = join(workDir, 'shared.json');
    await writeFile(file, '{\n  // shared by everyone\n  "plugins": {}\n}\n');
    const children = [1, 2, 3, 4].map((id) => runWorker('update', file, id, 15));
    const local = Array.from({ length: 50 }, (_, i) =>
      updateConfig(file, (config) => {
        config.plugins = { ...config.plugins, [`local-${i}`]: { enabled: i % 2 === 0 } };
      }),
    );
    await Promise.all([...children, ...local]);
    const { config, text } = readConfig(file);
    const keys = Object.keys(config.plugins as object);
    expect(keys).toHaveLength(4 * 15 + 50);
    for (const id of [1, 2, 3, 4]) for (let i = 0; i < 15; i++) expect(keys).toContain(`child${id}-${i}`);
    expect(text).toContain('// shared by everyone');
    const leftovers = (await readdir(workDir)).filter((name) => name.startsWith('.') || name.endsWith('.lock'));
    expect(leftovers).toEqual([]);
  });

  it.skipIf(esbuild === undefined)('processes racing to take over a stale lock never overlap', async () => {
    const file = join(workDir, 'stale.json');
    // A holder that dies while everyone waits: all workers find its lock stale at about the same time.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const exited = new Promise((done) => holder.on('exit', done));
    await writeFile(`${file}.lock`, JSON.stringify({ pid: holder.pid, host: hostname(), time: Date.now(), token: 'x' }));
    const workers = [1, 2, 3, 4].map((id) => runWorker('lock', file, id, 10));
    await new Promise((done) => setTimeout(done, 250));
    holder.kill('SIGKILL');
    await exited;
    await Promise.all(workers);
    const log = (await readFile(`${file}.log`, 'utf8')).trim().split('\n');
    expect(log).toHaveLength(4 * 2 * 10);
    for (let i = 0; i < log.length; i += 2) {
      const id = log[i]?.split(' ')[1];
      expect([log[i], log[i + 1]]).toEqual([`enter ${id}`, `exit ${id}`]);
    }
  });
});
