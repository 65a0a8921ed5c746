/**
 * Re-lays out JSON text as it streams by, without parsing it into values: memory stays at one
 * chunk whatever the body size, and numbers and string escapes pass through exactly as the server
 * wrote them (no precision lost on big integers). The layout matches JSON.stringify: two-space
 * indentation when pretty, none otherwise, `{}` and `[]` for empty containers.
 *
 * The text is checked as it goes (RFC 8259's grammar), so text that is not JSON is an error and
 * never a re-laid-out guess. Several values one after another (concatenated JSON or a JSON text
 * sequence) are laid out as the decoded body is, as the elements of one array: that is known only
 * when a second value starts, so the first one's output is held back until then, up to HOLD_BACK
 * bytes; past that it streams, and a second value is an error. Nesting deeper than okapi's limit
 * is an error too (sdk/shared/nesting.ts): its indentation alone would grow with the square of the depth.
 */
import { ByteOutput } from '../../sdk/shared/byte-output.js';
import { MAX_NESTING, NestingError } from '../../sdk/shared/nesting.js';
import { checkedStringEnd, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, isJsonScalar, JsonExpect, JsonTextError, JsonTextSequence, OPEN_BRACE, OPEN_BRACKET, QUOTE, RECORD_SEPARATOR, SCALAR_END, SEPARATING_BYTES, tokenPreview, type StringScan } from '../../sdk/shared/json-syntax.js';

const OUTPUT_CHUNK = 64 * 1024;
const HOLD_BACK = 1024 * 1024;
const NULL = Buffer.from('null');
const EMPTY_ARRAY = Buffer.from('[]');


export class JsonReindenter {
  private expect = JsonExpect.Value;
  /** Open containers, innermost last: true for an object. */
  private readonly isObject: boolean[] = [];
  private inString = false;
  /** Whether the string being copied is a key (a colon follows) or a value. */
  private stringIsKey = false;
  private readonly string: StringScan = { escaped: false };
  /** A scalar cut by a chunk boundary: its bytes so far, checked once it ends. */
  private scalar: number[] | undefined;
  /** An opening bracket waiting to learn whether its container is empty. */
  private pendingOpen = 0;
  /** 0 while the body is one value; 1 once several values are laid out as an array's elements. */
  private baseDepth = 0;
  private holding = true;
  private readonly records = new JsonTextSequence();
  private consumed = 0;
  private readonly out = new ByteOutput(OUTPUT_CHUNK * 2);

  constructor(
    private readonly pretty: boolean,
    private readonly emit: (chunk: Uint8Array) => void,
  ) {}

  push(chunk: Uint8Array): void {
    const n = chunk.length;
    let i = 0;
    if (this.scalar) i = this.continueScalar(chunk);
    while (i < n) {
      if (this.inString) {
        i = this.copyString(chunk, i);
        continue;
      }
      const byte = chunk[i]!;
      if (SEPARATING_BYTES[byte]) {
        if (byte === RECORD_SEPARATOR) this.recordSeparator(this.consumed + i);
        i++;
        continue;
      }
      if (SCALAR_END[byte]) {
        this.structural(byte, this.consumed + i);
        i++;
        if (this.out.length >= OUTPUT_CHUNK) this.drain();
        continue;
      }
      i = this.startScalar(chunk, i);
    }
    this.consumed += n;
    this.drain();
  }

  /**
   * Ends the document: complains if it stopped in the middle, or held only white space. An empty
   * body is null, as the decoded body is.
   */
  end(): void {
    if (this.scalar) this.endScalar(this.consumed);
    if (this.consumed === 0) this.out.write(NULL);
    else if (this.records.active && this.baseDepth === 0) this.out.write(EMPTY_ARRAY);
    else if (this.inString || this.expect !== JsonExpect.Next) {
      const blank = this.expect === JsonExpect.Value && this.isObject.length === 0 && !this.inString;
      throw new JsonTextError(blank ? 'the body holds only white space, no JSON value' : 'the JSON text ends before its last value does', this.consumed);
    }
    if (this.baseDepth > 0) {
      this.newline(0);
      this.put(CLOSE_BRACKET);
    }
    this.put(0x0a);
    this.holding = false;
    this.drain();
  }

