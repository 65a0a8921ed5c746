/**
 * A root array encoded batch by batch (plugins-builtin/toon/root-array.ts) must read exactly as
 * the whole array encoded at once, whichever batch settles its layout.
 */
import { encode } from '@toon-format/toon';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ToonEncoder } from '../../../plugins-builtin/toon/encoder.js';
import { RootArray } from '../../../plugins-builtin/toon/root-array.js';

/** `elements` handed to a RootArray in batches of the given sizes (the rest in one last batch). */
function inBatches(elements: readonly unknown[], sizes: readonly number[]): string {
  const chunks: Buffer[] = [];
  const write = (bytes: Uint8Array) => chunks.push(Buffer.from(bytes));
  const rootArray = new RootArray();
  let from = 0;
  for (const size of [...sizes, elements.length]) {
    const batch = elements.slice(from, from + Math.max(1, size));
    if (batch.length > 0) rootArray.add(batch);
    from += batch.length;
  }
  rootArray.finish(new ToonEncoder(write), write);
  return Buffer.concat(chunks).toString('utf8');
}

function whole(elements: readonly unknown[]): string {
  return `${encode(elements)}\n`;
}

const row = (id: number) => ({ id, name: `n${id}`, ok: id % 2 === 0 });

describe('toon root array, batch by batch', () => {
  it.each([
    ['uniform rows: one table at the end', Array.from({ length: 9 }, (_, i) => row(i)), undefined],
    ['uniform rows, then one with another key', [...Array.from({ length: 6 }, (_, i) => row(i)), { id: 6, other: 1 }, row(7)], 7],
    ['uniform rows, then a nested array', [...Array.from({ length: 5 }, (_, i) => row(i)), { ...row(5), name: ['x'] }, row(6)], 6],
    ['rows with an array field from the start', Array.from({ length: 7 }, (_, i) => ({ ...row(i), tags: ['a', 'b'].slice(0, i % 3) })), 1],
    ['primitives, then an object', [1, 'two', null, true, { a: 1 }, 3], 5],
    ['objects, then a primitive', [row(0), row(1), 'x', row(2)], 3],
    ['arrays of primitives', [[1, 2], [], ['a'], [true, null]], 1],
    ['primitives only', [1, 2, 3, 'four', null], undefined],
    ['nested field groups', Array.from({ length: 6 }, (_, i) => ({ id: i, at: { x: i, y: -i } })), undefined],
    ['nested groups breaking late', [...Array.from({ length: 5 }, (_, i) => ({ id: i, at: { x: i } })), { id: 5, at: {} }], 6],
    ['empty objects', [{}, {}, { a: 1 }], 1],
  ])('%s', (_name, elements, listedAfter) => {
    for (const sizes of [[], [1], [2, 1], [1, 1, 1, 1, 1, 1], [4]]) expect(inBatches(elements, sizes)).toBe(whole(elements));
    // Elements are encoded, and let go, as soon as the array is known to be a list.
    const listItems = vi.spyOn(ToonEncoder.prototype, 'listItems');
    const rootArray = new RootArray();
    elements.forEach((element, index) => {
      rootArray.add([element]);
      expect(listItems.mock.calls.length > 0, `encoded after ${index + 1} elements`).toBe(listedAfter !== undefined && index + 1 >= listedAfter);
    });
    listItems.mockRestore();
  });

  it('random arrays in random batches', () => {
    const element = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.record({ id: fc.integer(), name: fc.string({ maxLength: 4 }) }),
      fc.record({ id: fc.integer(), at: fc.record({ x: fc.integer() }) }),
    );
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 6 }), (elements, sizes) => {
        expect(inBatches(elements, sizes)).toBe(whole(elements));
      }),
      { numRuns: 1500 },
    );
  });

  it('a string TOON cannot carry fails at the end, not while the body may still prove not to be this array', () => {
    const rootArray = new RootArray();
    expect(() => rootArray.add([{ tags: ['\ud800'] }])).not.toThrow();
    rootArray.add([{ tags: [] }]);
    const write = () => undefined;
    expect(() => rootArray.finish(new ToonEncoder(write), write)).toThrow(/U\+D800/);
  });
});
