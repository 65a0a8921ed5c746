/**
 * The formatters that read JSON text as it streams by, never parsed whole (json's re-layout, gron,
 * toon's body reader), against the decoded path: cut into random chunks, valid and mutated JSON
 * either gives exactly what the decoded body gives, or is refused with the documented error
 * (JsonTextError for the streams, UndecodableBodyError for toon's reader), and only when the
 * decoder refuses it too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UndecodableBodyError } from '../../sdk/shared/decoders/decoder.js';
import { jsonDecoder } from '../../sdk/shared/decoders/json.js';
import { GronStream } from '../../plugins-builtin/gron/stream.js';
import { JsonReindenter } from '../../plugins-builtin/json/reindent.js';
import { JsonBody } from '../../plugins-builtin/toon/json-body.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { JsonTextError } from '../../sdk/shared/json-syntax.js';
import { formatDocument } from '../unit/formatters/run-with-options.js';
import { fuzz, fuzzAsync, tally } from './harness.js';
import { chunked, cuts, jsonText, mutatedBytes } from './mutate.js';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text));
/** One value, several concatenated, or a JSON text sequence, as servers send them. */
const body = mutatedBytes(fc.oneof({ weight: 4, arbitrary: jsonText.map(utf8) }, fc.array(jsonText, { minLength: 2, maxLength: 3 }).map((values) => utf8(values.join('\n'))), fc.array(jsonText, { minLength: 1, maxLength: 3 }).map((values) => utf8(values.map((v) => `\x1e${v}\n`).join('')))), 2);

/** The decoded path: the body's value, or undefined when the decoder refuses it. */
function decoded(bytes: Uint8Array): { value: unknown } | undefined {
  if (bytes.length === 0) return { value: null };
  try {
    return { value: jsonDecoder.decode(bytes, 'application/json', undefined) };
  } catch (error) {
    if (error instanceof UndecodableBodyError) return undefined;
    throw error;
  }
}

/** What a stream wrote for `bytes` cut at `at`, or the documented error it threw (rethrown after checking the decoder agrees). */
function streamed(bytes: Uint8Array, at: number[], start: (emit: (chunk: Uint8Array) => void) => { push(chunk: Uint8Array): void; end(): void }): string | undefined {
  const out: Buffer[] = [];
  const stream = start((chunk) => out.push(Buffer.from(chunk)));
  try {
    for (const chunk of chunked(bytes, at)) stream.push(chunk);
    stream.end();
  } catch (error) {
    if (error instanceof JsonTextError) expect(decoded(bytes), 'the decoded path reads what the stream refused').toBeUndefined();
    throw error;
  }
  return Buffer.concat(out).toString('utf8');
}

/**
 * Whether an object in the text repeats a key. gron writes each key as the server sent it, where
 * the decoded body keeps only the last value: such bodies are not compared line for line.
 */
function repeatsKey(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString('utf8');
  /** The keys of each open container: a set for an object, undefined for an array. */
  const open: (Set<string> | undefined)[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') open.push(new Set());
    else if (c === '[') open.push(undefined);
    else if (c === '}' || c === ']') open.pop();
    else if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      let next = end + 1;
      while (/\s/.test(text[next] ?? '')) next++;
      const keys = open[open.length - 1];
      if (text[next] === ':' && keys) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) return true;
        keys.add(key);
      }
      i = end;
    }
  }
  return false;
}

/**
 * gron's lines as a sorted list, each string (in a key or a value) in one spelling: the stream
 * writes escapes as the server did (`"\\/"`), the decoded path as JSON.stringify does (`"/"`).
 */
function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => {
      const at = line.indexOf(' = ');
      if (at < 0) return line;
      const path = line.slice(0, at).replace(/\["(?:[^"\\]|\\.)*"\]/g, (part) => `[${JSON.stringify(JSON.parse(part.slice(1, -1)))}]`);
      return `${path} = ${JSON.stringify(JSON.parse(line.slice(at + 3, -1)))}`;
    })
    .sort();
}

describe('the JSON re-layout (json formatter)', () => {
  const counts = tally('JSON streaming re-layout');

  it('lays out what the decoded body holds, or refuses what the decoder refuses', () => {
    fuzz(
      counts,
      fc.tuple(body, cuts, fc.boolean()),
      [JsonTextError],
      ([bytes, at, pretty]) => {
        const text = streamed(bytes, at, (emit) => new JsonReindenter(pretty, emit))!;
        const expected = decoded(bytes);
        expect(expected, 'the stream laid out what the decoder refuses').toBeDefined();
        expect(parseJsonExact(text)).toEqual(expected!.value);
      },
      500,
    );
  });
});

describe('gron of streamed JSON', () => {
  const counts = tally('gron stream');

  it('writes what gron of the decoded body writes, or refuses what the decoder refuses', async () => {
    await fuzzAsync(
      counts,
      fc.tuple(body, cuts),
      [JsonTextError],
      async ([bytes, at]) => {
        const text = streamed(bytes, at, (emit) => new GronStream(emit))!;
        const expected = decoded(bytes);
        expect(expected, 'gron wrote what the decoder refuses').toBeDefined();
        // Lines compared as sets: a decoded object puts integer-like keys ("0") first, the stream keeps the server's order.
        if (!repeatsKey(bytes)) expect(lines(text)).toEqual(lines(await formatDocument('gron', expected!.value)));
      },
      300,
    );
  });
});

describe("toon's JSON body reader", () => {
  const counts = tally('toon JSON body reader');

  it('reads the value the decoder reads, or refuses with its error', () => {
    fuzz(
      counts,
      fc.tuple(body, cuts, fc.integer({ min: 1, max: 64 })),
      [UndecodableBodyError],
      ([bytes, at, batchSize]) => {
        const expected = decoded(bytes);
        const elements: unknown[] = [];
        let value: unknown;
        try {
          const reader = new JsonBody('application/json', (batch) => elements.push(...batch), batchSize);
          for (const chunk of chunked(bytes, at)) reader.push(chunk);
          const whole = reader.end();
          value = whole ? whole.value : elements;
        } catch (error) {
          if (error instanceof UndecodableBodyError) expect(expected, 'the decoder reads what the body reader refused').toBeUndefined();
          throw error;
        }
        expect(expected, 'the body reader read what the decoder refuses').toBeDefined();
        expect(value).toEqual(expected!.value);
      },
      500,
    );
  });
});
