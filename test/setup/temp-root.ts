/**
 * The whole run's temporary files live in one fresh directory (TMPDIR, which the test workers and
 * the okapi processes they start inherit). At the end it must be empty: anything left is a test,
 * or okapi itself, that does not clean up after itself, and the run fails naming it. okapi's V8
 * code cache is meant to outlive a run (kernel/startup/code-cache.ts) and is the one exception.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'okapi-tests-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    const left = readdirSync(root).filter((name) => !name.startsWith('okapi-compile-cache-'));
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (left.length > 0) {
      // vitest reports an error thrown here but still exits 0: the exit code must say it too.
      process.exitCode = 1;
      throw new Error(`the tests left ${left.length} entries in the temporary directory: ${left.slice(0, 20).join(', ')}`);
    }
  };
}
