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
   * written yet ('body'; 'rendering' when it was). On a terminal binary bytes are not written
   * ('binary'), as -o auto keeps them off one: NULs and escapes would garble it.
   */
  async writeBodyInstead(terminal: boolean): Promise<'body' | 'rendering' | 'binary'> {
    if (this.streaming) return 'rendering';
    this.held = [];
    if (terminal) {
      const first = this.retained[0] ?? (await this.source.next()).value;
      if (first && looksBinary(first)) return 'binary';
      if (first && this.retained.length === 0) this.retained.push(first);
    }
    for (const chunk of this.retained) this.out(chunk);
    this.retained = [];
    for (;;) {
      const next = await this.source.next();
      if (next.done) return 'body';
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

/** Control characters other than tab, LF, FF and CR, or bytes that are not UTF-8, in the first 64 KiB. */
function looksBinary(bytes: Uint8Array): boolean {
  const start = bytes.subarray(0, 64 * 1024);
  const control = (byte: number) => (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13) || byte === 0x7f;
  if (start.some(control)) return true;
  try {
    // Streaming: a character cut at the 64 KiB mark is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(start, { stream: true });
    return false;
  } catch {
    return true;
  }
}
