/**
 * okapi's one file writer: a temporary file beside the target, renamed over it, so readers see the
 * old file or the new one, never half of either. Each file is 0600 in a directory created 0700, and
 * a failed write removes its temporary file. `writeFileAtomic` writes while okapi works and reports
 * failures; `writeFileQuietly` writes the start-up caches at exit, synchronously (an exit handler
 * cannot wait) and silently (a cache must never fail the command). Start-up imports this file:
 * Node's modules beyond node:fs and node:path are asked for when a write needs them.
 */
import { mkdirSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { OkapiError } from '../../sdk/shared/errors.js';
import { withTemporaryFile } from '../../sdk/interrupt.js';
import { describeFsError } from '../../sdk/shared/fs-errors.js';

const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;
/** Never an existing file: one planted at the temporary name is not written through. */
const CREATE_NEW = 'wx';

/** How `writeFileAtomic` writes, by what the file is. */
export interface AtomicWriteChoices {
  /**
   * Flush the file, then its directory entry, to disk: for what okapi cannot rebuild. A cache file
   * damaged by a crash reads as missing and is rebuilt, not worth the fsync of a 4 MB description.
   */
  durable: boolean;
  /** The error a failed write becomes, from the file-system error that failed it. */
  failure: (target: string, cause: unknown) => OkapiError;
}

/** A file okapi cannot rebuild: the config, the token store. */
const KEPT_FILE: AtomicWriteChoices = {
  durable: true,
  failure: (target, cause) =>
    new OkapiError(`cannot write ${target}: ${describeFsError(cause)}`, {
      hint: `check the permissions of ${dirname(target)} and that the disk is not full`,
      cause,
    }),
};

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
 * config becomes 0600, and so does one the owner had made read-only), through a symlink to its
 * target. Missing directories are created (mode 0700).
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  choices: AtomicWriteChoices = KEPT_FILE,
): Promise<void> {
  const target = realFile(path);
  const dir = dirname(target);
  await makeDirectory(dir);

  const fs = process.getBuiltinModule('node:fs/promises');
  const temp = temporaryPath(target);
  let created = false;
  try {
    await withTemporaryFile(temp, async () => {
      const handle = await fs.open(temp, CREATE_NEW, FILE_MODE);
      created = true;
      try {
        await handle.writeFile(data);
        // The umask may have narrowed the creation mode; set exactly what was decided.
        await handle.chmod(FILE_MODE).catch(() => undefined); // some file systems refuse; the open mode stands
        if (choices.durable) await handle.sync();
      } finally {
        await handle.close();
      }
      await renameWithRetry(temp, target);
      created = false;
    });
  } catch (error) {
    if (created) await fs.unlink(temp).catch(() => undefined);
    throw choices.failure(target, error);
  }
  if (choices.durable) await syncDirectory(dir);
}

/**
 * Writes `data` to `path` atomically and synchronously, or not at all: a read-only or full cache
 * directory means running without the cache. Not through a symlink: the code cache lives in the
 * shared temporary directory.
 */
export function writeFileQuietly(path: string, data: string | Uint8Array): void {
  const temp = temporaryPath(path);
  try {
    mkdirSync(dirname(path), { recursive: true, mode: DIRECTORY_MODE });
    writeFileSync(temp, data, { mode: FILE_MODE, flag: CREATE_NEW });
    renameSync(temp, path);
  } catch {
    try {
      unlinkSync(temp);
    } catch {
      // Never created, or already renamed.
    }
  }
}

/** Creates `dir` and its missing parents (mode 0700), or says why it cannot. */
export async function makeDirectory(dir: string): Promise<void> {
  try {
    await process.getBuiltinModule('node:fs/promises').mkdir(dir, { recursive: true, mode: DIRECTORY_MODE });
  } catch (error) {
    throw new OkapiError(`cannot create directory ${dir}: ${describeFsError(error)}`, {
      hint: 'check the permissions of its parent directory, or choose another location',
      cause: error,
    });
  }
}

/** Hidden, beside the target (a rename stays on one file system), and unique to this write. */
function temporaryPath(target: string): string {
  const unique = process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex');
  return join(dirname(target), `.${basename(target)}.${process.pid}.${unique}.tmp`);
}

/**
 * On Windows a rename over a file that another process (an editor, a virus scanner) has open fails
 * for a moment with EPERM/EACCES/EBUSY; retry briefly before giving up.
 */
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await process.getBuiltinModule('node:fs/promises').rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const transient = process.platform === 'win32' && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY');
      if (!transient || attempt >= 5) throw error;
      await process.getBuiltinModule('node:timers/promises').setTimeout(20 * (attempt + 1));
    }
  }
}

/** Makes the rename itself durable; best effort (not possible on Windows or some file systems). */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await process.getBuiltinModule('node:fs/promises').open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the directory entry is a bonus, not a requirement.
  }
}
