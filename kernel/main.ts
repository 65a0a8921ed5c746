/**
 * The `okapi` executable. `--version` is answered before anything else is imported: start-up time
 * is a feature, and this path must cost no more than Node itself.
 */
import module from 'node:module';

declare const __OKAPI_VERSION__: string;

const argv = process.argv.slice(2);

if (argv.length === 1 && argv[0] === '--version') {
  process.stdout.write(`okapi ${__OKAPI_VERSION__}\n`);
} else {
  // Node 22+ caches compiled code between runs; Node 20 has no such cache and skips this.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const { run } = await import('./cli/run.js');
  const { shutdown } = await import('./shutdown.js');
  process.exitCode = await run(argv);
  await shutdown();
}
