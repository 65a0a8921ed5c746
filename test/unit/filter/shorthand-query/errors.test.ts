import { describe, expect, it } from 'vitest';
import { ExitCode, UsageError, formatError } from '../../../../sdk/shared/errors.js';
import { QueryError, compileQuery } from '../../../../plugins-builtin/shorthand-query/compile.js';

function errorOf(query: string, value: unknown = {}): QueryError {
  try {
    compileQuery(query)(value);
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw new Error(`expected a QueryError for ${JSON.stringify(query)}, got ${String(error)}`);
  }
  throw new Error(`expected ${JSON.stringify(query)} to fail`);
}

/** [query, error position, a fragment of the message] */
type ErrorCase = readonly [string, number, string];

const syntax: ErrorCase[] = [
  ['', 0, 'the filter is empty'],
  ['   ', 0, 'the filter is empty'],
  ['.body', 0, "starts with a name, not '.'"],
  ['body.', 5, "expected a name after '.' but found the end of the filter"],
  ['body.|x', 5, "expected a name after '.' but found '|'"],
  ['body..', 6, "expected a name after '..'"],
  ['..', 2, "expected a name after '..'"],
  ['.. | .a', 2, "expected a name after '..'"],
  ['body...x', 6, "expected a name after '..' but found '.'"],
  ['body[', 4, "unclosed '['"],
  ['body[age >', 10, 'expected a value but found the end of the filter'],
  ['body[age > ]', 11, "expected a value but found ']'"],
  ['body[age > 1', 4, "unclosed '['"],
  ['body[age = 1]', 9, "unexpected '=' in the filter expression"],
  ['body[a && b]', 7, "unexpected '&&'"],
  ['body[a || b]', 7, "unexpected '||'"],
  ['body[!a]', 5, "unexpected '!'"],
  ["body[name == 'x']", 13, "unexpected '''"],
  ['body{id}', 4, "expected '.' before '{'"],
  ['body[0]name', 7, "expected '.' before 'n'"],
  ['body[0]"x"', 7, `expected '.' before '"'`],
  ['body.{id', 5, "unclosed '{'"],
  ['body.{id name}', 9, "expected ',' or '}' but found 'n'"],
  ['body.{[0]}', 6, 'this field needs a name'],
  ['body.{a: }', 9, "expected a path but found '}'"],
  ['body.{a b: c}', 8, "expected ',' or '}' but found 'b'"],
  ['body |', 6, 'expected a path but found the end of the filter'],
  ['body | ', 7, 'expected a path but found the end of the filter'],
  ['| body', 0, "expected a path but found '|'"],
  ['a,b', 1, "expected '|' or the end of the filter but found ','"],
  ['body.items foo', 11, "expected '|' or the end of the filter but found 'f'"],
  ['a]', 1, "expected '|' or the end of the filter but found ']'"],
  ['a[]]', 3, "found ']'"],
  ['map(.id)', 3, "found '('"],
  ['a == 1', 2, "found '='"],
  ['a[x < 1 < 2]', 8, 'comparisons do not chain'],
  ['a[1/0]', 3, 'division by zero'],
  ['a[x % 0]', 4, 'division by zero'],
  ['a[x / -0]', 4, 'division by zero'],
  ['a["abc]', 2, 'unterminated string'],
  ['"abc', 0, 'unterminated string'],
  ['a."\\q"', 3, 'unknown escape \\q'],
  ['a."\\u12"', 3, 'four hex digits'],
  ['a[(1 + 2]', 8, "expected ')' but found ']'"],
  ['a[(1 + 2', 2, "unclosed '('"],
  ['a[x.]', 4, "expected a name after '.'"],
  ['a[x[y]]', 4, 'expected an index'],
  ['a[and]', 2, "expected a value but found 'and'"],
  ['a[x y]', 4, "unexpected 'y' in the filter expression"],
  ['a[x == a b]', 9, "unexpected 'b'"],
  ['a[x in [1, 2]', 1, "unclosed '['"],
  ['a[x in [1 2]]', 10, "expected ',' or ']' but found '2'"],
  ['a[x in [1,', 10, 'expected a value but found the end of the filter'],
  ['a[x in [1', 7, "unclosed '['"],
  ['a[?]', 3, "expected a value but found ']'"],
  ['a[#]', 2, "unexpected '#'"],
  ['[1, ]', 4, "expected a path but found ']'"],
  ['[, 1]', 1, "expected a path but found ','"],
  ['[a, b', 0, "unclosed '['"],
  ['[a, b c]', 6, "expected ',' or ']' but found 'c'"],
  ['a.b c', 4, "expected '|' or the end of the filter but found 'c'"],
  ['a\tb', 2, "found 'b'"],
  ['a/b', 1, "found '/'"],
  ['*x', 1, "expected '.' before 'x'"],
];

