/**
 * The response body decoders under what a hostile server sends: random bytes, and valid JSON,
 * YAML, CBOR and NDJSON with bytes flipped, dropped, duplicated or cut, in several charsets. Each
 * gives a value or an UndecodableBodyError; the exact JSON reader agrees with JSON.parse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify as yamlText } from 'yaml';
import { cborDecoder } from '../../sdk/shared/decoders/cbor.js';
import { UndecodableBodyError } from '../../sdk/shared/decoders/decoder.js';
import { jsonDecoder } from '../../sdk/shared/decoders/json.js';
import { ndjsonDecoder } from '../../sdk/shared/decoders/ndjson.js';
import { yamlDecoder } from '../../sdk/shared/decoders/yaml.js';
import { newCborEncoder } from '../../sdk/shared/cbor.js';
import { KeyCollisionError, UnholdableKeyError } from '../../sdk/shared/map-keys.js';
import { ExactNumber } from '../../sdk/shared/exact-number.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { NestingError } from '../../sdk/shared/nesting.js';
import { fuzz, fuzzAsync, tally } from './harness.js';
import { jsonText, mutatedBytes, mutatedText, randomBytes } from './mutate.js';

const charset = fc.constantFrom(undefined, 'utf-8', 'UTF8', 'iso-8859-1', 'utf-16le', 'shift_jis', 'no-such-charset', '');
const utf8 = (text: string) => new Uint8Array(Buffer.from(text));
const jsonBytes = fc.oneof(jsonText.map(utf8), fc.tuple(jsonText, jsonText).map(([a, b]) => utf8(`${a}\n${b}`)), fc.tuple(jsonText, jsonText).map(([a, b]) => utf8(`\x1e${a}\n\x1e${b}\n`)));

/** A value read exactly, with each ExactNumber as the double JSON.parse would give. */
function asDoubles(value: unknown): unknown {
  if (value instanceof ExactNumber) return Number(value.text);
  if (Array.isArray(value)) return value.map(asDoubles);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asDoubles(v)]));
  return value;
}

describe('the exact JSON reader', () => {
  const counts = tally('exact JSON reader');

  it('accepts what JSON.parse accepts, refuses what it refuses, and reads the same values', () => {
    fuzz(
      counts,
      fc.oneof(mutatedText(jsonText), fc.string({ maxLength: 40 })),
      [],
      (text) => {
        let expected: { value: unknown } | undefined;
        try {
          expected = { value: JSON.parse(text) };
        } catch {
          expected = undefined;
        }
        if (expected === undefined) expect(() => parseJsonExact(text)).toThrow(SyntaxError);
        else expect(asDoubles(parseJsonExact(text))).toEqual(expected.value);
      },
      800,
    );
  });
});

describe('the JSON body decoder', () => {
  const counts = tally('JSON body decoder');

  it('decodes or refuses with an UndecodableBodyError, and decodes a JSON text as JSON.parse does', () => {
    fuzz(
      counts,
      fc.tuple(fc.oneof(mutatedBytes(jsonBytes), randomBytes), charset),
      [UndecodableBodyError],
      ([bytes, label]) => {
        const text = Buffer.from(bytes).toString('utf8');
        let single: unknown;
        try {
          single = parseJsonExact(text.replace(/^\ufeff/, ''));
        } catch {
          single = undefined;
        }
        const value = jsonDecoder.decode(bytes, 'application/json', label);
        if (single !== undefined && (label === undefined || /^utf-?8$/i.test(label))) expect(value).toEqual(single);
      },
      800,
    );
  });
});

describe('the NDJSON body decoder', () => {
  const counts = tally('NDJSON body decoder');

  it('gives an array of records for any bytes', () => {
    fuzz(counts, fc.tuple(fc.oneof(mutatedBytes(jsonBytes), randomBytes), charset), [UndecodableBodyError], ([bytes, label]) => expect(Array.isArray(ndjsonDecoder.decode(bytes, 'application/x-ndjson', label))).toBe(true), 500);
  });
});

describe('the YAML body decoder', () => {
  const counts = tally('YAML body decoder');
  const yamlBytes = fc.jsonValue({ maxDepth: 5 }).map((value) => utf8(yamlText(value)));
  const hostileYaml = fc.constantFrom('a: &x [1, 2]\nb: *x\n', 'a: &a [*a]\n', '--- 1\n--- 2\n', '!!binary aGVsbG8=', '? [a, b]\n: c\n', 'a: !!python/object x', '%YAML 1.2\n---\na: 1', '{a: [b, {c: d}]}', 'x: 0o17\ny: 0x1F\nz: .inf\nw: 1e400');

  it('decodes or refuses with an UndecodableBodyError, a NestingError (an alias that holds itself never ends), or a map key okapi cannot hold', async () => {
    await fuzzAsync(counts, fc.tuple(fc.oneof(mutatedBytes(fc.oneof(yamlBytes, hostileYaml.map(utf8))), randomBytes), charset), [UndecodableBodyError, NestingError, KeyCollisionError, UnholdableKeyError], async ([bytes, label]) => void (await yamlDecoder.decode(bytes, 'application/yaml', label)), 400);
  });
});

describe('the CBOR body decoder', () => {
  const counts = tally('CBOR body decoder');
  const encoder = newCborEncoder();
  const cborBytes = fc.jsonValue({ maxDepth: 5 }).map((value) => new Uint8Array(encoder.encode(value)));
  const cborType = fc.constantFrom('application/cbor', 'application/cbor-seq', 'application/x+cbor');

  // CBOR that okapi cannot hold without losing an entry (keys 1 and "1", a map as a key) is refused as such.
  it('decodes or refuses with an UndecodableBodyError, or a map key okapi cannot hold', async () => {
    await fuzzAsync(counts, fc.tuple(fc.oneof(mutatedBytes(cborBytes), randomBytes), cborType), [UndecodableBodyError, KeyCollisionError, UnholdableKeyError], async ([bytes, type]) => void (await cborDecoder.decode(bytes, type, undefined)), 600);
  });
});
