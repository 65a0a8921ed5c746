import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../sdk/shared/errors.js';
import { ShorthandError, parseShorthand } from '../../../sdk/shared/shorthand/index.js';

function errorOf(input: string): ShorthandError {
  try {
    parseShorthand(input);
  } catch (error) {
    if (error instanceof ShorthandError) return error;
    throw new Error(`expected a ShorthandError for ${JSON.stringify(input)}, got ${String(error)}`);
  }
  throw new Error(`expected ${JSON.stringify(input)} to fail`);
}

/** [input, error position, a fragment of the message] */
type ErrorCase = readonly [string, number, string];

const cases: ErrorCase[] = [
  ['hello', 5, `expected ':' after key "hello"`],
  ['a.b c', 4, `expected ':' after key "a.b"`],
  ['a b: 1', 2, `expected ':' after key "a"`],
  ['undefined', 9, `expected ':' after key "undefined"`],
  ['a\nb: 1', 1, "expected ':'"],
  ['a{b}', 3, `expected ':' after key "b"`],
  ['a: "x" y', 7, "expected ','"],
  ['a: [1] x', 7, "expected ','"],
  ['a: "unterminated', 3, 'unterminated string'],
  ['"abc', 0, 'unterminated string'],
  ['"', 0, 'unterminated string'],
  ['a: "\\q"', 4, 'unknown escape \\q'],
  ['a: "\\u12"', 4, 'four hex digits'],
  ['a: "x\\', 5, 'unterminated string'],
  ['{a: 1', 0, "expected '}'"],
  ['{', 0, "expected '}'"],
  ['a: {b: 1', 3, "expected '}'"],
  ['[1, 2', 0, "expected ']'"],
  ['[', 0, "expected ']'"],
  ['a: [1, 2', 3, "expected ']'"],
  ['a: 1}', 4, "unexpected '}'"],
  ['a: 1]', 4, "unexpected ']'"],
  ['}', 0, "unexpected '}'"],
  [']', 0, "unexpected ']'"],
  ['a: 1,\n}', 6, "unexpected '}'"],
  ['a: [1, }', 7, "unexpected '}'"],
  ['a: ["x" "y"]', 8, "expected ',' or ']'"],
  ['[1] x', 4, 'expected the end of the input'],
  ['{a: 1} b', 7, 'expected the end of the input'],
  ['"x" "y"', 4, 'expected the end of the input'],
  [': 1', 0, 'expected a key'],
  ['a..b: 1', 2, 'expected a key'],
  ['.a: 1', 0, 'expected a key'],
  ['a.: 1', 2, 'expected a key'],
  ['{[0]: 1}', 1, 'expected a key'],
  ['a{[0]: 1}', 2, 'expected a key'],
  ['a\\', 1, 'after the backslash'],
  ['\\', 0, 'after the backslash'],
  ['a[x]: 1', 2, 'expected an array index'],
  ['a[1: 2', 3, "expected ']'"],
  ['a[ 1]: 2', 2, 'expected an array index'],
  ['a[^]: 1', 3, 'expected an array index'],
  ['a[-]: 1', 3, 'expected an array index'],
  ['a[-0]: 1', 1, '-0 is not an array index'],
  ['a[99999999999999999999]: 1', 2, 'too large'],
  ['a[-1]: x', 1, 'index -1 is out of range for an array of 0 items'],
  ['a[]: 1, a[-3]: x', 9, 'index -3 is out of range for an array of 1 items'],
  ['a[^-1]: x', 1, 'out of range'],
  ['a[2000000]: 1', 1, 'more than 1000000 nulls'],
  ['a[600000]: 1, b[600000]: 1', 15, 'more than 1000000 nulls'],
  ['a[]: undefined', 1, 'cannot delete []'],
  ['a[^0]: undefined', 1, 'cannot delete [^0]'],
  ['a[] ^ b', 1, 'cannot move []'],
  ['a ^ b', 0, 'cannot move "a": there is nothing there'],
  ['x{a.b[0] ^ c}', 2, 'cannot move "a.b[0]"'],
  ['a ^ ', 4, 'expected a key'],
  ['a: [1, undefined]', 7, 'undefined can only delete'],
  ['[undefined]', 1, 'undefined can only delete'],
  ['a: %abc', 3, "expected base64 bytes after '%'"],
  ['a: %ab$=', 3, "expected base64 bytes after '%'"],
  ['a: %ab=c', 3, "expected base64 bytes after '%'"],
  ['a: @', 3, "expected a file path after '@'"],
  ['a: @\\,', 3, 'cannot read file ","'],
  // A `//` that would drop what was typed: on one line after a value, or after `key:` anywhere.
  ['a: // nothing', 3, '"// nothing" would be read as a comment and dropped'],
  ['url: //cdn.example.com/x.js', 5, '"//cdn.example.com/x.js" would be read as a comment'],
  ['a: //x\nb: 2', 3, '"//x" would be read as a comment'],
  ['k: 1 // c, j: 2', 5, '"// c, j: 2" would be read as a comment'],
  ['k: 1 // c, j: 2\n', 5, '"// c, j: 2" would be read as a comment'],
  ['\r\nk: 1 // c\r\n', 7, '"// c" would be read as a comment'],
  ['note: see //wiki', 10, '"//wiki" would be read as a comment'],
  ['a: "x" // c', 7, '"// c" would be read as a comment'],
  ['a: [1 // one]', 6, '"// one]" would be read as a comment'],
  ['a{b: 1 // c}', 7, '"// c}" would be read as a comment'],
  ['5 // five', 2, '"// five" would be read as a comment'],
  ['a // c\n: 1', 2, '"// c" would be read as a comment'],
  ['a ^ // c', 4, '"// c" would be read as a comment'],
  // A patch never turns a value into a container of another kind.
  ['a: 1, a.b: 2', 6, '"a" holds a number, but "a.b" needs an object there'],
  ['a: x, a[]: y', 6, '"a" holds a string, but "a[]" needs an array there'],
  ['[0]: x, a: 1', 8, 'the document holds an array, but "a" needs an object there'],
  // A URL where a field starts is not the field "https" with a comment.
  ['https://example.com/cb', 0, 'https://example.com/cb is a URL where a field should start'],
  ['x: 1, http://y', 6, 'http://y is a URL where a field should start'],
  ['a://b', 0, 'a://b is a URL'],
  ['a{b: 1, git+ssh://host/repo}', 8, 'git+ssh://host/repo is a URL'],
  ['[' .repeat(502) + ']'.repeat(502), 501, "nested deeper than okapi's limit of 500 levels"],
  ['a' + '.a'.repeat(500) + ': 1', 999, "nested deeper than okapi's limit of 500 levels"],
  ['a{'.repeat(300) + 'b' + '.c'.repeat(250) + ': 1', 999, "nested deeper than okapi's limit of 500 levels"],
];

