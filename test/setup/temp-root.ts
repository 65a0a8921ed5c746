/**
 * The whole run's temporary files live in one fresh directory (TMPDIR, which the test workers and
 * the okapi processes they start inherit). At the end it must be empty: anything left is a test,
 * or okapi itself, that does not clean up after itself, and the run fails naming it. Compile
 * caches (okapi's on Node 20, Node's own on 22 and later) are meant to outlive a run and are the
 * one exception.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCompileCache } from '../helpers/temp-dir.js';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'okapi-tests-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    const left = readdirSync(root).filter((name) => !isCompileCache(name));
    // What is inside says who left it: a config, a cache, a plugin's files.
    const inside = left.slice(0, 5).flatMap((name) => entriesOf(join(root, name)).slice(0, 10).map((entry) => `${name}/${entry}`));
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (left.length > 0) {
      // vitest reports an error thrown here but still exits 0: the exit code must say it too.
      process.exitCode = 1;
      throw new Error(`the tests left ${left.length} entries in the temporary directory: ${left.slice(0, 20).join(', ')}; inside: ${inside.join(', ') || 'nothing'}`);
    }
  };
}

function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
}
