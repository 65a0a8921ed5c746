/**
 * One table per style, from the "Style Examples" table of the OpenAPI specification (3.0.3 and
 * 3.1): a parameter named color holding "blue", ["blue", "black", "brown"] or
 * {"R": 100, "G": 200, "B": 150}, and the empty string where the table has an "empty" column.
 *
 * Where okapi's text differs from the table's it is only in escaping, and each such row says why:
 * the table writes `|` and `[ ]` raw, which RFC 3986 does not allow raw in a query (`[ ]` are kept
 * raw as the reserved characters they are; `|` is sent as %7C), and 3.0.3's delimited rows leave out
 * the `color=` that 3.1.1 writes.
 */
import { describe, expect, it } from 'vitest';
import type { DetailParameter } from '../../../../../sdk/shared/operation-detail-format.js';
import { COLOR, sent, type ColorValue } from './helpers.js';

type Row = [explode: boolean, value: ColorValue, expected: string];

function table(location: DetailParameter['in'], style: string, rows: Row[]): void {
  describe(`${location} style ${style}`, () => {
    it.each(rows)('explode %s, %s value', (explode, value, expected) => {
      const param: DetailParameter = {
        name: 'color',
        in: location,
        style,
        explode,
        ...(value === 'array' ? { array: true as const } : {}),
        ...(value === 'object' ? { object: true as const } : {}),
      };
      expect(sent(param, COLOR[value])).toBe(expected);
    });
  });
}

table('path', 'matrix', [
  [false, 'empty', ';color'],
  [false, 'primitive', ';color=blue'],
  [false, 'array', ';color=blue,black,brown'],
  [false, 'object', ';color=R,100,G,200,B,150'],
  [true, 'empty', ';color'],
  [true, 'primitive', ';color=blue'],
  [true, 'array', ';color=blue;color=black;color=brown'],
  [true, 'object', ';R=100;G=200;B=150'],
]);

table('path', 'label', [
  [false, 'empty', '.'],
  [false, 'primitive', '.blue'],
  [false, 'array', '.blue,black,brown'],
  [false, 'object', '.R,100,G,200,B,150'],
  [true, 'empty', '.'],
  [true, 'primitive', '.blue'],
  [true, 'array', '.blue.black.brown'],
  [true, 'object', '.R=100.G=200.B=150'],
]);

// The table's "empty" is n/a for simple; in a path an empty segment is refused (see serialize.test.ts).
table('path', 'simple', [
  [false, 'primitive', 'blue'],
  [false, 'array', 'blue,black,brown'],
  [false, 'object', 'R,100,G,200,B,150'],
  [true, 'primitive', 'blue'],
  [true, 'array', 'blue,black,brown'],
  [true, 'object', 'R=100,G=200,B=150'],
]);

table('header', 'simple', [
  [false, 'primitive', 'color: blue'],
  [false, 'array', 'color: blue,black,brown'],
  [false, 'object', 'color: R,100,G,200,B,150'],
  [true, 'primitive', 'color: blue'],
  [true, 'array', 'color: blue,black,brown'],
  [true, 'object', 'color: R=100,G=200,B=150'],
]);

table('query', 'form', [
  [false, 'empty', 'color='],
  [false, 'primitive', 'color=blue'],
  [false, 'array', 'color=blue,black,brown'],
  [false, 'object', 'color=R,100,G,200,B,150'],
  [true, 'empty', 'color='],
  [true, 'primitive', 'color=blue'],
  [true, 'array', 'color=blue&color=black&color=brown'],
  [true, 'object', 'R=100&G=200&B=150'],
]);

// The table has explode: false rows only; 3.0.3 writes them without `color=`.
table('query', 'spaceDelimited', [
  [false, 'array', 'color=blue%20black%20brown'],
  [false, 'object', 'color=R%20100%20G%20200%20B%20150'],
]);

// The table writes `|` raw; RFC 3986 does not allow it raw in a URI, so okapi sends %7C.
table('query', 'pipeDelimited', [
  [false, 'array', 'color=blue%7Cblack%7Cbrown'],
  [false, 'object', 'color=R%7C100%7CG%7C200%7CB%7C150'],
]);

table('query', 'deepObject', [[true, 'object', 'color[R]=100&color[G]=200&color[B]=150']]);

// Cookies take the form rows, pairs separated as a Cookie header separates them.
table('cookie', 'form', [
  [false, 'empty', 'color='],
  [false, 'primitive', 'color=blue'],
  [false, 'array', 'color=blue,black,brown'],
  [false, 'object', 'color=R,100,G,200,B,150'],
  [true, 'primitive', 'color=blue'],
  [true, 'array', 'color=blue; color=black; color=brown'],
  [true, 'object', 'R=100; G=200; B=150'],
]);

describe('the styles as the index stores them', () => {
  it('uses the location default style and its default explode when the index leaves them out', () => {
    expect(sent({ name: 'color', in: 'query', array: true }, COLOR.array)).toBe('color=blue&color=black&color=brown');
    expect(sent({ name: 'color', in: 'path', array: true }, COLOR.array)).toBe('blue,black,brown');
    expect(sent({ name: 'color', in: 'header', object: true }, COLOR.object)).toBe('color: R,100,G,200,B,150');
    expect(sent({ name: 'color', in: 'cookie', array: true }, COLOR.array)).toBe('color=blue; color=black; color=brown');
    expect(sent({ name: 'color', in: 'query', style: 'deepObject', object: true }, COLOR.object)).toBe('color[R]=100&color[G]=200&color[B]=150');
  });

  it('sends an exploded spaceDelimited or pipeDelimited list as form does: each value is its own pair', () => {
    expect(sent({ name: 'color', in: 'query', style: 'pipeDelimited', explode: true, array: true }, COLOR.array)).toBe('color=blue&color=black&color=brown');
  });
});
