/**
 * The `okapi` executable, built as CommonJS on purpose: on Node 20 an ES module entry costs ~9 ms
 * of start-up by itself and each further module file ~0.5 ms (docs/design/003-start-up.md).
 * `--version` is answered before anything else is loaded, hence `require` in the other branch.
 */
declare const __OKAPI_VERSION__: string;

const argv = process.argv.slice(2);

if (argv.length === 1 && argv[0] === '--version') {
  // Straight to file descriptor 1: building process.stdout would cost ~2.5 ms.
  (require('node:fs') as typeof import('node:fs')).writeSync(1, `okapi ${__OKAPI_VERSION__}\n`);
} else {
  // Node 22+ caches compiled code between runs; on Node 20 code-cache.ts does it for our files.
  (require('node:module') as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const { requireCached } = require('./startup/code-cache.js') as typeof import('./startup/code-cache.js');
  const { join } = require('node:path') as typeof import('node:path');
  const kernel = requireCached(join(__dirname, 'kernel.cjs')) as typeof import('./entry.js');
  void kernel.main(argv);
}
