/**
 * Re-lays out JSON text as it streams by, without parsing it into values: memory stays at one
 * chunk whatever the body size, and numbers and string escapes pass through exactly as the server
 * wrote them (no precision lost on big integers). The layout matches JSON.stringify: two-space
 * indentation when pretty, none otherwise, `{}` and `[]` for empty containers.
 */
import { ByteOutput } from '../../sdk/byte-output.js';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, JSON_WHITESPACE, OPEN_BRACE, OPEN_BRACKET, QUOTE, stringEnd, type StringScan } from '../../sdk/json-syntax.js';

const OUTPUT_CHUNK = 64 * 1024;

/** Bytes that end a run of scalar text (a number, true, false, null). */
const SCALAR_END = new Uint8Array(256);
for (const byte of [...JSON_WHITESPACE, QUOTE, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, COMMA, COLON]) {
  SCALAR_END[byte] = 1;
}

/** Thrown when the text stops being JSON; `offset` counts bytes from the start of the body. */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at byte ${offset}`);
  }
}

export class JsonReindenter {
  private depth = 0;
  private inString = false;
  private readonly string: StringScan = { escaped: false };
  /** An opening bracket waiting to learn whether its container is empty. */
  private pendingOpen = 0;
  private consumed = 0;
  private readonly out = new ByteOutput(OUTPUT_CHUNK * 2);
  private readonly stack: number[] = [];

  constructor(
    private readonly pretty: boolean,
    private readonly emit: (chunk: Uint8Array) => void,
  ) {}

  push(chunk: Uint8Array): void {
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.inString) {
        i = this.copyString(chunk, i);
        continue;
      }
      const byte = chunk[i]!;
      if (!SCALAR_END[byte]) {
        let end = i + 1;
        while (end < n && !SCALAR_END[chunk[end]!]) end++;
        this.flushPendingOpen();
        this.copy(chunk, i, end);
        i = end;
        continue;
      }
      this.structural(byte, this.consumed + i);
      i++;
      if (this.out.length >= OUTPUT_CHUNK) this.drain();
    }
    this.consumed += n;
    this.drain();
  }

  /** Ends the document: complains if it stopped in the middle. */
  end(): void {
    if (this.inString || this.stack.length > 0 || this.pendingOpen) {
      throw new JsonSyntaxError('the JSON text ends before its last value does', this.consumed);
    }
    this.put(0x0a);
    this.drain();
  }

  /** Copies string content up to and including its closing quote; returns where it stopped. */
  private copyString(chunk: Uint8Array, start: number): number {
    const end = stringEnd(chunk, start, this.string);
    const stop = end < 0 ? chunk.length : end;
    if (end >= 0) this.inString = false;
    this.copy(chunk, start, stop);
    return stop;
  }

  private structural(byte: number, offset: number): void {
    switch (byte) {
      case 0x20:
      case 0x0a:
      case 0x0d:
      case 0x09:
        return;
      case CLOSE_BRACE:
      case CLOSE_BRACKET: {
        const open = this.stack.pop();
        if (open === undefined || (open === OPEN_BRACE) !== (byte === CLOSE_BRACE)) {
          throw new JsonSyntaxError(`unexpected "${String.fromCharCode(byte)}"`, offset);
        }
        this.depth--;
        if (this.pendingOpen) {
          this.put(this.pendingOpen);
          this.pendingOpen = 0;
        } else {
          this.newline();
        }
        this.put(byte);
        return;
      }
      case OPEN_BRACE:
      case OPEN_BRACKET:
        this.flushPendingOpen();
        this.stack.push(byte);
        this.depth++;
        this.pendingOpen = byte;
        return;
      case COMMA:
        if (this.stack.length === 0) throw new JsonSyntaxError('unexpected ","', offset);
        this.put(COMMA);
        this.newline();
        return;
      case COLON:
        this.put(COLON);
        if (this.pretty) this.put(0x20);
        return;
      default:
        // The opening quote of a string.
        this.flushPendingOpen();
        this.put(QUOTE);
        this.inString = true;
    }
  }

  private flushPendingOpen(): void {
    if (!this.pendingOpen) return;
    this.put(this.pendingOpen);
    this.pendingOpen = 0;
    this.newline();
  }

  private newline(): void {
    if (!this.pretty) return;
    const out = this.out;
    out.reserve(1 + 2 * this.depth);
    out.bytes[out.length++] = 0x0a;
    out.bytes.fill(0x20, out.length, out.length + 2 * this.depth);
    out.length += 2 * this.depth;
  }

  private put(byte: number): void {
    this.out.put(byte);
  }

  private copy(chunk: Uint8Array, start: number, end: number): void {
    this.out.write(chunk, start, end);
    if (this.out.length >= OUTPUT_CHUNK) this.drain();
  }

  private drain(): void {
    if (this.out.length > 0) this.emit(this.out.take(this.out.length));
  }
}
