/**
 * The body of a streamed response on the plugin's side of the wire: chunks as the host sends them,
 * read by the command. Each chunk read (or dropped, once the command stopped reading) is reported
 * through `onRead`, which tells the host it may send another (`http-read`): the host keeps only a
 * few chunks in flight, so a slow command holds the server back instead of filling memory.
 */
export class ChunkQueue implements AsyncIterable<Uint8Array> {
  private readonly chunks: Uint8Array[] = [];
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private abandoned = false;

  constructor(private readonly onRead: () => void) {}

  push(chunk: Uint8Array): void {
    if (this.abandoned) {
      this.onRead();
      return;
    }
    this.chunks.push(chunk);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  fail(error: Error): void {
    this.failure = error;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    try {
      for (;;) {
        const chunk = this.chunks.shift();
        if (chunk !== undefined) {
          this.onRead();
          yield chunk;
          continue;
        }
        if (this.failure) throw this.failure;
        if (this.ended) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    } finally {
      // A command that stops reading early: what is held or still arrives is dropped, not kept.
      this.abandoned = true;
      for (const _ of this.chunks.splice(0)) this.onRead();
    }
  }
}
