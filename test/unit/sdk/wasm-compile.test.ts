/**
 * sdk/wasm-compile.ts lowers V8's WebAssembly flags for one compile and sets them back. V8 marks a
 * code cache with a hash of its flags and rejects one made under others, which makes the flags
 * observable: a cache made before is rejected while they are lowered and accepted again after.
 */
import { Script } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledWithLiftoff } from '../../../sdk/wasm-compile.js';

const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } }).WebAssembly;

const source = 'function cached() { return 1; } cached();';
const cachedData = new Script(source, { filename: 'wasm-compile-probe-0.js' }).createCachedData();
let probes = 0;

/** Whether V8's flags are the ones `cachedData` was made under. */
function flagsAsBefore(): boolean {
  // Under a name of its own: V8 answers a script it compiled before under the same name from
  // memory, without looking at the cache given.
  return !new Script(source, { filename: `wasm-compile-probe-${++probes}.js`, cachedData }).cachedDataRejected;
}

const nodeOptions = process.env.NODE_OPTIONS;
afterEach(() => {
  if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = nodeOptions;
});

describe('compiledWithLiftoff', () => {
  it('compiles under other flags and sets them back when the compile returns', () => {
    let during: boolean | undefined;
    const module = compiledWithLiftoff(() => {
      during = flagsAsBefore();
      return new wasm.Module(EMPTY_MODULE);
    });
    expect(module).toBeInstanceOf(wasm.Module);
    expect(during).toBe(false);
    expect(flagsAsBefore()).toBe(true);
  });

  it('sets the flags back when the compile throws', () => {
    expect(() => compiledWithLiftoff(() => new wasm.Module(new Uint8Array([1, 2, 3])))).toThrow();
    expect(flagsAsBefore()).toBe(true);
  });

  it('leaves flags a user chose alone', () => {
    process.env.NODE_OPTIONS = '--no-wasm-tier-up';
    expect(compiledWithLiftoff(flagsAsBefore)).toBe(true);
  });
});
