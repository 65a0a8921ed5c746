/**
 * Which file a path names, and which version of it: a file replaced (written atomically, by
 * rename) gets another inode, one rewritten in place another size or modification time. A reader
 * that keeps what it parsed reuses it while the identity stays the same.
 */
import { statSync, type Stats } from 'node:fs';

/** The identity of what `fstat` or `stat` answered; '' for no file. */
export function identityOf(stats: Stats | undefined): string {
  return stats ? `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}` : '';
}

/** The identity of the file at `path` now; '' when there is none. */
export function fileIdentity(path: string): string {
  try {
    return identityOf(statSync(path));
  } catch {
    return '';
  }
}
