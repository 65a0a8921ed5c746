/**
 * Atomic file replacement: write a temporary file in the target's directory, flush it to disk, then
 * rename it over the target. Readers see the old file or the new one, never half of either.
 */

import { randomBytes } from 'node:crypto';
import { constants as fsConstants, realpathSync } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { OkapiError } from '../../sdk/shared/errors.js';
import { withTemporaryFile } from '../../sdk/interrupt.js';
import { describeFsError } from '../../sdk/shared/fs-errors.js';

const FILE_MODE = 0o600;

/**
 * The real file behind `path`: a symlinked config (dotfile managers do this) is updated in place of
 * its target instead of being replaced by a regular file, and every alias of it shares one lock.
 */
export function realFile(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Writes `data` to `path` atomically, as a file only its owner reads and writes (0600: a 0644
 * config becomes 0600, and so does one the owner had made read-only). Missing directories are
 * created (mode 0700).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const target = realFile(path);
  const dir = dirname(target);
  await makeDirectory(dir);

  const temp = join(dir, `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let created = false;
  try {
    await withTemporaryFile(temp, async () => {
      const handle = await open(temp, fsConstants.O_CREAT | fsConstants.O_EXCL | fsConstants.O_WRONLY, FILE_MODE);
      created = true;
      try {
        await handle.writeFile(data);
        // The umask may have narrowed the creation mode; set exactly what was decided.
        await handle.chmod(FILE_MODE).catch(() => undefined); // some file systems refuse; the open mode stands
        await handle.sync();
      } finally {
        await handle.close();
      }
      await renameWithRetry(temp, target);
      created = false;
    });
  } catch (error) {
    if (created) await unlink(temp).catch(() => undefined);
    throw new OkapiError(`cannot write ${target}: ${describeFsError(error)}`, {
      hint: `check the permissions of ${dir} and that the disk is not full`,
      cause: error,
    });
  }
  await syncDirectory(dir);
}

/** Creates `dir` and its missing parents (mode 0700), or says why it cannot. */
export async function makeDirectory(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new OkapiError(`cannot create directory ${dir}: ${describeFsError(error)}`, {
      hint: 'check the permissions of its parent directory, or choose another location',
      cause: error,
    });
  }
}

/**
 * On Windows a rename over a file that another process (an editor, a virus scanner) has open fails
 * for a moment with EPERM/EACCES/EBUSY; retry briefly before giving up.
 */
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const transient = process.platform === 'win32' && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY');
      if (!transient || attempt >= 5) throw error;
      await sleep(20 * (attempt + 1));
    }
  }
}

/** Makes the rename itself durable; best effort (not possible on Windows or some file systems). */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the directory entry is a bonus, not a requirement.
  }
}
