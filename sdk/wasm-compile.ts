/**
 * Compiling a WebAssembly module for a short-lived process: with Liftoff, V8's baseline compiler,
 * alone, every function at once, and no tier-up. By default V8 compiles a function with Liftoff on
 * its first call and recompiles hot ones with TurboFan on background threads, and at exit the
 * process waits for that work: ~60–110 ms after the last byte of an https GET for undici's llhttp,
 * 31–39 ms after a small jq filter, on Node 20 (docs/design/003-start-up.md).
 *
 * V8 reads these flags when a module is compiled, so they are lowered for a synchronous compile
 * only and set back as soon as it returns: a module compiled later tiers as usual, and no file is
 * loaded under other flags. That matters because V8 marks a code cache with a hash of its flags and
 * rejects one made under others: okapi's caches (kernel/startup/code-cache.ts) were rewritten on
 * every https run while the flags stayed lowered for the whole request.
 *
 * In the SDK because the kernel's transport (undici's llhttp, patched in by scripts/build.mjs) and
 * the jq plugin compile this way, with one implementation.
 */
import v8 from 'node:v8';

const LOWERED = ['--liftoff-only', '--no-wasm-lazy-compilation'];
// V8's defaults. `--liftoff-only` turns tier-up off too, and on Node 20 `--no-liftoff-only` alone
// leaves it off; with every flag at its default, V8's flag hash is the one the process started with.
const DEFAULTS = ['--no-liftoff-only', '--wasm-tier-up', '--wasm-dynamic-tiering', '--wasm-lazy-compilation'];

/**
 * Runs `compile`, which compiles WebAssembly synchronously (`new WebAssembly.Module`), with
 * Liftoff alone and eagerly. Flags a user gave node for WebAssembly tiering are left as they are,
 * and `compile` runs under them.
 */
export function compiledWithLiftoff<T>(compile: () => T): T {
  if (chosenByUser()) return compile();
  for (const flag of LOWERED) v8.setFlagsFromString(flag);
  try {
    return compile();
  } finally {
    for (const flag of DEFAULTS) v8.setFlagsFromString(flag);
  }
}

// node's own arguments only: Node refuses V8's flags in NODE_OPTIONS. V8 reads `_` as `-`.
function chosenByUser(): boolean {
  return process.execArgv.some((arg) => /liftoff|wasm-tier|wasm-dynamic-tiering|wasm-lazy-compilation/.test(arg.replaceAll('_', '-')));
}