  private get depth(): number {
    return this.baseDepth + this.isObject.length;
  }

  private structural(byte: number, offset: number): void {
    switch (byte) {
      case OPEN_BRACE:
      case OPEN_BRACKET:
        this.valueStarts(byte, offset);
        if (this.isObject.length >= MAX_NESTING) throw new NestingError('the response body', `at byte ${offset}`);
        this.isObject.push(byte === OPEN_BRACE);
        this.pendingOpen = byte;
        this.expect = byte === OPEN_BRACE ? JsonExpect.KeyOrClose : JsonExpect.ValueOrClose;
        return;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        this.close(byte, offset);
        return;
      case COMMA:
        if (this.expect !== JsonExpect.CommaOrClose) throw unexpected(byte, offset, this.wanted());
        this.expect = this.isObject[this.isObject.length - 1] ? JsonExpect.Key : JsonExpect.Value;
        this.put(COMMA);
        this.newline(this.depth);
        return;
      case COLON:
        if (this.expect !== JsonExpect.Colon) throw unexpected(byte, offset, this.wanted());
        this.expect = JsonExpect.Value;
        this.put(COLON);
        if (this.pretty) this.put(0x20);
        return;
      default: {
        // The opening quote of a string: a key where one is expected, else a value.
        const isKey = this.expect === JsonExpect.Key || this.expect === JsonExpect.KeyOrClose;
        if (isKey) this.flushPendingOpen();
        else this.valueStarts(byte, offset);
        this.stringIsKey = isKey;
        this.put(QUOTE);
        this.inString = true;
      }
    }
  }

  /** A value starts at body offset `offset` with `byte`, if one may start here. */
  private valueStarts(byte: number, offset: number): void {
    if (this.expect === JsonExpect.Next) this.nextRoot(offset);
    else if (this.records.active && this.baseDepth === 0) this.openSequence(offset);
    else if (this.expect !== JsonExpect.Value && this.expect !== JsonExpect.ValueOrClose) throw unexpected(byte, offset, this.wanted());
    this.flushPendingOpen();
  }

  private close(byte: number, offset: number): void {
    const isObject = byte === CLOSE_BRACE;
    const mayClose = this.expect === JsonExpect.CommaOrClose || this.expect === (isObject ? JsonExpect.KeyOrClose : JsonExpect.ValueOrClose);
    if (!mayClose || this.isObject[this.isObject.length - 1] !== isObject) throw unexpected(byte, offset, this.wanted());
    this.isObject.pop();
    if (this.pendingOpen) {
      this.put(this.pendingOpen);
      this.pendingOpen = 0;
    } else {
      this.newline(this.depth);
    }
    this.put(byte);
    this.valueDone();
  }

  private valueDone(): void {
    this.expect = this.isObject.length > 0 ? JsonExpect.CommaOrClose : JsonExpect.Next;
  }

  private recordSeparator(offset: number): void {
    this.records.separator(this.baseDepth === 0 && this.expect === JsonExpect.Value && this.isObject.length === 0, this.expect === JsonExpect.Next, offset);
  }

  /** The first value of a JSON text sequence starts: the body is an array of its values, however many. */
  private openSequence(offset: number): void {
    this.records.value(offset);
    this.put(OPEN_BRACKET);
    this.newline(1);
    this.baseDepth = 1;
    this.holding = false;
  }

  /** A second root value starts: the body is an array of values. */
  private nextRoot(offset: number): void {
    if (this.records.active) this.records.value(offset);
    if (this.baseDepth === 0) {
      if (!this.holding) {
        throw new JsonTextError(
          'the body holds several JSON values one after another, and the first was too large to hold back; add -f body to render them as one array',
          offset,
        );
      }
      const first = this.out.take(this.out.length);
      this.put(OPEN_BRACKET);
      this.newline(1);
      // Every line break in the output is layout: no JSON string can hold a raw one.
      for (const byte of first) {
        this.put(byte);
        if (byte === 0x0a) this.indent(1);
      }
      this.baseDepth = 1;
      this.holding = false;
    }
    this.put(COMMA);
    this.newline(1);
  }

