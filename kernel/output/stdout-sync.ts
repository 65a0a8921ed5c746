/**
 * Writes straight to file descriptor 1: help, the version, raw bodies. Creating process.stdout
 * builds a stream and loads Node's stream modules, about 2.5 ms: a quarter of what `okapi --help`
 * may cost over Node's own start. Blocking writes are what a CLI wants anyway.
 */
import { writeSync } from 'node:fs';
import { readerGone } from './reader-gone.js';

export function writeStdoutSync(data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A non-blocking pipe whose reader is slow: wait a moment and go on.
      if (code === 'EAGAIN') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
      // The reader is gone (okapi URL > >(head -c 100)): end quietly at once, as Unix tools do,
      // rather than read the rest of a download for nobody (docs/design/014).
      else if (readerGone(error as NodeJS.ErrnoException)) process.exit(process.exitCode ?? 0);
      else throw error;
    }
  }
}
