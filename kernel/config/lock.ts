/**
 * An advisory lock between okapi processes: `<path>.lock`, created exclusively, holding the owner's
 * pid, host, a timestamp and a random token. Writers of a shared file take it around
 * read-modify-write so concurrent invocations never lose an entry (DESIGN.md §4).
 *
 * A lock whose owner is gone (its pid is not alive on this host) or that is older than
 * STALE_LOCK_MS is stale. Stale locks are removed under a short-lived `<path>.lock.takeover` guard
 * and only after checking that the lock file is still the one judged stale, so two waiters cannot
 * both "take over" and end up holding the lock together. An owner refreshes its lock's mtime while
 * it works, so a long critical section is not mistaken for a stale one.
 *
 * Within one process, callers for the same path queue in memory first, so in-process concurrency
 * costs no polling. The lock is not reentrant: calling withFileLock for a path from inside its own
 * critical section waits for itself and times out.
 */

import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { OkapiError } from '../../sdk/shared/errors.js';
import { describeFsError } from '../../sdk/shared/fs-errors.js';
import { onInterrupt } from '../../sdk/interrupt.js';
import { makeDirectory } from './atomic-write.js';

export interface FileLockOptions {
  /** How long to wait for the lock before failing; default 10 s. */
  timeoutMs?: number;
}

const DEFAULT_LOCK_TIMEOUT_MS = 10_000;
/** A lock not refreshed for this long is considered abandoned. */
const STALE_LOCK_MS = 30_000;
/** The takeover guard is held for a few milliseconds; older than this, its owner is stuck or gone. */
const STALE_GUARD_MS = 5_000;
const FIRST_DELAY_MS = 5;
const MAX_DELAY_MS = 100;

interface LockOwner {
  pid: number;
  host: string;
  time: number;
  token: string;
}

/** What is on disk at a lock path: enough to recognise the same file later. */
interface LockSnapshot {
  raw: string;
  owner: LockOwner | undefined;
  ino: number;
  mtimeMs: number;
}

const queues = new Map<string, Promise<void>>();

export async function withFileLock<T>(path: string, fn: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  const lockPath = `${resolve(path)}.lock`;
  const deadline = Date.now() + timeoutMs;

  const previous = queues.get(lockPath);
  let leave!: () => void;
  const turn = new Promise<void>((done) => {
    leave = done;
  });
  const tail = previous === undefined ? turn : previous.then(() => turn);
  queues.set(lockPath, tail);
  let forget: (() => void) | undefined;
  try {
    if (previous !== undefined) await waitForTurn(previous, lockPath, deadline, timeoutMs);
    const token = randomBytes(8).toString('hex');
    // Interrupted, okapi ends without leaving this section: a lock it wrote must not outlive it.
    forget = onInterrupt(() => release(lockPath, token));
    await acquire(lockPath, token, deadline, timeoutMs);
    const heartbeat = setInterval(() => {
      const now = new Date();
      utimes(lockPath, now, now).catch(() => undefined);
    }, STALE_LOCK_MS / 3);
    heartbeat.unref();
    try {
      return await fn();
    } finally {
      clearInterval(heartbeat);
      await release(lockPath, token);
    }
  } finally {
    forget?.();
    leave();
    if (queues.get(lockPath) === tail) queues.delete(lockPath);
  }
}

async function waitForTurn(previous: Promise<void>, lockPath: string, deadline: number, timeoutMs: number): Promise<void> {
  const stop = new AbortController();
  // Stopped once the turn comes: the rejection that stopping causes is no timeout.
  const timedOut = sleep(Math.max(0, deadline - Date.now()), 'timeout' as const, { signal: stop.signal }).catch(() => undefined);
  try {
    if ((await Promise.race([previous, timedOut])) === 'timeout') throw timeoutError(lockPath, await snapshot(lockPath), timeoutMs);
  } finally {
    stop.abort();
  }
}

/** Creates the lock file holding `token`, waiting and taking over stale locks as needed. */
async function acquire(lockPath: string, token: string, deadline: number, timeoutMs: number): Promise<void> {
  await makeDirectory(dirname(lockPath));
  let delay = FIRST_DELAY_MS;
  for (;;) {
    if (await tryCreate(lockPath, token)) return;

    const holder = await snapshot(lockPath);
    if (holder !== undefined && isStale(holder, STALE_LOCK_MS) && (await takeOver(lockPath, holder))) continue;
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw timeoutError(lockPath, holder, timeoutMs);
    if (holder === undefined) continue; // released between our attempt and our look: try again now
    await sleep(Math.min(remaining, delay / 2 + (Math.random() * delay) / 2));
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }
}