describe('syntax errors point at the character at fault', () => {
  it.each(syntax.map(([query, position, fragment]) => ({ query, position, fragment })))('$query', ({ query, position, fragment }) => {
    const error = errorOf(query);
    expect(error.message).toContain(fragment);
    expect(error.position).toBe(position);
    expect(error.expression).toBe(query);
  });
});

describe('the message', () => {
  it('shows the expression with a caret under the position', () => {
    const error = errorOf('body.items[age > ]');
    expect(error.message).toBe("expected a value but found ']' at position 17 of the filter\n  body.items[age > ]\n                   ^");
  });

  it('shortens a long expression around the caret', () => {
    const query = `body.${'a.'.repeat(60)}[x = 1]`;
    const error = errorOf(query);
    const [, excerpt, caret] = error.message.split('\n');
    expect(excerpt!.length).toBeLessThan(90);
    expect(excerpt).toMatch(/^ {2}….*\[x = 1]$/);
    expect(caret!.indexOf('^')).toBe(excerpt!.indexOf('='));
  });

  it('shows control characters as spaces so the caret stays under its character', () => {
    const error = errorOf('a\t]');
    expect(error.message.split('\n').slice(1)).toEqual(['  a ]', '    ^']);
  });

  it('gives hints for mistakes from other languages', () => {
    expect(errorOf('body[a = 1]').hint).toContain("'=='");
    expect(errorOf('body[a && b]').hint).toContain("'and'");
    expect(errorOf('.body').hint).toContain('--okapi-filter-lang jq');
    expect(errorOf('a,b').hint).toContain('[a, b]');
    expect(errorOf('map(.id)').hint).toContain('inside brackets');
    expect(errorOf('a[x < 1 < 2]').hint).toContain('and');
    expect(errorOf('body.items foo').hint).toContain('quote');
  });

  it('is a usage error: exit 2, printed with its hint', () => {
    const error = errorOf('body[');
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(formatError(errorOf('.x'))).toMatch(/^okapi: a shorthand path starts with a name, not '\.' at position 0 of the filter\n {2}\.x\n {2}\^\n {2}hint: /);
  });
});

describe('limits', () => {
  it('refuses nesting deeper than 200 levels with a positioned error, not a stack overflow', () => {
    expect(errorOf(`a${'['.repeat(500)}`).message).toContain('nested more than 200 levels');
    expect(errorOf(`a[${'('.repeat(500)}1`).position).toBe(201);
    expect(errorOf(`a[${'not '.repeat(300)}x]`).message).toContain('nested');
    expect(errorOf(`a[${'-'.repeat(300)}1]`).message).toContain('nested');
    expect(errorOf(`a[1${'^1'.repeat(300)}]`).message).toContain('nested');
    expect(errorOf(`${'{a: '.repeat(300)}b`).message).toContain('nested');
  });

  it('reads deep but legal nesting', () => {
    const query = `${'['.repeat(50)}status, proto${']'.repeat(50)}`;
    expect(() => compileQuery(query)).not.toThrow();
  });

  it('queries very deeply nested data without overflowing the stack', () => {
    let deep: unknown = { id: 'bottom' };
    for (let i = 0; i < 100_000; i++) deep = { next: deep };
    expect(compileQuery('..id')(deep)).toEqual(['bottom']);
  });
});

describe('errors while applying a query', () => {
  it('field selection on a scalar fails at the brace', () => {
    const error = errorOf('{id}', 5);
    expect(error.position).toBe(0);
    expect(error.message).toContain('selecting fields needs an object, but this value is a number');
    expect(errorOf('a.{id}', { a: [1] }).position).toBe(2);
    expect(errorOf('a.{id}', { a: 'x' }).message).toContain('a string');
  });

  it('suggests flattening when the value is a nested array', () => {
    const error = errorOf('a.{id}', { a: [[{ id: 1 }]] });
    expect(error.message).toContain('an array');
    expect(error.hint).toContain('[]');
  });

  it('turns stack exhaustion while comparing deep values into a QueryError', () => {
    let a: unknown = 1;
    let b: unknown = 1;
    for (let i = 0; i < 200_000; i++) {
      a = [a];
      b = [b];
    }
    const error = errorOf('[a == b]', [{ a, b }]);
    expect(error.message).toContain('nested too deeply');
  });
});
