/**
 * V8 flags okapi changes while it runs (the transport lowers WebAssembly tiering, see
 * transport/wasm-tiering.ts), and what sets them back. A code cache made while the flags differ
 * from the ones the process started with is rejected by every later process, so code-cache.ts
 * sets them back at exit, when no more code runs, before it refreshes a cache. Kept on globalThis
 * because the entry and the kernel are separate built files, each with its own copy of this module.
 */
const KEY = Symbol.for('okapi.v8FlagsToPutBack');

/** `putBack`: the flags that give V8 its flags of the start again. */
export function noteV8FlagsChanged(putBack: string[]): void {
  (globalThis as Record<symbol, unknown>)[KEY] = putBack;
}

/** Sets back the flags okapi changed, for good: only when no more code runs (at exit). */
export function putV8FlagsBack(): void {
  const putBack = (globalThis as Record<symbol, unknown>)[KEY] as string[] | undefined;
  if (!putBack) return;
  const v8 = process.getBuiltinModule('node:v8');
  for (const flag of putBack) v8.setFlagsFromString(flag);
  (globalThis as Record<symbol, unknown>)[KEY] = undefined;
}
