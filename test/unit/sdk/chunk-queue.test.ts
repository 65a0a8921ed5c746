/** The plugin's side of a streamed body: chunks in order, each one reported read or dropped. */
import { describe, expect, it } from 'vitest';
import { ChunkQueue } from '../../../sdk/chunk-queue.js';

describe('ChunkQueue', () => {
  it('yields chunks in order, waits for more, ends, and reports each chunk read', async () => {
    let reads = 0;
    const queue = new ChunkQueue(() => reads++);
    queue.push(new Uint8Array([1]));
    const seen: number[] = [];
    const reading = (async () => {
      for await (const chunk of queue) seen.push(chunk[0]!);
    })();
    await new Promise((resolve) => setImmediate(resolve));
    queue.push(new Uint8Array([2]));
    queue.end();
    await reading;
    expect(seen).toEqual([1, 2]);
    expect(reads).toBe(2);
  });

  it('fails the reader with the host error', async () => {
    const queue = new ChunkQueue(() => undefined);
    queue.fail(new Error('the connection was reset'));
    await expect((async () => {
      for await (const _ of queue) void _;
    })()).rejects.toThrow('the connection was reset');
  });

  it('reports held and later chunks as read once the command stops reading, so the host is not held', async () => {
    let reads = 0;
    const queue = new ChunkQueue(() => reads++);
    for (let i = 0; i < 3; i++) queue.push(new Uint8Array([i]));
    for await (const _ of queue) break;
    expect(reads).toBe(3);
    queue.push(new Uint8Array([9]));
    expect(reads).toBe(4);
  });
});
