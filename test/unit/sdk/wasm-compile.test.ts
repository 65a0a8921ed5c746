/**
 * sdk/wasm-compile.ts lowers V8's WebAssembly flags for one compile and sets them back. V8 marks a
 * code cache with a hash of its flags (`cachedDataVersionTag`) and rejects one made under others,
 * so the tag must be the one the process started with whenever no compile is running.
 */
import v8 from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledWithLiftoff } from '../../../sdk/wasm-compile.js';

const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } }).WebAssembly;
const startTag = v8.cachedDataVersionTag();
const execArgv = [...process.execArgv];

afterEach(() => {
  process.execArgv.splice(0, process.execArgv.length, ...execArgv);
});

describe('compiledWithLiftoff', () => {
  it('compiles under other flags and sets them back when the compile returns', () => {
    let during: number | undefined;
    const module = compiledWithLiftoff(() => {
      during = v8.cachedDataVersionTag();
      return new wasm.Module(EMPTY_MODULE);
    });
    expect(module).toBeInstanceOf(wasm.Module);
    expect(during).not.toBe(startTag);
    expect(v8.cachedDataVersionTag()).toBe(startTag);
  });

  it('sets the flags back when the compile throws', () => {
    expect(() => compiledWithLiftoff(() => new wasm.Module(new Uint8Array([1, 2, 3])))).toThrow();
    expect(v8.cachedDataVersionTag()).toBe(startTag);
  });

  it.each(['--no-wasm-tier-up', '--no-wasm_tier_up', '--liftoff-only'])('leaves the flags alone when node was given %s', (flag) => {
    process.execArgv.push(flag);
    expect(compiledWithLiftoff(() => v8.cachedDataVersionTag())).toBe(startTag);
  });
});