  /** Copies string content up to and including its closing quote; returns where it stopped. */
  private copyString(chunk: Uint8Array, start: number): number {
    const end = checkedStringEnd(chunk, start, this.string, this.consumed);
    const stop = end < 0 ? chunk.length : end;
    this.copy(chunk, start, stop);
    if (end >= 0) {
      this.inString = false;
      if (this.stringIsKey) this.expect = JsonExpect.Colon;
      else this.valueDone();
    }
    return stop;
  }

  /** A number, true, false or null starts at `chunk[i]`; returns where it stopped. */
  private startScalar(chunk: Uint8Array, i: number): number {
    const offset = this.consumed + i;
    if (this.expect === JsonExpect.Key || this.expect === JsonExpect.KeyOrClose || this.expect === JsonExpect.Colon || this.expect === JsonExpect.CommaOrClose) {
      throw new JsonTextError(`expected ${this.wanted()} but found "${tokenPreview(chunk, i, chunk.length).split(/[\s,:\]}]/)[0]}"`, offset);
    }
    this.valueStarts(chunk[i]!, offset);
    let end = i + 1;
    while (end < chunk.length && !SCALAR_END[chunk[end]!]) end++;
    this.copy(chunk, i, end);
    if (end === chunk.length) {
      this.scalar = Array.from(chunk.subarray(i, end));
      return end;
    }
    if (!isJsonScalar(chunk, i, end)) throw notAValue(chunk, i, end, offset);
    this.valueDone();
    return end;
  }

  /** Continues a scalar that the previous chunk cut; returns where it stopped in `chunk`. */
  private continueScalar(chunk: Uint8Array): number {
    let end = 0;
    while (end < chunk.length && !SCALAR_END[chunk[end]!]) end++;
    this.copy(chunk, 0, end);
    for (let k = 0; k < end; k++) this.scalar!.push(chunk[k]!);
    if (end < chunk.length) this.endScalar(this.consumed + end);
    return end;
  }

  /** A scalar cut by chunk boundaries has ended at body offset `end`. */
  private endScalar(end: number): void {
    const bytes = this.scalar!;
    this.scalar = undefined;
    if (!isJsonScalar(bytes, 0, bytes.length)) throw notAValue(bytes, 0, bytes.length, end - bytes.length);
    this.valueDone();
  }

  private wanted(): string {
    switch (this.expect) {
      case JsonExpect.Key:
        return 'a key';
      case JsonExpect.KeyOrClose:
        return 'a key or "}"';
      case JsonExpect.Colon:
        return '":"';
      case JsonExpect.CommaOrClose:
        return `"," or "${this.isObject[this.isObject.length - 1] ? '}' : ']'}"`;
      case JsonExpect.ValueOrClose:
        return 'a value or "]"';
      case JsonExpect.Next:
        return 'the end of the body';
      default:
        return 'a value';
    }
  }

  private flushPendingOpen(): void {
    if (!this.pendingOpen) return;
    this.put(this.pendingOpen);
    this.pendingOpen = 0;
    this.newline(this.depth);
  }

  private newline(depth: number): void {
    if (!this.pretty) return;
    this.put(0x0a);
    this.indent(depth);
  }

  private indent(depth: number): void {
    if (!this.pretty) return;
    const out = this.out;
    out.reserve(2 * depth);
    out.bytes.fill(0x20, out.length, out.length + 2 * depth);
    out.length += 2 * depth;
  }

  private put(byte: number): void {
    this.out.put(byte);
  }

  private copy(chunk: Uint8Array, start: number, end: number): void {
    this.out.write(chunk, start, end);
    if (this.out.length >= OUTPUT_CHUNK) this.drain();
  }

  /** Hands on what is written; nothing while the first of possibly several values is held back. */
  private drain(): void {
    if (this.holding && this.out.length < HOLD_BACK) return;
    this.holding = false;
    if (this.out.length > 0) this.emit(this.out.take(this.out.length));
  }
}

function unexpected(byte: number, offset: number, wanted: string): JsonTextError {
  return new JsonTextError(`expected ${wanted} but found "${String.fromCharCode(byte)}"`, offset);
}

function notAValue(bytes: Uint8Array | readonly number[], start: number, end: number, offset: number): JsonTextError {
  return new JsonTextError(`"${tokenPreview(bytes, start, end)}" is not a JSON value`, offset);
}
