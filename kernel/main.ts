/**
 * The `okapi` executable, built as CommonJS on purpose: on Node 20 an ES module entry costs ~9 ms
 * of start-up by itself and each further module file ~0.5 ms (docs/design/003-start-up.md).
 * `--version`, and help whose rendered text is cached, are answered before the kernel loads.
 */
import type { HelpCache } from './startup/help-cache.js';

declare const __OKAPI_VERSION__: string;

function start(argv: string[]): void {
  const { writeSync } = require('node:fs') as typeof import('node:fs');
  if (argv.length === 1 && argv[0] === '--version') {
    // Straight to file descriptor 1: building process.stdout would cost ~2.5 ms.
    writeSync(1, `okapi ${__OKAPI_VERSION__}\n`);
    return;
  }
  const { join } = require('node:path') as typeof import('node:path');
  const kernelFile = join(__dirname, 'kernel.cjs');
  let helpCache: HelpCache | undefined;
  let cached: string | undefined;
  // A TAB: the completion answer kept for the words before the cursor.
  if (argv[0] === 'completion' && argv[1] === '__complete') {
    const cache = require('./startup/completion-cache.js') as typeof import('./startup/completion-cache.js');
    const completion = cache.completionCacheFor(argv, process.env, kernelFile, __OKAPI_VERSION__);
    helpCache = completion;
    cached = completion && cache.cachedCompletion(completion);
  }
  // Only `okapi --help`, `okapi <api>`, `okapi <api> --help` and an API command's `--help` can be
  // answered from the cache.
  else if (argv.length === 1 || (argv.length <= 4 && argv[argv.length - 1] === '--help')) {
    const cache = require('./startup/help-cache.js') as typeof import('./startup/help-cache.js');
    helpCache = cache.helpCacheFor(argv, process.env, kernelFile, __OKAPI_VERSION__);
    cached = helpCache && cache.cachedHelp(helpCache);
  }
  if (cached !== undefined) {
    writeSync(1, cached);
    return;
  }
  // okapi's own files load through code-cache.ts on every Node; Node 22+ caches the packages' code.
  const { hasBuiltinCompileCache, requireCached } = require('./startup/code-cache.js') as typeof import('./startup/code-cache.js');
  if (hasBuiltinCompileCache()) (require('node:module') as { enableCompileCache: () => unknown }).enableCompileCache();
  const kernel = requireCached(kernelFile) as typeof import('./entry.js');
  void kernel.main(argv, helpCache);
}

start(process.argv.slice(2));
