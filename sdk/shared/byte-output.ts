/**
 * A growable byte buffer for formatters that lay out text as bytes (JSON re-layout, gron of
 * streamed JSON): copying bytes beats building strings and encoding them again.
 */
export class ByteOutput {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  put(byte: number): void {
    this.reserve(1);
    this.bytes[this.length++] = byte;
  }

  write(source: Uint8Array | readonly number[], start = 0, end = source.length): void {
    const count = end - start;
    if (count <= 0) return;
    this.reserve(count);
    const bytes = this.bytes;
    if (count < 32 || !(source instanceof Uint8Array)) {
      // Most keys and values are short: a loop beats creating a subarray view for each.
      let at = this.length;
      for (let i = start; i < end; i++) bytes[at++] = source[i]!;
      this.length = at;
    } else {
      bytes.set(source.subarray(start, end), this.length);
      this.length += count;
    }
  }

  /** Makes room for `count` more bytes. */
  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + count));
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
  }

  /** Removes and returns a copy of the first `count` bytes. */
  take(count: number): Uint8Array {
    const taken = this.bytes.slice(0, count);
    this.bytes.copyWithin(0, count, this.length);
    this.length -= count;
    return taken;
  }
}
