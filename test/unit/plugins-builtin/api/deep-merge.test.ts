import { describe, expect, it } from 'vitest';
import { deepMerge } from '../../../../plugins-builtin/api/deep-merge.js';

describe('deepMerge', () => {
  it('merges objects key by key, the second winning, and replaces anything else', () => {
    expect(deepMerge({ a: { b: 1, c: 2 }, d: [1] }, { a: { c: 3 }, d: [2] })).toEqual({ a: { b: 1, c: 3 }, d: [2] });
  });

  it('keeps a __proto__ key of a parsed document as a field', () => {
    const merged = deepMerge({}, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
  });
});
