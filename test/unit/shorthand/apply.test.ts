import { describe, expect, it } from 'vitest';
import { ShorthandError, applyShorthand } from '../../../sdk/shared/shorthand/index.js';

/** [base, patch, expected] */
type PatchCase = readonly [unknown, string, unknown];

const tags = { id: 1, tags: ['a', 'b', 'c'] };

const merges: PatchCase[] = [
  [{ a: 1 }, 'b: 2', { a: 1, b: 2 }],
  [{ a: 1 }, 'a: 2', { a: 2 }],
  [{ a: { x: 1 } }, 'a.y: 2', { a: { x: 1, y: 2 } }],
  [{ a: { x: 1 } }, 'a{y: 2}', { a: { x: 1, y: 2 } }],
  [{ a: { x: 1 } }, 'a: {y: 2}', { a: { x: 1, y: 2 } }],
  [{ a: { b: { c: 1 } } }, 'a{b{d: 2}}', { a: { b: { c: 1, d: 2 } } }],
  [{ a: { x: 1 } }, '{a: {y: 2}}', { a: { x: 1, y: 2 } }],
  [{ a: 1 }, '{b: 2}', { a: 1, b: 2 }],
  [{ a: { x: 1 } }, 'a: {}', { a: { x: 1 } }],
  [{ a: [1, 2] }, 'a: [3]', { a: [3] }],
  [{ a: { b: 1 } }, 'a: 5', { a: 5 }],
  [{ a: { b: 1 } }, 'a: null', { a: null }],
  [{ a: [{ id: 1 }] }, 'a[0].name: x', { a: [{ id: 1, name: 'x' }] }],
  [{ a: [{ id: 1 }] }, 'a[0]{name: x}', { a: [{ id: 1, name: 'x' }] }],
  [{ a: [{ id: 1 }, { id: 2 }] }, 'a[-1].id: 9', { a: [{ id: 1 }, { id: 9 }] }],
  [{ a: 1 }, '', { a: 1 }],
  [{ a: 1 }, '// nothing to do', { a: 1 }],
  [undefined, 'a: 1', { a: 1 }],
  [{ a: 1 }, '5', 5],
  // Same kinds, or a scalar over anything: the patch's value wins.
  [{ a: 's' }, 'a: t', { a: 't' }],
  [{ a: [1] }, 'a: x', { a: 'x' }],
  [[1, 2], '[3]', [3]],
  [{ a: null }, 'a: 1', { a: 1 }],
  // Deleting first replaces on purpose.
  [{ a: 's' }, 'a: undefined, a.b: 1', { a: { b: 1 } }],
  [{ a: [1] }, 'a: undefined, a{b: 1}', { a: { b: 1 } }],
  [{ id: 1 }, 'id: undefined, id[]: 2', { id: [2] }],
  [[1, 2], '[0]: undefined, [0]: x', ['x']],
  [{ a: 1 }, '"text"', 'text'],
];

const arrays: PatchCase[] = [
  [tags, 'tags[]: d', { id: 1, tags: ['a', 'b', 'c', 'd'] }],
  [tags, 'tags[^0]: z', { id: 1, tags: ['z', 'a', 'b', 'c'] }],
  [tags, 'tags[^1]: z', { id: 1, tags: ['a', 'z', 'b', 'c'] }],
  [tags, 'tags[^3]: z', { id: 1, tags: ['a', 'b', 'c', 'z'] }],
  [tags, 'tags[^5]: z', { id: 1, tags: ['a', 'b', 'c', null, null, 'z'] }],
  [tags, 'tags[^-1]: z', { id: 1, tags: ['a', 'b', 'z', 'c'] }],
  [tags, 'tags[^-3]: z', { id: 1, tags: ['z', 'a', 'b', 'c'] }],
  [tags, 'tags[0]: z', { id: 1, tags: ['z', 'b', 'c'] }],
  [tags, 'tags[-1]: z', { id: 1, tags: ['a', 'b', 'z'] }],
  [tags, 'tags[-3]: z', { id: 1, tags: ['z', 'b', 'c'] }],
  [tags, 'tags[5]: z', { id: 1, tags: ['a', 'b', 'c', null, null, 'z'] }],
  [tags, 'tags[3]: z', { id: 1, tags: ['a', 'b', 'c', 'z'] }],
  [tags, 'tags[1]: undefined', { id: 1, tags: ['a', 'c'] }],
  [tags, 'tags[-1]: undefined', { id: 1, tags: ['a', 'b'] }],
  [tags, 'tags[9]: undefined', tags],
  [tags, 'tags[-9]: undefined', tags],
  [tags, 'tags[0]: undefined, tags[0]: undefined', { id: 1, tags: ['c'] }],
  [tags, 'tags[]{x: 1}', { id: 1, tags: ['a', 'b', 'c', { x: 1 }] }],
  [tags, 'tags[^0][]: z', { id: 1, tags: [['z'], 'a', 'b', 'c'] }],
  [[1, 2, 3], '[0]: x', ['x', 2, 3]],
  [[1, 2, 3], '[]: 4', [1, 2, 3, 4]],
  [[1, 2, 3], '[^0]: 0', [0, 1, 2, 3]],
  [[1, 2, 3], '[-1]: x', [1, 2, 'x']],
  [[1, 2, 3], '[1]: undefined', [1, 3]],
  [[1, 2, 3], '[0] ^ [-1]', [3, 2, 1]],
  [[[1], [2]], '[1][]: 3', [[1], [2, 3]]],
  [[1, 2], '[^0]{a: 1}', [{ a: 1 }, 1, 2]],
  [[1, 2], '[]: [3]', [1, 2, [3]]],
  [[{ a: 1 }], '[0].b: 2', [{ a: 1, b: 2 }]],
];