/** Exclusive create of a lock-like file holding this process as owner; false when it exists. */
async function tryCreate(file: string, token: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new OkapiError(`cannot create lock file ${file}: ${describeFsError(error)}`, {
      hint: `check the permissions of ${dirname(file)}`,
      cause: error,
    });
  }
  try {
    const owner: LockOwner = { pid: process.pid, host: hostname(), time: Date.now(), token };
    await handle.writeFile(`${JSON.stringify(owner)}\n`);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw new OkapiError(`cannot write lock file ${file}: ${describeFsError(error)}`, {
      hint: `check that the disk holding ${dirname(file)} is not full`,
      cause: error,
    });
  }
  await handle.close();
  return true;
}

async function release(lockPath: string, token: string): Promise<void> {
  const current = await snapshot(lockPath);
  // Only remove our own lock: if it was taken over, the file now belongs to someone else.
  if (current?.owner?.token === token) await unlink(lockPath).catch(() => undefined);
}

async function snapshot(file: string): Promise<LockSnapshot | undefined> {
  try {
    const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { raw, owner: parseOwner(raw), ino: info.ino, mtimeMs: info.mtimeMs };
  } catch {
    return undefined; // gone (or unreadable, which the next create attempt reports)
  }
}

function parseOwner(raw: string): LockOwner | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, host, time, token } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof time !== 'number') return undefined;
    return { pid, time, host: typeof host === 'string' ? host : '', token: typeof token === 'string' ? token : '' };
  } catch {
    return undefined; // being written right now, or not ours: judged by its age alone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'; // EPERM: alive, someone else's
  }
}

function isStale(lock: LockSnapshot, maxAgeMs: number): boolean {
  const refreshed = Math.max(lock.owner?.time ?? 0, lock.mtimeMs);
  if (Date.now() - refreshed > maxAgeMs) return true;
  const owner = lock.owner;
  // A pid only means something on the host that wrote it (a home directory may be shared).
  return (
    owner !== undefined &&
    owner.host === hostname() &&
    Number.isInteger(owner.pid) &&
    owner.pid > 0 &&
    !isAlive(owner.pid)
  );
}

function sameFile(a: LockSnapshot, b: LockSnapshot): boolean {
  return a.raw === b.raw && a.ino === b.ino && a.mtimeMs === b.mtimeMs;
}

/**
 * Removes the stale lock `seen`, if it is still there, under the takeover guard. Returns true when
 * the caller should retry creating the lock at once.
 */
async function takeOver(lockPath: string, seen: LockSnapshot): Promise<boolean> {
  const guardPath = `${lockPath}.takeover`;
  if (!(await tryCreate(guardPath, randomBytes(8).toString('hex')))) {
    const guard = await snapshot(guardPath);
    if (guard !== undefined && isStale(guard, STALE_GUARD_MS)) await removeIfUnchanged(guardPath, guard);
    return false;
  }
  try {
    const current = await snapshot(lockPath);
    if (current === undefined) return true;
    if (!sameFile(current, seen)) return false;
    return await removeIfUnchanged(lockPath, current);
  } finally {
    await unlink(guardPath).catch(() => undefined);
  }
}

/**
 * Moves `file` aside atomically, and deletes it only if it is the file judged stale; a file that
 * changed in between is put back (link fails rather than overwrite a newer one).
 */
async function removeIfUnchanged(file: string, seen: LockSnapshot): Promise<boolean> {
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(file, aside);
  } catch {
    return true; // already gone
  }
  const moved = await snapshot(aside);
  if (moved !== undefined && !sameFile(moved, seen)) {
    await link(aside, file).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
  return moved === undefined || sameFile(moved, seen);
}

function timeoutError(lockPath: string, holder: LockSnapshot | undefined, timeoutMs: number): OkapiError {
  const owner = holder?.owner;
  const who =
    owner === undefined
      ? 'held by an unknown process'
      : `held by pid ${owner.pid}${owner.host !== '' && owner.host !== hostname() ? ` on ${owner.host}` : ''}`;
  const seconds = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  return new OkapiError(`timed out after ${seconds} waiting for the lock ${lockPath} (${who})`, {
    hint: `if no okapi process is running, remove ${lockPath}`,
  });
}
