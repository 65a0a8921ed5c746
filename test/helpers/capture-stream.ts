/** A stream that keeps what okapi writes to it as text, for tests that run okapi in-process. */
import { Writable } from 'node:stream';

export class Capture extends Writable {
  text = '';
  isTTY = false;
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}
