/**
 * gron of JSON text as it streams by, never parsed into values: output starts while the body is
 * still arriving, memory stays at a chunk and the current path, and strings and numbers are
 * written exactly as the server sent them (big integers keep every digit).
 *
 * Several JSON values one after another (concatenated JSON or a JSON text sequence sent as
 * application/json) are rendered as the decoded body is, as the elements of one array. That is
 * known only once a second value starts, so the output of the first is held back until then, up
 * to HOLD_BACK bytes; past that it streams, and a second value is an error.
 */
import { ByteOutput } from '../../sdk/shared/byte-output.js';
import { MAX_NESTING, NestingError } from '../../sdk/shared/nesting.js';
import { BACKSLASH, checkedStringEnd, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, isJsonScalar, JsonExpect, JsonTextError, JsonTextSequence, OPEN_BRACE, OPEN_BRACKET, QUOTE, RECORD_SEPARATOR, SCALAR_END, SEPARATING_BYTES, tokenPreview, type StringScan } from '../../sdk/shared/json-syntax.js';
import { accessor, isIdentifierBytes, ROOT } from './accessor.js';

const OUTPUT_CHUNK = 64 * 1024;
const HOLD_BACK = 1024 * 1024;


const ASSIGN = Buffer.from(' = ');
const END_LINE = Buffer.from(';\n');
const EMPTY_OBJECT = Buffer.from(' = {};\n');
const EMPTY_ARRAY = Buffer.from(' = [];\n');
const EMPTY_BODY = Buffer.from(`${ROOT} = null;\n`);
const EMPTY_SEQUENCE = Buffer.from(`${ROOT} = [];\n`);

/** A token that a chunk boundary cut in two. */
const enum Partial {
  None,
  StringValue,
  Key,
  Scalar,
}

export class GronStream {
  private expect = JsonExpect.Value;
  /** Open containers: whether each is an object, where its path ends, and its next index. */
  private readonly isObject: boolean[] = [];
  private readonly pathEnds: number[] = [];
  private readonly indexes: number[] = [];
  /** The path of the value being written: `json`, then one accessor per level. */
  private path = new Uint8Array(256);
  private pathLength = 0;
  /** -1 while the body is one value; the index of the current value once there are several. */
  private rootIndex = -1;
  private partial = Partial.None;
  private readonly string: StringScan = { escaped: false };
  /** Bytes of a key or scalar that a chunk boundary cut. */
  private carry: number[] = [];
  private readonly out = new ByteOutput(OUTPUT_CHUNK * 2);
  private holding = true;
  private readonly records = new JsonTextSequence();
  private consumed = 0;

  constructor(private readonly emit: (chunk: Uint8Array) => void) {
    this.setRoot(ROOT);
  }

