import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShorthandError, applyShorthand, joinShorthandArguments, parseShorthand } from '../../../sdk/shared/shorthand/index.js';

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

/** A document, or the fact that building it failed (a path used two ways, say). */
function outcome(build: () => unknown): { value: unknown } | { failed: true } {
  try {
    return { value: build() };
  } catch (error) {
    if (error instanceof ShorthandError) return { failed: true };
    throw error;
  }
}

const identifier = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/);
const key = fc.oneof(
  identifier,
  fc.tuple(identifier, identifier).map(([a, b]) => `${a}.${b}`),
  identifier.map((a) => `${a}[]`),
  fc.tuple(identifier, fc.nat(3)).map(([a, n]) => `${a}[${n}]`),
  fc.tuple(identifier, identifier).map(([a, b]) => JSON.stringify(`${a} ${b}`)),
);
/** Words a shell would pass one by one: letters and digits (so also numbers, true, null). */
const word = fc.stringMatching(/^[a-z0-9]{1,6}$/);
/** A value as its words; joined with single spaces they are the value's text. */
const valueWords = fc.oneof(
  fc.array(word, { minLength: 1, maxLength: 3 }),
  fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => [JSON.stringify(words.join(', '))]),
  fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => `[${words.join(', ')}]`.split(' ')),
);
const field = fc.oneof(
  fc.record({ key, words: valueWords }),
  // A group: its fields stay in one word-split-free piece.
  fc.tuple(identifier, fc.array(fc.tuple(identifier, word), { minLength: 1, maxLength: 3 })).map(([name, inner]) => ({
    key: name,
    group: inner.map(([k, v]) => `${k}: ${v}`).join(', '),
  })),
);
type Field = { key: string; words: string[] } | { key: string; group: string };

function fieldText(f: Field): string {
  return 'group' in f ? `${f.key}{${f.group}}` : `${f.key}: ${f.words.join(' ')}`;
}

/** How one field is typed: whole in one argument (shared with the field before when `join`), or split by the shell. */
type Typing = { join: boolean; split: 'none' | 'after-colon' | 'after-first-word' };
const typing = fc.record({ join: fc.boolean(), split: fc.constantFrom('none', 'after-colon', 'after-first-word') });

function argumentsFor(fields: Field[], typings: Typing[]): string[] {
  const args: string[] = [];
  let lastWhole = false;
  fields.forEach((f, i) => {
    const how = typings[i]!;
    if ('group' in f || how.split === 'none') {
      if (how.join && lastWhole) args[args.length - 1] += `, ${fieldText(f)}`;
      else args.push(fieldText(f));
      lastWhole = true;
      return;
    }
    const [first, ...rest] = f.words;
    if (how.split === 'after-colon') args.push(`${f.key}:`, ...f.words);
    else args.push(`${f.key}: ${first}`, ...rest);
    lastWhole = false;
  });
  return args;
}

describe('shorthand split into arguments', () => {
  it('parses to the same document as the comma-joined fields, however the fields are split into arguments', () => {
    const typedFields = fc
      .array(field, { minLength: 1, maxLength: 6 })
      .chain((fields) => fc.tuple(fc.constant(fields), fc.array(typing, { minLength: fields.length, maxLength: fields.length })));
    fc.assert(
      fc.property(typedFields, ([fields, typings]) => {
        const commaJoined = fields.map(fieldText).join(', ');
        const args = argumentsFor(fields, typings);
        const fromArgs = outcome(() => parseShorthand(joinShorthandArguments(args, { requestBody: true }), noFiles));
        expect(fromArgs, JSON.stringify(args)).toEqual(outcome(() => parseShorthand(commaJoined, noFiles)));
      }),
      { numRuns: 3000 },
    );
  });
});
