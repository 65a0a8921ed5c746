/**
 * The toon formatter's JSON body reader: whatever the body and however it is cut into chunks,
 * its value is the one the kernel's decoder gives for the whole body.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonDecoder } from '../../../sdk/shared/decoders/json.js';
import { JsonBody } from '../../../plugins-builtin/toon/json-body.js';

const TYPE = 'application/json';

function decodedWhole(bytes: Uint8Array, contentType = TYPE): unknown {
  return bytes.length === 0 ? null : jsonDecoder.decode(bytes, 'application/json', /charset=([^;]+)/.exec(contentType)?.[1]);
}

/** The body pushed in pieces cut at `cuts` (sorted offsets), batches of `batchSize` bytes. */
function read(bytes: Uint8Array, cuts: number[], batchSize: number, contentType = TYPE): unknown {
  const elements: unknown[] = [];
  const body = new JsonBody(contentType, (batch) => elements.push(...batch), batchSize);
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut > from) body.push(bytes.subarray(from, cut));
    from = Math.max(from, cut);
  }
  const whole = body.end();
  return whole ? whole.value : elements;
}

/** The value `decode` gives, or the error it fails with. */
function outcome(decode: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: decode() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Reads `text` cut once at every byte; `whole` says whether the body must be (re)read whole. */
function everyCut(text: string, batchSize: number, whole: boolean): void {
  const bytes = Buffer.from(text);
  const expected = outcome(() => decodedWhole(bytes));
  const decode = vi.spyOn(jsonDecoder, 'decode');
  for (let cut = 0; cut <= bytes.length; cut++) {
    decode.mockClear();
    expect(outcome(() => read(bytes, [cut], batchSize)), `cut at ${cut} of ${JSON.stringify(text)}`).toEqual(expected);
    // A root array is parsed as it arrives; reading it whole again would mean the reader lost its way.
    expect(decode.mock.calls.length, `whole-body decoding, cut at ${cut}`).toBe(whole ? 1 : 0);
  }
  decode.mockRestore();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toon JSON body reader', () => {
  it.each([
    '[]',
    ' [ ] ',
    '[1]',
    '[1,2,3]',
    '[{"a":[1,{"b":"]"}]},"x,y",[[]],null]',
    '["q\\"uote","back\\\\slash","\\\\\\"",",","]","[","{","}"]',
    '["\\\\","\\\\\\\\"]',
    '  [\n  {"id": 1},\n  {"id": 2}\n]\n',
    '["é漢🦘"]',
  ])('a root array, cut at every byte, batches of 1 to 8 bytes: %s', (text) => {
    for (const batchSize of [1, 3, 8, 1024]) everyCut(text, batchSize, false);
  });

  it.each([
    ['a trailing comma', '[1,]'],
    ['a leading comma', '[,1]'],
    ['two commas', '[1,,2]'],
    ['an unclosed array', '[1,2'],
    ['a bracket closing a brace', '[1}'],
    ['a second value', '[1] [2]'],
    ['text after the array', '[1]x'],
    ['a JSON text sequence', '\x1e[1]\n\x1e[2]\n'],
    ['a byte order mark', '\uFEFF[1,2]'],
    ['an object', '{"a":[1,2]}'],
    ['a string', '"text"'],
    ['a number', ' 42 '],
    ['only white space', '  \n'],
    ['not JSON at all', 'hello'],
  ])('%s is read as the whole-body decoder reads it', (_name, text) => {
    for (const batchSize of [1, 4, 1024]) everyCut(text, batchSize, true);
  });

  it('an empty body is null', () => {
    expect(read(new Uint8Array(0), [], 1024)).toBeNull();
  });

  it('another charset is decoded whole in that charset', () => {
    const bytes = Buffer.from('["caf\xe9"]', 'latin1');
    const type = 'application/json; charset=iso-8859-1';
    expect(read(bytes, [3], 1, type)).toEqual(['café']);
    expect(read(bytes, [3], 1, type)).toEqual(decodedWhole(bytes, type));
  });

  it('random arrays, laid out and cut at random', () => {
    const element = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 12 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.integer({ min: 1, max: 64 }),
        (array, pretty, rawCuts, batchSize) => {
          const bytes = Buffer.from(JSON.stringify(array, null, pretty ? 2 : undefined));
          const cuts = rawCuts.map((cut) => cut % (bytes.length + 1)).sort((a, b) => a - b);
          const expected = decodedWhole(bytes);
          const decode = vi.spyOn(jsonDecoder, 'decode');
          expect(read(bytes, cuts, batchSize)).toEqual(expected);
          expect(decode).not.toHaveBeenCalled();
          decode.mockRestore();
        },
      ),
      { numRuns: 1500 },
    );
  });
});
