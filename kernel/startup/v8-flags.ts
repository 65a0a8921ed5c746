/**
 * Whether this process changed V8 flags (the transport does, see transport/wasm-tiering.ts). A
 * code cache made after that is rejected by processes with default flags, so code-cache.ts only
 * refreshes caches when nothing changed. Kept on globalThis because the entry and the kernel are
 * separate built files, each with its own copy of this module.
 */
const KEY = Symbol.for('okapi.v8FlagsChanged');

export function noteV8FlagsChanged(): void {
  (globalThis as Record<symbol, unknown>)[KEY] = true;
}

export function v8FlagsChanged(): boolean {
  return (globalThis as Record<symbol, unknown>)[KEY] === true;
}
