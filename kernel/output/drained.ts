/**
 * Backpressure for okapi's own output streams: what okapi renders, and what a plugin sends, is
 * written no faster than the terminal or the pipe takes it, so an unread stream never piles up in
 * okapi's memory.
 */

type OutputStream = NodeJS.WritableStream & { writableNeedDrain?: boolean; writableLength?: number; destroyed?: boolean; errored?: Error | null };

/**
 * How often a wait looks at the stream itself: process.stderr on a socket whose reader is gone
 * was seen holding `writableNeedDrain` with nothing left to write and never emitting 'drain'.
 */
const RECHECK_MS = 50;

/** Undefined when `stream` can take more now (or never will again); else resolves once it has drained, closed or failed. */
export function drained(stream: NodeJS.WritableStream): Promise<void> | undefined {
  if (!waitsFor(stream as OutputStream)) return undefined;
  // The failure is waited for only when something already handles it (a lost stderr loses only
  // diagnostics); otherwise it must stay uncaught, for entry.ts to end okapi (EPIPE quietly).
  const handled = stream.listenerCount('error') > 0;
  return new Promise((resolve) => {
    const recheck = setInterval(() => {
      if (!waitsFor(stream as OutputStream)) done();
    }, RECHECK_MS);
    function done(): void {
      clearInterval(recheck);
      stream.off('drain', done);
      stream.off('close', done);
      if (handled) stream.off('error', done);
      resolve();
    }
    stream.on('drain', done);
    stream.on('close', done);
    if (handled) stream.on('error', done);
  });
}

/** Whether writing more now would only pile up: data is queued, and the stream can still take it. */
function waitsFor(stream: OutputStream): boolean {
  // A failed stream never drains; process.stdout and stderr are not destroyed by a failure either.
  if (stream.destroyed || stream.errored) return false;
  return Boolean(stream.writableNeedDrain) && (stream.writableLength ?? 0) > 0;
}
