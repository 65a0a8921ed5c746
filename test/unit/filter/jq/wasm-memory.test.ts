import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { memoryLimits, raiseMemoryMaximum } from '../../../../plugins-builtin/jq/wasm-memory.js';

const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object; validate(bytes: Uint8Array): boolean } }).WebAssembly;

const HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
/** A module with one memory section holding the given limits bytes, then an export of it. */
function moduleWith(limits: number[]): Uint8Array {
  const memory = [0x01, ...limits];
  const exports = [0x01, 0x03, 0x6d, 0x65, 0x6d, 0x02, 0x00]; // "mem", memory 0
  return Uint8Array.from([...HEADER, 0x05, memory.length, ...memory, 0x07, exports.length, ...exports]);
}

describe('raising the memory maximum of a WebAssembly module', () => {
  it("jq-wasm's jq.wasm: 16 MiB to start, 256 MiB at most, raised to 4 GiB and still valid", () => {
    const path = createRequire(import.meta.url).resolve('jq-wasm/jq.wasm');
    const original = new Uint8Array(readFileSync(path));
    expect(memoryLimits(original)).toEqual({ min: 256, max: 4096 });
    const raised = raiseMemoryMaximum(original, 65536)!;
    expect(memoryLimits(raised)).toEqual({ min: 256, max: 65536 });
    expect(raised.length).toBe(original.length + 1); // 65,536 takes three LEB128 bytes, 4,096 two
    expect(wasm.validate(raised)).toBe(true);
  });

  it('rewrites a maximum, or adds one to a memory that had none', () => {
    const withMax = moduleWith([0x01, 0x01, 0x02]);
    expect(memoryLimits(withMax)).toEqual({ min: 1, max: 2 });
    expect(memoryLimits(raiseMemoryMaximum(withMax, 300)!)).toEqual({ min: 1, max: 300 });
    const noMax = moduleWith([0x00, 0x01]);
    expect(memoryLimits(noMax)).toEqual({ min: 1, max: undefined });
    const raised = raiseMemoryMaximum(noMax, 65536)!;
    expect(memoryLimits(raised)).toEqual({ min: 1, max: 65536 });
    expect(wasm.validate(raised)).toBe(true);
  });

  it('leaves alone what it does not understand', () => {
    expect(raiseMemoryMaximum(Uint8Array.from([1, 2, 3]), 10)).toBeUndefined();
    expect(raiseMemoryMaximum(Uint8Array.from(HEADER), 10)).toBeUndefined(); // no memory section
    expect(raiseMemoryMaximum(moduleWith([0x03, 0x01, 0x02]), 10)).toBeUndefined(); // shared memory
    expect(raiseMemoryMaximum(moduleWith([0x01, 0x20, 0x30]), 10)).toBeUndefined(); // min above the new max
    expect(raiseMemoryMaximum(Uint8Array.from([...HEADER, 0x05, 0x7f, 0x01]), 10)).toBeUndefined(); // truncated
  });
});
