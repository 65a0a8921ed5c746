/**
 * The reason engine.ts exists: jq-wasm as published stops with `RuntimeError: Aborted()` on JSON
 * of ~30 MB (its memory may not grow past 256 MiB); okapi's jq filters a body of more than 40 MiB.
 */
import { describe, expect, it, vi } from 'vitest';
import { runJq } from '../../../../plugins-builtin/jq/run-jq.js';

const COUNT = 400_000;
const TAGS = ['alpha', 'beta', 'gamma', 'delta'];

function item(i: number) {
  return {
    id: i + 1,
    name: `user ${i + 1}`,
    email: `u${i + 1}@example.com`,
    active: i % 3 !== 0,
    score: ((i * 7919) % 10000) / 100,
    tags: TAGS.slice(i % 4, (i % 4) + 1 + (i % 2)),
  };
}

describe('a body of more than 40 MiB', () => {
  const body = Array.from({ length: COUNT }, (_, i) => item(i));
  const envelope = { proto: 'HTTP/1.1', status: 200, headers: { 'content-type': 'application/json' }, links: {}, body };
  const bytes = Buffer.byteLength(JSON.stringify(envelope));

  it('is too much for jq-wasm as published', async () => {
    expect(bytes).toBeGreaterThan(40 * 1024 ** 2);
    expect(bytes).toBeLessThan(48 * 1024 ** 2);
    const { loadJq } = await import('jq-wasm');
    const published = await loadJq();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => published.raw(JSON.stringify(envelope), '.body | length')).toThrow(/Aborted/);
    } finally {
      consoleError.mockRestore();
    }
  }, 60_000);

  it("filters correctly with okapi's jq", async () => {
    // `.body | length` and `.body[].score` need the body whole: no projection shrinks this input.
    const program = '[.body[] | select(.id % 2 == 0) | {id, name}], {count: (.body | length), active: ([.body[] | select(.active)] | length), total: ([.body[].score] | add)}';
    const [selected, summary, ...rest] = await runJq(program, envelope);
    expect(rest).toEqual([]);
    const expected = body.filter((entry) => entry.id % 2 === 0).map(({ id, name }) => ({ id, name }));
    expect((selected as unknown[]).length).toBe(COUNT / 2);
    expect(JSON.stringify(selected)).toBe(JSON.stringify(expected));
    expect(summary).toEqual({
      count: COUNT,
      active: body.filter((entry) => entry.active).length,
      total: body.reduce((sum, entry) => sum + entry.score, 0),
    });
  }, 60_000);
});
