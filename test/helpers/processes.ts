/** Waiting on processes a test did not start itself (a plugin's children), without clocks. */
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves once `pid` no longer runs: gone, or a zombie waiting to be reaped. The test's timeout guards it. */
export async function processGone(pid: number): Promise<void> {
  while (isRunning(pid)) await sleep(50);
}

/** Resolves with the file's contents once it exists (written by a plugin when it has started). */
export async function fileWritten(path: string): Promise<string> {
  while (!existsSync(path)) await sleep(50);
  return readFileSync(path, 'utf8');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
  // Linux: a killed process whose parent died lingers as a zombie until init reaps it.
  // Without /proc (not Linux), or reaped just now, the next look decides.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
