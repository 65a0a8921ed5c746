/**
 * Writes a cache file atomically (temporary file, then rename) in a private directory. A cache is
 * an optimisation: failing to write one must never fail the command, so failures are swallowed.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function writeQuietly(path: string, data: string | Uint8Array): void {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, path);
  } catch {
    // Read-only or full cache directory: run without the cache.
  }
}
