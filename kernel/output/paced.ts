/**
 * Backpressure for what okapi writes to stdout (docs/design/014-nesting-limit-and-backpressure.md):
 * a formatter writes synchronously as it reads, so the reading is what waits. The next item (a
 * value, or a piece of the body) is pulled only once stdout has taken what was written, so a slow
 * reader holds okapi's memory to the output of one piece, not the whole rendering.
 *
 * Only 'drain' is waited for, never 'error': when the reader is gone (`okapi URL | head`), stdout's
 * EPIPE reaches the process handler in entry.ts, which ends okapi quietly with exit 0.
 */
import { drained } from './drained.js';

/** Raw body chunks are cut to this size: the most a formatter writes for one piece stays small. */
const PIECE_BYTES = 16 * 1024;

export async function* pacedByOutput<T>(items: Iterable<T> | AsyncIterable<T>, stdout: NodeJS.WritableStream): AsyncGenerator<T> {
  for await (const item of items) {
    await drained(stdout);
    yield item;
  }
}

/** Chunks cut to at most PIECE_BYTES each. */
export async function* inPieces(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    for (let start = 0; start < chunk.length; start += PIECE_BYTES) yield chunk.subarray(start, start + PIECE_BYTES);
  }
}
