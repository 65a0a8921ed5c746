/**
 * Backpressure for okapi's own output streams: what a plugin sends is forwarded no faster than
 * the terminal or the pipe takes it, so an unread stream never piles up in okapi's memory.
 */

/** Undefined when `stream` can take more now; else resolves once it has drained (or closed). */
export function drained(stream: NodeJS.WritableStream): Promise<void> | undefined {
  const writable = stream as NodeJS.WritableStream & { writableNeedDrain?: boolean; destroyed?: boolean };
  if (!writable.writableNeedDrain || writable.destroyed) return undefined;
  return new Promise((resolve) => {
    // No 'error' listener: an error must still reach okapi's handler (EPIPE ends okapi quietly);
    // a stream that errs is destroyed, and then closes.
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
