import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShorthandError, applyShorthand, parseShorthand } from '../../../kernel/shorthand/index.js';

/** Files must never be touched by generated input, so every read fails the way a missing file does. */
const noFiles = {
  readFile: (path: string): Uint8Array => {
    throw new Error(`no file ${path} in this test`);
  },
};

/** Either a value, or a ShorthandError whose position is an integer inside the input. */
function assertWellBehaved(run: () => unknown, input: string): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ShorthandError)) throw error;
    expect(Number.isInteger(error.position)).toBe(true);
    expect(error.position).toBeGreaterThanOrEqual(0);
    expect(error.position).toBeLessThanOrEqual(input.length);
    expect(error.input).toBe(input);
  }
}

const punctuation = [...'{}[]:,.^@"\\', ' ', '\n', '/', '%', '-', '0', '1', 'a', 'b', 'undefined', 'true', '\t', '//'];

/** Strings built mostly from the grammar's own punctuation, so they reach deep into the parser. */
const grammarLike = fc.array(fc.oneof(fc.constantFrom(...punctuation), fc.string({ maxLength: 3 })), { maxLength: 60 })
  .map((parts) => parts.join(''));

describe('shorthand properties', () => {
  it('returns or throws a positioned ShorthandError for any string', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        assertWellBehaved(() => parseShorthand(input, noFiles), input);
      }),
      { numRuns: 2000 },
    );
  });

  it('returns or throws a positioned ShorthandError for any UTF-16 string, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (input) => {
        assertWellBehaved(() => parseShorthand(input, noFiles), input);
      }),
      { numRuns: 2000 },
    );
  });

  it('returns or throws a positioned ShorthandError for punctuation-heavy strings', () => {
    fc.assert(
      fc.property(grammarLike, (input) => {
        assertWellBehaved(() => parseShorthand(input, noFiles), input);
      }),
      { numRuns: 5000 },
    );
  });

  it('patches any JSON document or fails with a positioned ShorthandError', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), grammarLike, (base, input) => {
        const before = JSON.stringify(base);
        assertWellBehaved(() => applyShorthand(base, input, noFiles), input);
        expect(JSON.stringify(base)).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });

  it('parses any JSON text to the value JSON.parse gives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        // Comparing with JSON.parse's reading absorbs -0 (printed as 0) and exponent forms like 1e+21.
        expect(parseShorthand(text, noFiles)).toEqual(JSON.parse(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('parses pretty-printed JSON too', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 2);
        expect(parseShorthand(text, noFiles)).toEqual(JSON.parse(text));
      }),
      { numRuns: 1000 },
    );
  });
});
