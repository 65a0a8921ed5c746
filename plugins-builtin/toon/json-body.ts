/**
 * A JSON body decoded while it arrives. A root array (the usual large body) is parsed a batch of
 * elements at a time as its bytes come in, and each batch is handed on at once. Every other body,
 * and anything unusual (a byte order mark, another charset, several values, a syntax error, even
 * after batches were handed on), is decoded whole at the end by the kernel's JSON decoder, so the
 * value is always the one the decoded path would give.
 */
import { charsetOf, mediaTypeEssence } from '../../sdk/shared/media-type.js';
import { isUtf8Charset } from '../../sdk/shared/decoders/decoder.js';
import { jsonDecoder } from '../../sdk/shared/decoders/json.js';
import { CLOSE_BRACE, CLOSE_BRACKET, COMMA, isJsonWhitespace, OPEN_BRACE, OPEN_BRACKET, QUOTE, stringEnd, type StringScan } from '../../sdk/shared/json-syntax.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';

/** Elements are parsed once about this many bytes of them have arrived. */
const BATCH = 256 * 1024;

/** Where the reader is in the body. */
type Phase = 'before-root' | 'in-array' | 'after-root' | 'whole';

export class JsonBody {
  private readonly chunks: Uint8Array[] = [];
  private phase: Phase;
  /** The current batch: the chunks it spans, from `batchOffset` in the first; its bytes up to the last chunk's end. */
  private batch: Uint8Array[] = [];
  private batchOffset = 0;
  private batchBytes = 0;
  /** Commas at the root's level inside the current batch; whether the array has had any. */
  private batchCommas = 0;
  private sawComma = false;
  private depth = 0;
  private inString = false;
  private readonly string: StringScan = { escaped: false };

  /** `onElements` gets each batch of a root array's elements, in order. */
  constructor(
    private readonly contentType: string,
    private readonly onElements: (elements: unknown[]) => void,
    private readonly batchSize = BATCH,
  ) {
    // Batches are decoded as UTF-8; another charset is left to the whole-body decoder.
    this.phase = isUtf8Charset(charsetOf(contentType)) ? 'before-root' : 'whole';
  }

  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    if (this.phase === 'in-array') {
      this.batch.push(chunk);
      this.batchBytes += chunk.length;
      this.scanArray(chunk, 0);
    } else if (this.phase === 'before-root') {
      this.findRoot(chunk);
    } else if (this.phase === 'after-root' && !isBlank(chunk, 0)) {
      this.phase = 'whole';
    }
  }

  /**
   * Undefined when the body was one root array, all of whose elements went to `onElements`;
   * otherwise the body's value, read whole, and whatever `onElements` got is to be forgotten.
   */
  end(): { readonly value: unknown } | undefined {
    if (this.phase === 'after-root') return undefined;
    const bytes = Buffer.concat(this.chunks);
    return { value: bytes.length === 0 ? null : jsonDecoder.decode(bytes, mediaTypeEssence(this.contentType), charsetOf(this.contentType)) };
  }

  private findRoot(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length && isJsonWhitespace(chunk[i]!)) i++;
    if (i === chunk.length) return;
    if (chunk[i] !== OPEN_BRACKET) {
      this.phase = 'whole';
      return;
    }
    this.phase = 'in-array';
    this.depth = 1;
    this.batch = [chunk];
    this.batchOffset = i + 1;
    this.batchBytes = chunk.length - i - 1;
    this.scanArray(chunk, i + 1);
  }

  /** Follows the array's nesting from `from`, parsing a batch at a root comma once it is large enough. */
  private scanArray(chunk: Uint8Array, from: number): void {
    let depth = this.depth;
    let inString = this.inString;
    let i = from;
    const length = chunk.length;
    for (; i < length; i++) {
      if (inString) {
        const end = stringEnd(chunk, i, this.string);
        if (end < 0) break;
        i = end - 1;
        inString = false;
        continue;
      }
      const byte = chunk[i]!;
      if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        depth++;
      } else if (byte === CLOSE_BRACE) {
        depth--;
      } else if (byte === CLOSE_BRACKET) {
        if (--depth === 0) {
          this.phase = this.parseBatch(chunk, i) && isBlank(chunk, i + 1) ? 'after-root' : 'whole';
          return;
        }
      } else if (byte === COMMA && depth === 1) {
        this.sawComma = true;
        if (this.batchBytes - (length - i) < this.batchSize) {
          this.batchCommas++;
        } else {
          if (!this.parseBatch(chunk, i)) {
            this.phase = 'whole';
            return;
          }
          this.batch = [chunk];
          this.batchOffset = i + 1;
          this.batchBytes = length - i - 1;
        }
      }
    }
    this.depth = depth;
    this.inString = inString;
  }

  /**
   * Parses the batch up to `end` in `chunk` and hands its elements on; false when it is not exactly
   * the elements its commas promise (a syntax error, or `[1,]`), and the body must be read whole.
   */
  private parseBatch(chunk: Uint8Array, end: number): boolean {
    const pieces = this.batch.map((piece, index) => {
      const start = index === 0 ? this.batchOffset : 0;
      return piece === chunk ? piece.subarray(start, end) : piece.subarray(start);
    });
    const text = Buffer.concat(pieces).toString('utf8');
    // `[]` is the only batch of no elements; `[1,]` and `[,1]` have a blank one where one is due.
    const expected = !this.sawComma && isBlankText(text) ? 0 : this.batchCommas + 1;
    this.batchCommas = 0;
    let parsed: unknown;
    try {
      parsed = parseJsonExact(`[${text}]`);
    } catch {
      return false;
    }
    const values = parsed as unknown[];
    if (values.length !== expected) return false;
    if (values.length > 0) this.onElements(values);
    return true;
  }
}

function isBlank(chunk: Uint8Array, from: number): boolean {
  for (let i = from; i < chunk.length; i++) if (!isJsonWhitespace(chunk[i]!)) return false;
  return true;
}

function isBlankText(text: string): boolean {
  return text.trim() === '';
}