const deletions: PatchCase[] = [
  [{ id: 1 }, 'id: undefined', {}],
  [{ a: { b: 1, c: 2 } }, 'a.b: undefined', { a: { c: 2 } }],
  [{ a: { b: 1, c: 2 } }, 'a{b: undefined}', { a: { c: 2 } }],
  [{ a: { b: 1 } }, 'a: {b: undefined}', { a: {} }],
  [{ a: 1 }, 'missing: undefined', { a: 1 }],
  [{ a: 1 }, 'x.y.z: undefined', { a: 1 }],
  [{ a: 1 }, 'a.b: undefined', { a: 1 }],
  [{ a: [1] }, 'a.b: undefined', { a: [1] }],
  [{ a: { b: 1 } }, 'a[0]: undefined', { a: { b: 1 } }],
  [{ a: [{ b: 1, c: 2 }] }, 'a[0].b: undefined', { a: [{ c: 2 }] }],
  [{ 'a.b': 1, a: { b: 2 } }, '"a.b": undefined', { a: { b: 2 } }],
  [{ a: 1, b: 2 }, 'a: undefined, b: undefined', {}],
];

const moves: PatchCase[] = [
  [tags, 'id ^ name, tags[0] ^ tags[-1]', { name: 1, tags: ['c', 'b', 'a'] }],
  [{ a: 1, b: 2 }, 'a ^ b', { a: 2, b: 1 }],
  [{ a: 1 }, 'a ^ b', { b: 1 }],
  [{ a: 1 }, 'a ^ a', { a: 1 }],
  [{ a: { x: 1 } }, 'a.x ^ b.y', { a: {}, b: { y: 1 } }],
  [{ a: [1, 2, 3] }, 'a[0] ^ a[2]', { a: [3, 2, 1] }],
  [{ a: [1, 2, 3] }, 'a[1] ^ b', { a: [1, 3], b: 2 }],
  [{ a: [1, 2, 3] }, 'a[-1] ^ a[^0]', { a: [3, 1, 2] }],
  [{ a: 1, list: [0] }, 'a ^ list[]', { list: [0, 1] }],
  [{ a: { b: 1 } }, 'a{b ^ c}', { a: { c: 1 } }],
  [{ a: { b: 1 }, c: 2 }, 'a{b ^ c}', { a: { c: 1 }, c: 2 }],
  [{ a: { b: { c: 1 } } }, 'a ^ a.b.x', { a: { b: { x: { b: { c: 1 } } } } }],
  [{ a: { b: 1 } }, 'a.b ^ a', { a: 1 }],
  [{ 'a.b': 1 }, '"a.b" ^ c', { c: 1 }],
  [{ a: 1 }, 'a ^ b, b ^ c', { c: 1 }],
  // A null (a response's field not set) is patched as a missing value would be.
  [{ a: null }, 'a.b: 2', { a: { b: 2 } }],
  [{ a: null }, 'a[]: 2', { a: [2] }],
  [{ a: null }, 'a{b: 2}', { a: { b: 2 } }],
  [{ a: null }, 'a: [2]', { a: [2] }],
  [{}, 'a: null, a.b: 1', { a: { b: 1 } }],
  [{}, 'list[2]: x, list[0].y: 1', { list: [{ y: 1 }, null, 'x'] }],
  [null, 'x: 1', { x: 1 }],
  [null, '[0]: 1', [1]],
];

