import { spawnSync } from 'node:child_process';
import { readdir, readFile, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OkapiError } from '../../../sdk/shared/errors.js';
import { withFileLock } from '../../../kernel/config/lock.js';
import { useTempDirs } from './helpers.js';

const tempDir = useTempDirs();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  if (child.pid === undefined) throw new Error('could not spawn a process');
  return child.pid;
}

function lockContent(pid: number, time = Date.now(), host = hostname()): string {
  return JSON.stringify({ pid, host, time, token: 'someone-else' });
}

describe('withFileLock', () => {
  it('holds <path>.lock with this pid while running and removes it afterwards', async () => {
    const dir = await tempDir();
    const file = join(dir, 'config.json');
    const before = Date.now();
    const result = await withFileLock(file, async () => {
      const held = JSON.parse(await readFile(`${file}.lock`, 'utf8')) as { pid: number; time: number };
      expect(held.pid).toBe(process.pid);
      // The time it was taken: between the call and now (a stamp, not a limit on how long it took).
      expect(held.time).toBeGreaterThanOrEqual(before);
      expect(held.time).toBeLessThanOrEqual(Date.now());
      return 'done';
    });
    expect(result).toBe('done');
    expect(await readdir(dir)).toEqual([]);
  });

  it('releases the lock when the critical section throws', async () => {
    const dir = await tempDir();
    const file = join(dir, 'config.json');
    await expect(
      withFileLock(file, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await readdir(dir)).toEqual([]);
    expect(await withFileLock(file, async () => 'again')).toBe('again');
  });

  it('creates a missing directory for the lock', async () => {
    const file = join(await tempDir(), 'deep', 'er', 'config.json');
    expect(await withFileLock(file, async () => 1)).toBe(1);
  });

  it('runs same-process critical sections one at a time', async () => {
    const file = join(await tempDir(), 'config.json');
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        withFileLock(file, async () => {
          inside++;
          most = Math.max(most, inside);
          await sleep(1);
          order.push(i);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i)); // first come, first served
  });

  it('times out on a live holder, naming the lock file and the pid', async () => {
    const file = join(await tempDir(), 'config.json');
    // This process is alive, and the lock is fresh: it must be respected.
    const held = lockContent(process.pid);
    await writeFile(`${file}.lock`, held);
    const error = await withFileLock(file, async () => 'never', { timeoutMs: 150 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OkapiError);
    expect((error as OkapiError).message).toBe(
      `timed out after 150 ms waiting for the lock ${file}.lock (held by pid ${process.pid})`,
    );
    expect((error as OkapiError).hint).toBe(`if no okapi process is running, remove ${file}.lock`);
    expect(await readFile(`${file}.lock`, 'utf8')).toBe(held); // untouched
  });

  it('times out behind a critical section of this process, and the queue goes on after it', async () => {
    const file = join(await tempDir(), 'config.json');
    let release!: () => void;
    const first = withFileLock(file, () => new Promise<void>((done) => (release = done)));
    const error = await withFileLock(file, async () => 'never', { timeoutMs: 150 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OkapiError);
    expect((error as OkapiError).message).toBe(`timed out after 150 ms waiting for the lock ${file}.lock (held by pid ${process.pid})`);
    release();
    await first;
    expect(await withFileLock(file, async () => 'next')).toBe('next');
  });

  it('waits for a live holder that lets go', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(`${file}.lock`, lockContent(process.pid));
    setTimeout(() => void unlink(`${file}.lock`), 60);
    expect(await withFileLock(file, async () => 'got it', { timeoutMs: 2_000 })).toBe('got it');
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = await tempDir();
    const file = join(dir, 'config.json');
    await writeFile(`${file}.lock`, lockContent(deadPid()));
    // Waiting out the live-holder time-out instead would outlast the test's own time-out.
    expect(await withFileLock(file, async () => 'mine', { timeoutMs: 120_000 })).toBe('mine');
    expect(await readdir(dir)).toEqual([]); // no takeover guard or set-aside files left
  });

  it('takes over a lock older than 30 s even if its pid is alive', async () => {
    const file = join(await tempDir(), 'config.json');
    const old = Date.now() - 31_000;
    await writeFile(`${file}.lock`, lockContent(process.pid, old));
    await utimes(`${file}.lock`, old / 1000, old / 1000);
    expect(await withFileLock(file, async () => 'mine', { timeoutMs: 1_000 })).toBe('mine');
  });

  it('does not trust a pid written on another host, only the age', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(`${file}.lock`, lockContent(deadPid(), Date.now(), 'another-host.example'));
    const error = await withFileLock(file, async () => 'never', { timeoutMs: 100 }).catch((caught: unknown) => caught);
    expect((error as OkapiError).message).toMatch(/held by pid \d+ on another-host\.example\)$/);
  });

  it('treats an unreadable lock by its age: fresh is respected, old is taken over', async () => {
    const file = join(await tempDir(), 'config.json');
    await writeFile(`${file}.lock`, 'garbage');
    const error = await withFileLock(file, async () => 'never', { timeoutMs: 100 }).catch((caught: unknown) => caught);
    expect((error as OkapiError).message).toContain('(held by an unknown process)');
    const old = (Date.now() - 60_000) / 1000;
    await utimes(`${file}.lock`, old, old);
    expect(await withFileLock(file, async () => 'mine', { timeoutMs: 1_000 })).toBe('mine');
  });
});
