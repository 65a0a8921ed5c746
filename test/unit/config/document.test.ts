import { describe, expect, it } from 'vitest';
import { OkapiError } from '../../../sdk/shared/errors.js';
import { lineAndColumn, parseConfigText } from '../../../kernel/config/document.js';

const PATH = '/home/ada/.config/okapi/config.json';

function parseError(text: string): OkapiError {
  try {
    parseConfigText(text, PATH);
  } catch (error) {
    expect(error).toBeInstanceOf(OkapiError);
    return error as OkapiError;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

describe('parseConfigText', () => {
  it('parses plain JSON', () => {
    expect(parseConfigText('{"apis": {"pets": {"base": "https://x"}}, "other": [1]}', PATH)).toEqual({
      apis: { pets: { base: 'https://x' } },
      other: [1],
    });
  });

  it('tolerates comments and trailing commas', () => {
    const text = [
      '// okapi config',
      '{',
      '  /* registered APIs */',
      '  "apis": {',
      '    "pets": { "base": "https://pets.example" }, // the test API',
      '  },',
      '  "list": [1, 2, 3,],',
      '}',
      '',
    ].join('\n');
    expect(parseConfigText(text, PATH)).toEqual({ apis: { pets: { base: 'https://pets.example' } }, list: [1, 2, 3] });
  });

  it('tolerates a byte order mark, CRLF line ends and an empty file', () => {
    expect(parseConfigText('\uFEFF{"a": 1}', PATH)).toEqual({ a: 1 });
    expect(parseConfigText('\uFEFF{\r\n  "a": 1, // x\r\n}\r\n', PATH)).toEqual({ a: 1 });
    expect(parseConfigText('', PATH)).toEqual({});
    expect(parseConfigText('  \n// nothing yet\n', PATH)).toEqual({});
  });

  const malformed: Array<[name: string, text: string, what: string, line: number, column: number]> = [
    ['trailing garbage on the same line', '{"a": 1} x', "unexpected 'x'", 1, 10],
    ['a second closing brace', '{"a": 1}\n}', "unexpected '}' after the end of the document", 2, 1],
    ['unterminated string', '{\n  "name": "abc\n}', 'unterminated string', 2, 11],
    ['missing comma', '{\n  "a": 1\n  "b": 2\n}', `expected ',', found '"b"'`, 3, 3],
    ['missing colon', '{\n  "a" 1\n}', "expected ':', found '1'", 2, 7],
    ['bad literal with CRLF line ends', '{\r\n  "a": 1,\r\n  "b": tru\r\n}', "unexpected 'tru'", 3, 8],
    ['bad literal with CR line ends', '{\r  "a": 1,\r  "b": tru\r}', "unexpected 'tru'", 3, 8],
    ['unterminated comment', '{\n  /* open\n', 'unterminated comment', 2, 3],
    ['truncated file', '{"a": [1, 2', "unexpected end of file, expected ']'", 1, 12],
    ['columns count characters, not UTF-16 units', '{"😀": 1 x}', "unexpected 'x'", 1, 9],
    ['control character in a string', '{"a": "x\ty"}', 'control character in a string (write it as an escape such as \\n or \\t)', 1, 7],
    ['invalid escape', '{\n"a": "\\q"}', 'invalid escape sequence in a string', 2, 6],
    ['single quotes', "{'a': 1}", `unexpected "'a'"`, 1, 2],
  ];

  for (const [name, text, what, line, column] of malformed) {
    it(`reports ${name} with its line and column`, () => {
      const error = parseError(text);
      expect(error.message).toBe(`config file ${PATH} is not valid JSON: ${what} at line ${line}, column ${column}`);
      expect(error.hint).toMatch(/okapi config edit/);
    });
  }

  it('rejects a top level that is not an object', () => {
    for (const [text, found] of [
      ['[]', 'an array'],
      ['null', 'null'],
      ['42', 'a number (42)'],
      ['"x"', 'a string ("x")'],
    ] as const) {
      expect(parseError(text).message).toBe(
        `config file ${PATH} must contain a JSON object at the top level, found ${found}`,
      );
    }
  });

  it('rejects apis and plugins that are not objects, naming the field', () => {
    expect(parseError('{"apis": []}').message).toBe(`config file ${PATH}: "apis" must be an object, found an array`);
    expect(parseError('{"plugins": "on"}').message).toBe(
      `config file ${PATH}: "plugins" must be an object, found a string ("on")`,
    );
    expect(parseError('{"plugins": {"okapi-x": true}}').message).toBe(
      `config file ${PATH}: "plugins.okapi-x" must be an object, found a boolean (true)`,
    );
    expect(parseError('{"plugins": {"okapi-x": {"enabled": "yes"}}}').message).toBe(
      `config file ${PATH}: "plugins.okapi-x.enabled" must be true or false, found a string ("yes")`,
    );
    // The same checks apply on the comment-tolerant path.
    expect(parseError('// c\n{"apis": null}').message).toMatch(/"apis" must be an object, found null/);
  });
});

describe('lineAndColumn', () => {
  it('is 1-based and handles every line ending', () => {
    expect(lineAndColumn('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('a\nbc', 3)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('a\r\nbc', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('a\rbc', 3)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab', 99)).toEqual({ line: 1, column: 3 });
  });
});