  push(chunk: Uint8Array): void {
    const n = chunk.length;
    let i = 0;
    if (this.partial !== Partial.None) i = this.resume(chunk);
    while (i < n) {
      const byte = chunk[i]!;
      if (SEPARATING_BYTES[byte]) {
        if (byte === RECORD_SEPARATOR) this.recordSeparator(this.consumed + i);
        i++;
        continue;
      }
      const offset = this.consumed + i;
      switch (this.expect) {
        case JsonExpect.Key:
        case JsonExpect.KeyOrClose:
          if (byte === QUOTE) i = this.key(chunk, i);
          else if (byte === CLOSE_BRACE && this.expect === JsonExpect.KeyOrClose) i = this.close(byte, i);
          else throw this.unexpected(byte, offset, 'a key');
          break;
        case JsonExpect.Colon:
          if (byte !== COLON) throw this.unexpected(byte, offset, '":"');
          this.expect = JsonExpect.Value;
          i++;
          break;
        case JsonExpect.CommaOrClose:
          if (byte === COMMA) {
            this.expect = this.isObject[this.isObject.length - 1] ? JsonExpect.Key : JsonExpect.Value;
            i++;
          } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
            i = this.close(byte, i);
          } else {
            throw this.unexpected(byte, offset, '"," or the end of the container');
          }
          break;
        case JsonExpect.ValueOrClose:
          if (byte === CLOSE_BRACKET) {
            i = this.close(byte, i);
            break;
          }
          i = this.value(chunk, i);
          break;
        case JsonExpect.Next:
          this.nextRoot(offset);
          i = this.value(chunk, i);
          break;
        default:
          if (this.records.active && this.rootIndex < 0) this.openSequence(offset);
          i = this.value(chunk, i);
      }
    }
    this.consumed += n;
    this.drain();
  }

  /** Ends the body: complains if it stopped in the middle of a value. */
  end(): void {
    if (this.partial === Partial.Scalar) this.endScalar(this.consumed);
    // Expecting a value outside any container means the body was empty: there is nothing to write.
    const complete = this.expect === JsonExpect.Next || (this.expect === JsonExpect.Value && this.isObject.length === 0);
    if (this.partial !== Partial.None || !complete) {
      throw new JsonTextError('the JSON text ends before its last value does', this.consumed);
    }
    // No value: an empty body is null and a sequence of no records an empty array, as decoded; white space alone is no JSON.
    if (this.expect === JsonExpect.Value && this.rootIndex < 0) {
      if (this.consumed === 0) this.out.write(EMPTY_BODY);
      else if (this.records.active) this.out.write(EMPTY_SEQUENCE);
      else throw new JsonTextError('the body holds only white space, no JSON value', this.consumed);
    }
    this.holding = false;
    this.drain();
  }

  /** A value starts at `chunk[i]`: writes its line (or its first part) and returns where it stopped. */
  private value(chunk: Uint8Array, i: number): number {
    const byte = chunk[i]!;
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      // Each line repeats its path: deep nesting would grow the output with the square of the depth.
      if (this.isObject.length >= MAX_NESTING) throw new NestingError('the response body', `at byte ${this.consumed + i}`);
      this.enterValue();
      this.out.write(this.path, 0, this.pathLength);
      this.out.write(byte === OPEN_BRACE ? EMPTY_OBJECT : EMPTY_ARRAY);
      this.isObject.push(byte === OPEN_BRACE);
      this.pathEnds.push(this.pathLength);
      this.indexes.push(0);
      this.expect = byte === OPEN_BRACE ? JsonExpect.KeyOrClose : JsonExpect.ValueOrClose;
      return i + 1;
    }
    if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET || byte === COMMA || byte === COLON) {
      throw this.unexpected(byte, this.consumed + i, 'a value');
    }
    this.enterValue();
    this.out.write(this.path, 0, this.pathLength);
    this.out.write(ASSIGN);
    if (byte === QUOTE) {
      this.out.put(QUOTE);
      return this.stringValue(chunk, i + 1);
    }
    let end = i + 1;
    while (end < chunk.length && !SCALAR_END[chunk[end]!]) end++;
    if (end === chunk.length) {
      this.partial = Partial.Scalar;
      for (let k = i; k < end; k++) this.carry.push(chunk[k]!);
      return end;
    }
    this.scalar(chunk, i, end, this.consumed + i);
    return end;
  }

  /** The path of a value that starts now: in an array, the next index. */
  private enterValue(): void {
    const depth = this.isObject.length;
    if (depth === 0 || this.isObject[depth - 1]) return;
    this.pathLength = this.pathEnds[depth - 1]!;
    const index = this.indexes[depth - 1]!;
    this.indexes[depth - 1] = index + 1;
    this.appendPath(`[${index}]`);
  }

  /** Copies string content up to its closing quote; returns where it stopped. */
  private stringValue(chunk: Uint8Array, start: number): number {
    const end = this.stringEnd(chunk, start);
    if (end < 0) {
      this.out.write(chunk, start, chunk.length);
      this.partial = Partial.StringValue;
      return chunk.length;
    }
    this.out.write(chunk, start, end);
    this.out.write(END_LINE);
    this.partial = Partial.None;
    this.valueDone();
    return end;
  }

  /** `offset`: where the scalar starts in the body. */
  private scalar(bytes: Uint8Array | number[], start: number, end: number, offset: number): void {
    if (!isJsonScalar(bytes, start, end)) {
      throw new JsonTextError(`"${tokenPreview(bytes, start, end)}" is not a JSON value`, offset);
    }
    this.out.write(bytes, start, end);
    this.out.write(END_LINE);
    this.valueDone();
  }

  /** A scalar cut by chunk boundaries has ended at body offset `end`. */
  private endScalar(end: number): void {
    const bytes = this.carry;
    this.carry = [];
    this.partial = Partial.None;
    this.scalar(bytes, 0, bytes.length, end - bytes.length);
  }

  /** A key starts at the quote `chunk[i]`; returns where it stopped. */
  private key(chunk: Uint8Array, i: number): number {
    const end = this.stringEnd(chunk, i + 1);
    if (end < 0) {
      this.partial = Partial.Key;
      for (let k = i; k < chunk.length; k++) this.carry.push(chunk[k]!);
      return chunk.length;
    }
    this.keyDone(chunk, i, end);
    return end;
  }

  /** The key `bytes[start, end)`, quotes included, is whole: its accessor ends the path. */
  private keyDone(bytes: Uint8Array, start: number, end: number): void {
    const depth = this.isObject.length;
    this.pathLength = this.pathEnds[depth - 1]!;
    let hasEscape = false;
    for (let k = start + 1; k < end - 1 && !hasEscape; k++) hasEscape = bytes[k] === BACKSLASH;
    if (!hasEscape && isIdentifierBytes(bytes, start + 1, end - 1)) {
      this.appendPath('.');
      this.appendPathBytes(bytes, start + 1, end - 1);
    } else if (!hasEscape) {
      // Without escapes the key's literal is exactly what JSON.stringify would write.
      this.appendPath('[');
      this.appendPathBytes(bytes, start, end);
      this.appendPath(']');
    } else {
      let key: string;
      try {
        key = JSON.parse(Buffer.from(bytes.subarray(start, end)).toString('utf8')) as string;
      } catch {
        throw new JsonTextError('a key with a broken escape', this.consumed);
      }
      const text = Buffer.from(accessor(key), 'utf8');
      this.appendPathBytes(text, 0, text.length);
    }
    this.expect = JsonExpect.Colon;
  }

  /** Continues a token that the previous chunk cut; returns where it stopped in `chunk`. */
  private resume(chunk: Uint8Array): number {
    switch (this.partial) {
      case Partial.StringValue:
        return this.stringValue(chunk, 0);
      case Partial.Scalar: {
        let end = 0;
        while (end < chunk.length && !SCALAR_END[chunk[end]!]) end++;
        for (let k = 0; k < end; k++) this.carry.push(chunk[k]!);
        if (end < chunk.length) this.endScalar(this.consumed + end);
        return end;
      }
      default: {
        const end = this.stringEnd(chunk, 0);
        const stop = end < 0 ? chunk.length : end;
        for (let k = 0; k < stop; k++) this.carry.push(chunk[k]!);
        if (end < 0) return stop;
        const key = Uint8Array.from(this.carry);
        this.carry = [];
        this.partial = Partial.None;
        this.keyDone(key, 0, key.length);
        return stop;
      }
    }
  }

  private stringEnd(bytes: Uint8Array, start: number): number {
    return checkedStringEnd(bytes, start, this.string, this.consumed);
  }

  private close(byte: number, i: number): number {
    const wasObject = this.isObject.pop();
    if ((byte === CLOSE_BRACE) !== wasObject) throw this.unexpected(byte, this.consumed + i, 'a value');
    this.pathEnds.pop();
    this.indexes.pop();
    this.valueDone();
    return i + 1;
  }

  private valueDone(): void {
    this.expect = this.isObject.length > 0 ? JsonExpect.CommaOrClose : JsonExpect.Next;
    if (this.out.length >= OUTPUT_CHUNK) this.drain();
  }

  private recordSeparator(offset: number): void {
    this.records.separator(this.rootIndex < 0 && this.expect === JsonExpect.Value && this.isObject.length === 0, this.expect === JsonExpect.Next, offset);
  }

  /** The first value of a JSON text sequence starts: the body is an array of its values, however many. */
  private openSequence(offset: number): void {
    this.records.value(offset);
    this.out.write(Buffer.from(`${ROOT} = [];\n`));
    this.rootIndex = 0;
    this.setRoot(`${ROOT}[0]`);
    this.holding = false;
  }

  /** A second root value starts: the body is an array of values, the first one `json[0]`. */
  private nextRoot(offset: number): void {
    if (this.records.active) this.records.value(offset);
    if (this.rootIndex < 0) {
      if (!this.holding) {
        throw new JsonTextError(
          'the body holds several JSON values one after another, and the first was too large to hold back; add -f body to render them as one array',
          offset,
        );
      }
      const held = Buffer.from(this.out.take(this.out.length)).toString('utf8');
      // Every line starts with the root: no JSON string can hold a raw line break.
      this.out.write(Buffer.from(`${ROOT} = [];\n${held.replace(new RegExp(`^${ROOT}`, 'gm'), `${ROOT}[0]`)}`));
      this.rootIndex = 0;
      this.holding = false;
    }
    this.setRoot(`${ROOT}[${++this.rootIndex}]`);
  }

  private setRoot(root: string): void {
    this.pathLength = 0;
    this.appendPath(root);
  }

  /** `text` is ASCII: brackets, digits, the root's name. */
  private appendPath(text: string): void {
    for (let k = 0; k < text.length; k++) this.appendPathByte(text.charCodeAt(k));
  }

  private appendPathBytes(bytes: Uint8Array, start: number, end: number): void {
    for (let k = start; k < end; k++) this.appendPathByte(bytes[k]!);
  }

  private appendPathByte(byte: number): void {
    if (this.pathLength === this.path.length) {
      const longer = new Uint8Array(this.path.length * 2);
      longer.set(this.path);
      this.path = longer;
    }
    this.path[this.pathLength++] = byte;
  }

  private unexpected(byte: number, offset: number, wanted: string): JsonTextError {
    return new JsonTextError(`expected ${wanted} but found "${String.fromCharCode(byte)}"`, offset);
  }

  /** Hands on what is written, up to the last whole line; nothing while holding back. */
  private drain(): void {
    const out = this.out;
    if (this.holding && out.length < HOLD_BACK) return;
    this.holding = false;
    if (out.length === 0) return;
    const lastLine = out.bytes.lastIndexOf(0x0a, out.length - 1) + 1;
    if (lastLine > 0) this.emit(out.take(lastLine));
  }
}
