/**
 * A response body that is read only as far as its consumer needs: streamed straight to stdout or
 * to a formatter that takes bytes, or read whole when a filter, a decoder or a plugin needs it.
 */
export class ResponseBody {
  private whole: Promise<Uint8Array> | undefined;
  private streamed = false;

  constructor(
    private readonly source: AsyncIterable<Uint8Array>,
    private readonly readAll: () => Promise<Uint8Array>,
    private readonly drop: () => void = () => undefined,
  ) {}

  static of(bytes: Uint8Array): ResponseBody {
    const body = new ResponseBody(
      (async function* () {
        yield bytes;
      })(),
      async () => bytes,
    );
    body.whole = Promise.resolve(bytes);
    return body;
  }

  /** The whole body; read once, then kept. */
  bytes(): Promise<Uint8Array> {
    if (this.streamed) throw new Error('the response body was already streamed');
    this.whole ??= this.readAll();
    return this.whole;
  }

  /** Lets go of a body nobody read (`--okapi-print h`, -S), so its connection can close cleanly. */
  discard(): void {
    if (this.whole || this.streamed) return;
    this.streamed = true;
    this.drop();
  }

  /** The body as it arrives; it cannot be read again afterwards. */
  async *stream(): AsyncGenerator<Uint8Array> {
    if (this.whole) {
      yield await this.whole;
      return;
    }
    this.streamed = true;
    yield* this.source;
  }
}
