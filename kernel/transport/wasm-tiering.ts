/**
 * The exit-time remedy for Node 20. undici parses HTTP/1.1 with llhttp compiled to WebAssembly;
 * V8 compiles it with Liftoff and tiers hot functions up with TurboFan in the background, and at
 * process teardown waits for that background work: about 110 ms of idle time after the last byte
 * of a 1 KiB response on this machine. Compiling the module with `--liftoff-only` removes the
 * wait (tail 6 ms), and measured no slower on a 50 MiB body.
 *
 * The flag matters only while a module is compiled, so it is set just before okapi's first
 * request and lifted as soon as undici has compiled llhttp (its first HTTP/1.1 connection). On
 * Node 20 lifting it leaves tier-up off for the rest of the run (WebAssembly compiled later, a jq
 * engine say, runs on Liftoff too): turning tier-up back on makes llhttp tier up as it runs, and
 * the wait at exit comes back. At exit every flag is set back, so code caches can be refreshed
 * (startup/v8-flags.ts).
 */
import v8 from 'node:v8';
import { noteV8FlagsChanged } from '../startup/v8-flags.js';

let state: 'untouched' | 'lowered' | 'restored' = 'untouched';

/** Called at the start of every request; does something only the first time. */
export function lowerWasmTiering(): void {
  if (state !== 'untouched') return;
  if (setByUser()) {
    state = 'restored'; // somebody chose the flags on purpose: leave them alone
    return;
  }
  v8.setFlagsFromString('--liftoff-only');
  // `--liftoff-only` turns tier-up off too, and on Node 20 `--no-liftoff-only` alone leaves it off.
  noteV8FlagsChanged(['--no-liftoff-only', '--wasm-tier-up', '--wasm-dynamic-tiering']);
  state = 'lowered';
}

/** Called once llhttp has been compiled (the first HTTP/1.1 connection), and at shutdown. */
export function restoreWasmTiering(): void {
  if (state !== 'lowered') return;
  v8.setFlagsFromString('--no-liftoff-only');
  state = 'restored';
}

function setByUser(): boolean {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  return /liftoff|wasm-tier/.test(flags);
}
