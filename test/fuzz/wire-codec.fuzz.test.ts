/**
 * The plugin wire codec under what a broken or hostile plugin writes: messages in CBOR and JSON
 * lines, cut into random chunks, with bytes mutated, and random bytes. The reader gives messages
 * (each a map with a string `type`) or a MalformedMessageError, and reads back what was encoded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeDocument, encodeMessage, MalformedMessageError, MessageReader, type WireEncoding } from '../../sdk/codec.js';
import { fuzz, tally } from './harness.js';
import { chunked, cuts, mutatedBytes, randomBytes } from './mutate.js';

const encoding = fc.constantFrom<WireEncoding>('cbor', 'json');
const message = fc.record({
  type: fc.constantFrom('call', 'result', 'error', 'log', 'chunk', 'end', ''),
  id: fc.nat(),
  value: fc.jsonValue({ maxDepth: 4 }),
  body: fc.uint8Array({ maxLength: 16 }),
});
const messages = fc.array(message, { minLength: 1, maxLength: 4 });
const encoded = (list: object[], how: WireEncoding) => new Uint8Array(Buffer.concat(list.map((m) => encodeMessage(m, how))));

function readAll(bytes: Uint8Array, at: number[], how: WireEncoding): unknown[] {
  const reader = new MessageReader(how);
  const read: unknown[] = [];
  for (const chunk of chunked(bytes, at)) {
    for (const m of reader.push(chunk)) {
      expect(typeof m.type).toBe('string');
      read.push(m);
    }
  }
  return read;
}

describe('the plugin wire codec', () => {
  const counts = tally('plugin wire codec');

  it('reads back every message encoded, however the stream is cut', () => {
    fuzz(
      counts,
      fc.tuple(messages, encoding, cuts),
      [],
      ([list, how, at]) => {
        const read = readAll(encoded(list, how), at, how) as { type: string; id: number; body: Uint8Array }[];
        expect(read.map((m) => [m.type, m.id, [...m.body]])).toEqual(list.map((m) => [m.type, m.id, [...m.body]]));
      },
      400,
    );
  });

  it('gives messages or a MalformedMessageError for mutated and random bytes', () => {
    fuzz(
      counts,
      fc.tuple(encoding, cuts).chain(([how, at]) => fc.tuple(fc.oneof(mutatedBytes(messages.map((list) => encoded(list, how)), 4), randomBytes), fc.constant(how), fc.constant(at))),
      [MalformedMessageError],
      ([bytes, how, at]) => void readAll(bytes, at, how),
      800,
    );
  });

  // cbor-x refuses truncated input with a TypeError or RangeError as well as with an Error; the one
  // caller (kernel/plugins/probe.ts) turns any of them into a ManifestError naming the plugin.
  it('decodes a whole document or throws an Error, never hangs', () => {
    fuzz(counts, fc.tuple(fc.oneof(mutatedBytes(messages.map((list) => encoded(list, 'cbor'))), randomBytes), encoding), [Error], ([bytes, how]) => void decodeDocument(bytes, how), 400);
  });
});
