/**
 * Writes a short, final output (help, the version) straight to file descriptor 1. Creating
 * process.stdout builds a stream and loads Node's stream modules, about 2.5 ms: a quarter of what
 * `okapi --help` may cost over Node's own start.
 */
import { writeSync } from 'node:fs';

export function writeStdoutSync(text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A non-blocking pipe whose reader is slow: wait a moment and go on.
      if (code === 'EAGAIN') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
      // The reader is gone (okapi --help | head): stop quietly, as Unix tools do.
      else if (code === 'EPIPE') return;
      else throw error;
    }
  }
}
