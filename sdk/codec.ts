/**
 * The wire codec shared by the host and the SDK: CBOR sequences (RFC 8742) or JSON lines.
 * cbor-x is configured for what plugins in other languages expect: plain byte strings (no typed
 * array tags), minimal map headers and string-keyed maps (sdk/shared/cbor.ts). Numbers a double would
 * change keep their digits in both encodings: CBOR integers, bignums and decimal fractions, and
 * JSON number literals.
 */
import { newCborDecoder, newCborEncoder } from './shared/cbor.js';
import { ExactNumber } from './shared/exact-number.js';
import { parseJsonExact } from './shared/json-parse.js';
import { MAX_NESTING, NestingError } from './shared/nesting.js';
import { stringifyJson } from './shared/json-stringify.js';

export type WireEncoding = 'cbor' | 'json';

export type WireMessage = { type: string } & Record<string, unknown>;

/** Raised for bytes that are not a well-formed message; the session turns it into a plugin error. */
export class MalformedMessageError extends Error {}

/**
 * Data travels at most two maps deep inside a message (`{type: 'result', value: {document: …}}`):
 * the envelope does not count against okapi's nesting limit.
 */
const MESSAGE_NESTING = MAX_NESTING + 2;

const cborEncoder = newCborEncoder();
const cborDecoder = newCborDecoder(MESSAGE_NESTING);

/** Fields carrying bytes: base64 strings in the JSON encoding. */
const BYTE_FIELDS = new Set(['data', 'body', 'signature', 'digest', 'spec']);
/** Fields whose contents are user data, never reinterpreted as bytes. */
const OPAQUE_FIELDS = new Set(['value', 'document', 'params', 'args', 'manifest', 'edits', 'entry', 'index', 'scope', 'table', 'command', 'detail']);

export function encodeMessage(message: object, encoding: WireEncoding): Uint8Array {
  if (encoding === 'cbor') return cborEncoder.encode(message);
  return Buffer.from(stringifyJson(message) + '\n');
}

/** Turns the base64 strings of known byte fields back into bytes, leaving user data alone. */
function reviveBytes(value: unknown, key?: string): unknown {
  if (key !== undefined && OPAQUE_FIELDS.has(key)) return value;
  if (typeof value === 'string' && key !== undefined && BYTE_FIELDS.has(key)) {
    return new Uint8Array(Buffer.from(value, 'base64'));
  }
  if (key === 'certificate_chain' && Array.isArray(value)) {
    return value.map((der) => (typeof der === 'string' ? new Uint8Array(Buffer.from(der, 'base64')) : der));
  }
  if (Array.isArray(value)) return value.map((item) => reviveBytes(item));
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array) && !(value instanceof ExactNumber)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = reviveBytes(v, k);
    return out;
  }
  return value;
}

/** Decodes one whole document (a manifest or a discovery answer) in either encoding. */
export function decodeDocument(bytes: Uint8Array, encoding: WireEncoding): unknown {
  if (encoding === 'cbor') return cborDecoder.decode(bytes);
  return parseJsonExact(Buffer.from(bytes).toString('utf8'), undefined, MESSAGE_NESTING);
}

/**
 * Splits a byte stream into messages. Feed chunks as they arrive; each call returns the messages
 * completed so far. Throws MalformedMessageError for bytes that cannot be a message.
 */
export class MessageReader {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly encoding: WireEncoding) {}

  push(chunk: Uint8Array): WireMessage[] {
    this.pending = this.pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.pending, chunk]);
    return this.encoding === 'cbor' ? this.drainCbor() : this.drainJson();
  }

  /** True when bytes of an unfinished message are still waiting. */
  get hasPartial(): boolean {
    return this.pending.some((byte) => byte !== 0x0a && byte !== 0x0d && byte !== 0x20);
  }

  private drainCbor(): WireMessage[] {
    const messages: unknown[] = [];
    try {
      cborDecoder.decodeMultiple(this.pending, (value: unknown) => {
        messages.push(value);
      });
      this.pending = Buffer.alloc(0);
    } catch (error) {
      if (error instanceof NestingError) throw new MalformedMessageError(error.about('the message').message);
      const e = error as { incomplete?: boolean; lastPosition?: number; message?: string };
      if (!e.incomplete) throw new MalformedMessageError(`not valid CBOR: ${e.message ?? String(error)}`);
      this.pending = this.pending.subarray(e.lastPosition ?? 0);
    }
    return messages.map((m) => asMessage(m));
  }

  private drainJson(): WireMessage[] {
    const messages: WireMessage[] = [];
    let newline = this.pending.indexOf(0x0a);
    while (newline !== -1) {
      const line = this.pending.subarray(0, newline).toString('utf8').trim();
      this.pending = this.pending.subarray(newline + 1);
      if (line !== '') {
        let parsed: unknown;
        try {
          parsed = parseJsonExact(line, undefined, MESSAGE_NESTING);
        } catch (error) {
          if (error instanceof NestingError) throw new MalformedMessageError(error.about('the message').message);
          throw new MalformedMessageError(`not a JSON line: ${(error as Error).message} in ${preview(line)}`);
        }
        messages.push(asMessage(reviveBytes(parsed)));
      }
      newline = this.pending.indexOf(0x0a);
    }
    return messages;
  }
}

function asMessage(value: unknown): WireMessage {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Uint8Array) {
    throw new MalformedMessageError(`expected a map with a "type" field, got ${describe(value)}`);
  }
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') {
    throw new MalformedMessageError(`message has no "type" string: ${preview(stringifyJson(value))}`);
  }
  return value as WireMessage;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'a byte string';
  return `a ${typeof value}`;
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
