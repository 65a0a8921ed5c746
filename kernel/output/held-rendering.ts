/**
 * A rendering is held back until the body has been read whole, so that when okapi cannot render
 * a body as asked (it says it is JSON but is not, say), stdout gets the body as received and never
 * a partial rendering; the error says why (docs/design/010-unrenderable-bodies.md). Past
 * HOLD_LIMIT of rendering or of body the rendering streams, so memory stays bounded whatever the
 * size: an error after that point leaves what was written and says so.
 */

const HOLD_LIMIT = 4 * 1024 * 1024;

type Write = (data: string | Uint8Array) => void;

export class HeldRendering {
  private held: Array<string | Uint8Array> = [];
  private heldBytes = 0;
  private retained: Uint8Array[] = [];
  private retainedBytes = 0;
  /** Once streaming, nothing is held or retained any more: the fallback is no longer possible. */
  private streaming = false;
  private readonly source: AsyncIterator<Uint8Array>;

  constructor(
    private readonly out: Write,
    body: AsyncIterable<Uint8Array>,
  ) {
    this.source = body[Symbol.asyncIterator]();
  }

  /** The body for the formatter: each chunk it reads is also kept, up to the limit. */
  async *body(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const next = await this.source.next();
      if (next.done) return;
      if (!this.streaming) {
        this.retained.push(next.value);
        this.retainedBytes += next.value.length;
        if (this.retainedBytes > HOLD_LIMIT) this.startStreaming();
      }
      yield next.value;
    }
  }

  readonly write: Write = (data) => {
    if (this.streaming) {
      this.out(data);
      return;
    }
    this.held.push(data);
    this.heldBytes += data.length;
    if (this.heldBytes > HOLD_LIMIT) this.startStreaming();
  };

  /** The rendering succeeded: what was held goes out. */
  finish(): void {
    this.startStreaming();
  }

  /**
   * The rendering failed: the body as received replaces it, if nothing of the rendering was
   * written yet. False when it was (the rendering had started streaming).
   */
  async writeBodyInstead(): Promise<boolean> {
    if (this.streaming) return false;
    this.held = [];
    for (const chunk of this.retained) this.out(chunk);
    this.retained = [];
    for (;;) {
      const next = await this.source.next();
      if (next.done) return true;
      this.out(next.value);
    }
  }

  private startStreaming(): void {
    if (this.streaming) return;
    this.streaming = true;
    for (const data of this.held) this.out(data);
    this.held = [];
    this.retained = [];
  }
}
