import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueryError, compileQuery } from '../../../../plugins-builtin/shorthand-query/compile.js';
import { envelope, nested } from './fixtures.js';

/** A QueryError whose position lies inside the expression; anything else thrown fails the property. */
function expectPositioned(error: unknown, query: string): void {
  if (!(error instanceof QueryError)) throw error;
  expect(Number.isInteger(error.position)).toBe(true);
  expect(error.position).toBeGreaterThanOrEqual(0);
  expect(error.position).toBeLessThanOrEqual(query.length);
  expect(error.expression).toBe(query);
  expect(error.exitCode).toBe(2);
}

/** Compiles, or throws a positioned QueryError; returns the query function when there is one. */
function compiles(query: string): ((value: unknown) => unknown) | undefined {
  try {
    return compileQuery(query);
  } catch (error) {
    expectPositioned(error, query);
    return undefined;
  }
}

/** Runs, and either returns a value (never undefined) or throws a positioned QueryError. */
function runsOn(run: (value: unknown) => unknown, query: string, value: unknown): void {
  try {
    expect(run(value)).not.toBe(undefined);
  } catch (error) {
    expectPositioned(error, query);
  }
}

const fragments = [
  '.', '..', '[', ']', '{', '}', '|', ',', ':', '*', '@', '"', '\\', ' ', '(', ')', '?', '-', '0', '1', '-1', '2',
  'a', 'b', 'id', 'name', 'tags', 'items', 'body', 'and', 'or', 'not', 'where', '==', '!=', '>', '<=', '+', '%', '/', '^',
  'in', 'contains', 'startsWith', 'before', 'after', '2024-01-01', 'length', 'lower', 'true', 'null', '"x"', '\t', '\n',
];

/** Strings built mostly from the grammar's own tokens, so they reach deep into both parsers. */
const grammarLike = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...fragments) }, { weight: 1, arbitrary: fc.string({ maxLength: 3 }) }), { maxLength: 40 })
  .map((parts) => parts.join(''));

/** Well-formed queries, built from the grammar, so evaluation gets exercised as much as parsing. */
const validQuery = (() => {
  const name = fc.constantFrom('a', 'b', 'id', 'name', 'items', 'tags', 'x-y', '"q s"', 'body', 'headers', 'status', '@id', '0');
  const operand = fc.constantFrom('@', 'a', 'b.c', 'id', '1', '-2.5', '"s"', '2024-01-01', 'a.length', 'name.lower', '[1, a]', '(id + 1)', 'tags[0]', 'x[1:]', 'true', 'null');
  const op = fc.constantFrom('==', '!=', '<', '>=', '+', '-', '*', '/', '%', '^', 'and', 'or', 'in', 'contains', 'startsWith', 'endsWith', 'before', 'after', 'where');
  const expr = fc.oneof(
    fc.tuple(operand, op, operand).map(([l, o, r]) => `${l} ${o} ${r}`),
    operand.map((o) => `not ${o}`),
    operand,
  );
  const integer = fc.integer({ min: -4, max: 4 });
  const { query } = fc.letrec<{ query: string; path: string; step: string }>((tie) => ({
    step: fc.oneof(
      { weight: 4, arbitrary: name.map((n) => `.${n}`) },
      { weight: 1, arbitrary: fc.constant('.*') },
      { weight: 2, arbitrary: integer.map((i) => `[${i}]`) },
      { weight: 1, arbitrary: fc.tuple(fc.option(integer), fc.option(integer)).map(([s, e]) => `[${s ?? ''}:${e ?? ''}]`) },
      { weight: 1, arbitrary: fc.constant('[]') },
      { weight: 2, arbitrary: expr.map((e) => `[${e}]`) },
      { weight: 1, arbitrary: name.map((n) => `..${n}`) },
      { weight: 1, arbitrary: fc.array(fc.oneof(name, fc.tuple(name, tie('query')).map(([k, v]) => `${k}: ${v}`)), { maxLength: 3 }).map((e) => `.{${e.join(', ')}}`) },
      { weight: 1, arbitrary: fc.tuple(tie('query'), tie('query')).map(([x, y]) => `.[${x}, ${y}]`) },
    ),
    path: fc.tuple(fc.oneof(name, fc.constant('@'), name.map((n) => `..${n}`)), fc.array(tie('step'), { maxLength: 4 })).map(([first, steps]) => first + steps.join('')),
    query: fc.array(tie('path'), { minLength: 1, maxLength: 3 }).map((paths) => paths.join(' | ')),
  }));
  return query;
})();

/** JSON, plus what YAML and CBOR bodies add: bytes, dates and big integers. */
const bodyValue = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(envelope, nested, Uint8Array.from([1, 2]), new Date(0), 2n ** 70n, [[[]]], { a: [[{ b: 1 }]] }) },
);

describe('shorthand query properties', () => {
  it('compiles or throws a positioned QueryError for any string', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (query) => void compiles(query)), { numRuns: 3000 });
  });

  it('compiles or throws a positioned QueryError for any UTF-16 string, lone surrogates included', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (query) => void compiles(query)), { numRuns: 2000 });
  });

  it('compiles or throws a positioned QueryError for grammar-heavy strings', () => {
    fc.assert(fc.property(grammarLike, (query) => void compiles(query)), { numRuns: 10000 });
  });

  it('runs any query that compiles on any value, failing only with a QueryError', () => {
    fc.assert(
      fc.property(grammarLike, bodyValue, (query, value) => {
        const run = compiles(query);
        if (run) runsOn(run, query, value);
      }),
      { numRuns: 10000 },
    );
  });

  it('compiles every query built from the grammar, and runs it on any value', () => {
    fc.assert(
      fc.property(validQuery, bodyValue, (query, value) => {
        const run = compileQuery(query);
        runsOn(run, query, value);
        runsOn(run, query, { a: value, items: [value, { a: value }], body: value });
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the same answer when run twice, and leaves the value untouched', () => {
    fc.assert(
      fc.property(validQuery, fc.jsonValue(), (query, value) => {
        const before = JSON.stringify(value);
        const run = compileQuery(query);
        let first: unknown;
        let second: unknown;
        try {
          first = run(value);
          second = run(value);
        } catch (error) {
          expectPositioned(error, query);
          return;
        }
        expect(second).toEqual(first);
        expect(JSON.stringify(value)).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });

  it('index and inclusive slice agree: [i:i] is [[i]] inside the array', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 20 }), fc.integer({ min: -25, max: 25 }), (list, i) => {
        const element = compileQuery(`[${i}]`)(list);
        const slice = compileQuery(`[${i}:${i}]`)(list);
        expect(slice).toEqual(element === null ? [] : [element]);
      }),
    );
  });

  it('[a:b] on an array matches Array.prototype.slice(a, b + 1) for indexes in range', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 20 }), fc.nat(), fc.nat(), (list, x, y) => {
        const a = x % list.length;
        const b = y % list.length;
        expect(compileQuery(`[${a}:${b}]`)(list)).toEqual(list.slice(a, b + 1));
      }),
    );
  });
});
