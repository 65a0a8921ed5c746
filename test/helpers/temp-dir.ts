/**
 * Temporary directories for tests, removed after each test file (test/setup/remove-temp-dirs.ts).
 * Every test that needs a directory on disk takes it from here, so none is left behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const created = new Set<string>();

export function tempDir(prefix = 'okapi-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.add(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of created) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  created.clear();
}

/**
 * Whether a path in a temporary directory is a compile cache, meant to outlive the run that made
 * it: okapi's own on Node 20 (kernel/startup/code-cache.ts), Node's on 22 and later.
 */
export function isCompileCache(path: string): boolean {
  return /(^|\/)(okapi-compile-cache-|node-compile-cache(\/|$))/.test(path);
}