/** [input, the secret in it] */
const secretInputs: ReadonlyArray<readonly [string, string]> = [
  ['token: abc //sk_live_51HqLyjWDarjtT1zdp7dcXYZ', 'sk_live'],
  ['password: //hunter2', 'hunter2'],
  ['a: 1, https://u:pa55word@h.example/x?token=s3cr3t', 'pa55word'],
  ['a: 1, https://h.example/x?token=s3cr3t', 's3cr3t'],
  // A name inside the value of another (after a comment's slashes, in braces) is looked at too.
  ['a: 1 //token: SECRETKEY', 'SECRETKEY'],
  ['creds: {password: hunter2 // c}', 'hunter2'],
  ['"my password": hunter2 // c', 'hunter2'],
  ['password: hunter2 //x', 'hunter2'],
  ['my password hunter2 // c', 'hunter2'],
];

describe('shorthand errors', () => {
  const titled = cases.map(
    ([input, position, fragment]) =>
      [`${JSON.stringify(input).slice(0, 40)} fails at position ${position}`, input, position, fragment] as const,
  );
  it.each(titled)('%s', (_title, input, position, fragment) => {
    const error = errorOf(input);
    expect(error.position).toBe(position);
    expect(error.message).toContain(fragment);
    expect(error.message).toContain(`at position ${position}`);
    expect(error.input).toBe(input);
  });

  it('says how to keep the text a comment would drop, and how to send a URL', () => {
    expect(errorOf('note: see //wiki').hint).toBe(
      'to send it, put the value in quotes ("see //wiki"); on one line, a comment may stand only where a field could start (after a comma)',
    );
    expect(errorOf('url: //cdn.example.com/x.js').hint).toBe('a value that starts with // goes in quotes: "//cdn.example.com/x.js"; for an empty value write ""');
    expect(errorOf('https://example.com/cb').hint).toBe(
      `okapi takes one URL, the target before the body; to send a URL as a value, give it a field: 'callback: https://example.com/cb' (or 'callback: "https://example.com/cb"')`,
    );
  });

  it.each(secretInputs)('never repeats a secret in its message, caret line or hint: %j', (input, secret) => {
    const error = errorOf(input);
    expect(`${error.message} ${error.hint}`).not.toContain(secret);
  });

  it('masks a secret value but not the comment after it, and names the field to quote instead of showing it', () => {
    const error = errorOf('password: hunter2 //x');
    expect(error.message).toBe('"//x" would be read as a comment and dropped at position 18\n  password: ******* //x\n                    ^');
    expect(error.hint).toBe(
      'to send it, put the value of "password" in quotes; on one line, a comment may stand only where a field could start (after a comma)',
    );
    expect(errorOf('creds: {password: hunter2 // c}').hint).toMatch(/^to send it, put the value of "password" in quotes;/);
    expect(errorOf('"my password": hunter2 // c').hint).toMatch(/^to send it, put the value of "my password" in quotes;/);
    expect(errorOf('password: //hunter2').hint).toBe('a value that starts with // goes in quotes (here, the value of "password"); for an empty value write ""');
  });

  it('shows the line with a caret under the failing character', () => {
    expect(errorOf('a.b c').message).toBe(`expected ':' after key "a.b" at position 4\n  a.b c\n      ^`);
  });

  it('points into the failing line of a multi-line input', () => {
    expect(errorOf('a: 1\n\tb: "x" y\nc: 2').message).toBe(
      "expected ',' or a new line before the next field at position 13\n   b: \"x\" y\n          ^",
    );
  });

  it('shortens long lines around the caret', () => {
    const error = errorOf(`a: "${'x'.repeat(200)}" oops${'y'.repeat(100)}, b: 1`);
    const [, excerpt, caret] = error.message.split('\n');
    expect(excerpt).toMatch(/^ {2}….{80}…$/u);
    expect(caret).toBe(`  ${' '.repeat(41)}^`);
  });

  it('is a usage error (exit code 2) that carries a hint where one helps', () => {
    const error = errorOf('a: %abc');
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(2);
    expect(error.name).toBe('ShorthandError');
    expect(error.hint).toContain('quotes');
  });

  it('fails fast on a very deep input instead of overflowing the stack', () => {
    expect(errorOf('['.repeat(200_000)).position).toBe(501);
    expect(errorOf('a{'.repeat(200_000)).position).toBe(1000);
    expect(errorOf('a: ' + '{b: '.repeat(200_000)).position).toBe(2000);
  });
});

describe('error excerpts at the very start', () => {
  it('points at position 0 of input that starts with a newline', () => {
    const error = new ShorthandError('unexpected start', 0, '\nabc');
    expect(error.message).toContain('unexpected start');
    expect(error.position).toBe(0);
  });
});