/** [base, patch, the message, where it points] */
const conflicts: ReadonlyArray<readonly [unknown, string, string, number]> = [
  [[1, 2], 'x: 1', 'the document holds an array, but "x" needs an object there', 0],
  [[1, 2], '{x: 1}', 'the document holds an array, but merging fields into it needs an object', 0],
  [5, 'x: 1', 'the document holds a number, but "x" needs an object there', 0],
  ['text', 'x: 1', 'the document holds a string, but "x" needs an object there', 0],
  [true, '[0]: 1', 'the document holds a boolean, but "[0]" needs an array there', 0],
  [{ a: 1 }, '[1, 2]', 'the document holds an object, but the patch sets an array there', 0],
  [{ a: 1 }, '[0]: x', 'the document holds an object, but "[0]" needs an array there', 0],
  [{ a: [1, 2] }, 'b: 1, a.x: 1', '"a" holds an array, but "a.x" needs an object there', 6],
  [{ a: [1, 2] }, 'a{x: 1}', '"a" holds an array, but merging fields into it needs an object', 0],
  [{ a: [1, 2] }, 'a: {x: 1}', '"a" holds an array, but merging fields into it needs an object', 0],
  [{ a: { x: 1 } }, 'a[]: 1', '"a" holds an object, but "a[]" needs an array there', 0],
  [{ a: { x: 1 } }, 'a: [1]', '"a" holds an object, but the patch sets an array there', 0],
  [{ a: 's' }, 'a.b.c: 1', '"a" holds a string, but "a.b.c" needs an object there', 0],
  [{ a: 's' }, 'a[0]: 1', '"a" holds a string, but "a[0]" needs an array there', 0],
  [{ a: 's' }, 'a: [1]', '"a" holds a string, but the patch sets an array there', 0],
  [{ a: false }, 'a.b: 1', '"a" holds a boolean, but "a.b" needs an object there', 0],
  [{ a: [{ b: 1 }] }, 'a[0].b[]: 2', '"a[0].b" holds a number, but "a[0].b[]" needs an array there', 0],
  [{ a: { x: 1 }, b: 'old' }, 'a.x ^ b.y', '"b" holds a string, but "b.y" needs an object there', 0],
  [{}, 'k: x, k[^0]: 0', '"k" holds a string, but "k[^0]" needs an array there', 6],
  [{}, 'k[0]: a, k.x: 1', '"k" holds an array, but "k.x" needs an object there', 9],
];

describe('applyShorthand', () => {
  const groups: Record<string, PatchCase[]> = { merges, arrays, deletions, moves };
  for (const [group, cases] of Object.entries(groups)) {
    describe(group, () => {
      it.each(cases)('%j patched with %j', (base, patch, expected) => {
        const before = structuredClone(base);
        expect(applyShorthand(base, patch)).toEqual(expected);
        expect(base).toEqual(before);
      });
    });
  }

  it.each(conflicts)('refuses to turn %j into another kind with %j', (base, patch, message, position) => {
    const before = structuredClone(base);
    let error: unknown;
    try {
      applyShorthand(base, patch);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ShorthandError);
    expect((error as ShorthandError).message).toContain(`${message} at position ${position}`);
    expect((error as ShorthandError).exitCode).toBe(2);
    expect(base).toEqual(before);
  });

  it('says how to replace a value on purpose, or how to patch a document of another kind', () => {
    const hintOf = (base: unknown, patch: string): string | undefined => {
      try {
        applyShorthand(base, patch);
      } catch (error) {
        if (error instanceof ShorthandError) return error.hint;
        throw error;
      }
      throw new Error(`expected ${patch} to fail`);
    };
    expect(hintOf({ a: { b: 's' } }, 'a.b.c: 1')).toBe(`to replace it, delete it first: 'a.b: undefined, …'`);
    expect(hintOf([1, 2], 'x: 1')).toBe('the patch applies to the whole document, an array: patch its items by index ([0].x: 1) or append to it ([]: 1)');
    expect(hintOf({ a: 1 }, '[0]: x')).toBe('the patch applies to the whole document, an object: patch its fields by name (x: 1)');
    expect(hintOf(5, 'x: 1')).toBe('the patch applies to the whole document, and a number has no fields or items: send the fields without it (nothing on stdin)');
  });

  it('returns a deep copy that shares nothing with the base', () => {
    const base = { keep: { nested: [1, { deep: true }] }, bytes: Uint8Array.from([1, 2]) };
    const result = applyShorthand(base, 'other: 1') as typeof base;
    expect(result.keep).toEqual(base.keep);
    expect(result.keep).not.toBe(base.keep);
    expect(result.keep.nested[1]).not.toBe(base.keep.nested[1]);
    expect(result.bytes).not.toBe(base.bytes);
    result.bytes[0] = 9;
    expect(base.bytes[0]).toBe(1);
  });

  it('copies a deeply nested base without overflowing the stack', () => {
    let base: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) base = { child: base };
    const result = applyShorthand(base, 'extra: 1') as { extra: number; child: unknown };
    expect(result.extra).toBe(1);
    // A plain comparison: vitest's matchers would walk the 100,000 levels recursively.
    expect(result.child === (base as { child: unknown }).child).toBe(false);
  });

  it('treats inherited names as absent fields', () => {
    expect(applyShorthand({}, 'toString.x: 1')).toEqual({ toString: { x: 1 } });
    expect(applyShorthand({}, 'constructor: undefined')).toEqual({});
    expect(() => applyShorthand({}, 'hasOwnProperty ^ b')).toThrow(ShorthandError);
  });

  it('reports a failed operation at its position in the patch', () => {
    expect(() => applyShorthand({ a: [] }, 'b: 1, a[-1]: x')).toThrow(
      expect.objectContaining({ name: 'ShorthandError', position: 7 }),
    );
    expect(() => applyShorthand({ a: 1 }, 'a: 2, nope ^ b')).toThrow(
      expect.objectContaining({ name: 'ShorthandError', position: 6 }),
    );
  });
});
