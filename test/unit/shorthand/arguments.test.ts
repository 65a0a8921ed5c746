import { describe, expect, it } from 'vitest';
import { ShorthandError, joinShorthandArguments, parseShorthand, type JoinOptions } from '../../../sdk/shared/shorthand/index.js';

const BODY: JoinOptions = { requestBody: true };
const PATCH: JoinOptions = { requestBody: false };

function parsed(args: string[], options: JoinOptions = BODY): unknown {
  return parseShorthand(joinShorthandArguments(args, options));
}

function errorOf(args: string[], options: JoinOptions = BODY): ShorthandError {
  try {
    joinShorthandArguments(args, options);
  } catch (error) {
    if (error instanceof ShorthandError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(args)} to fail`);
}

/** [arguments, the document they make] */
const joined: ReadonlyArray<readonly [string[], unknown]> = [
  [['a: 1', 'b: 2'], { a: 1, b: 2 }],
  [['tags[]: a', 'tags[]: b'], { tags: ['a', 'b'] }],
  [['name:', 'Alice', 'Smith', 'age:', '30'], { name: 'Alice Smith', age: 30 }],
  [['name: Alice', 'Smith'], { name: 'Alice Smith' }],
  [['note:', 'meet', 'at', '12:30', 'url:', 'http://x.org/a?b=c'], { note: 'meet at 12:30', url: 'http://x.org/a?b=c' }],
  [['scope:', 'read:user', 'write:repo'], { scope: 'read:user write:repo' }],
  [['a.b: 1', 'list[1]: x', 'list[^0]: y'], { a: { b: 1 }, list: ['y', null, 'x'] }],
  [['"my key": 1', 'base{one: 1}', 'base {two: 2}'], { 'my key': 1, base: { one: 1, two: 2 } }],
  [['a\\.b: 1', 'c:\t2'], { 'a.b': 1, c: 2 }],
  [['[0]: x', '[1]: y'], ['x', 'y']],
  [['a: 1, // the first', 'b: 2'], { a: 1, b: 2 }],
  [['// a comment', 'b: 2'], { b: 2 }],
  [['a: 1 // a comment on a line of several\nc: 3', 'b: 2'], { a: 1, c: 3, b: 2 }],
  // In text of several lines a comment runs to the end of its line, whatever it holds.
  [['a: 1 // c, j: 2\nc: 3'], { a: 1, c: 3 }],
  [['url:', 'http://x.org/a', 'name:', 'a//b'], { url: 'http://x.org/a', name: 'a//b' }],
  [['note: see http://x.org', 'b: 2'], { note: 'see http://x.org', b: 2 }],
  // Right after `[` an item starts: a URL there continues nothing.
  [['links:', '[', 'https://a', ']'], { links: ['https://a'] }],
  [['links:', '[', 'https://a,', 'https://b', ']'], { links: ['https://a', 'https://b'] }],
  [['a: 1,', 'b: 2,'], { a: 1, b: 2 }],
  [['', 'a: 1', '  '], { a: 1 }],
  [['a: 1', ' b: 2', '\tc{d: 3}'], { a: 1, b: 2, c: { d: 3 } }],
  [['email:', 'a@b.org'], { email: 'a@b.org' }],
  // HTTPie items
  [['name=okapi', 'stars:=5', 'tags:=["a", "b"]', 'zip=007'], { name: 'okapi', stars: 5, tags: ['a', 'b'], zip: '007' }],
  [['meta.ok:=true', 'list[]=x', 'obj:={"k": null}'], { meta: { ok: true }, list: ['x'], obj: { k: null } }],
  [['q=a=b', 'url=http://x?y=1', 'empty='], { q: 'a=b', url: 'http://x?y=1', empty: '' }],
  [['a: 1,', 'b=2'], { a: 1, b: '2' }],
  [['a: 1,', 'b=x', 'c: 3'], { a: 1, b: 'x', c: 3 }],
];

/** [arguments, a fragment of the message, a fragment of the hint] */
const refused: ReadonlyArray<readonly [string[], string, string]> = [
  [['X-Trace:abc'], 'reads like an HTTPie header', "-H 'X-Trace: abc'"],
  [['name=x', 'Accept:application/json'], 'reads like an HTTPie header', "-H 'Accept: application/json'"],
  [['a: 1,', 'X-Trace:abc'], 'reads like an HTTPie header', "put a space after the colon: 'X-Trace: abc'"],
  [['page==2'], "HTTPie's spelling of a query parameter", "-q 'page=2'"],
  [['a: 1', 'page==2'], "HTTPie's spelling of a query parameter", "-q 'page=2'"],
  [['name: okapi', 'stars=5'], 'could continue the value before it', `'stars: "5"'`],
  [['filter:', 'status=open'], 'could continue the value before it', 'quote it'],
  [['name: okapi', 'stars:=5'], 'could continue the value before it', "'stars: 5'"],
  [['name=Alice', 'Smith'], 'cannot continue the HTTPie item "name=Alice"', "'name=Alice Smith'"],
  [['name:', 'age: 30'], 'follows a field that has no value yet', `'key: "age: 30"'`],
  [['n:=abc'], 'the value of n:= is not JSON', 'n=<text>'],
  [['n:='], 'the value of n:= is not JSON', 'n=<text>'],
  [['doc=@data.json'], 'would embed a file the HTTPie way', "'doc: @data.json'"],
  // The line breaks between arguments are not the user's: a one-line argument keeps its `//`.
  [['note:', 'see', '//wiki', 'b:', '2'], '"//wiki" would be read as a comment and dropped', '("see //wiki")'],
  [['a: 1 // the first', 'b: 2'], '"// the first" would be read as a comment', '("1 // the first")'],
  [['a: 1\nb: 2', 'c: 3 // three'], '"// three" would be read as a comment', 'quotes'],
  // A line break that only ends an argument (echo, $'…\n') leaves it one line.
  [['a: 1 // c, j: 2\n'], '"// c, j: 2" would be read as a comment', '("1 // c, j: 2")'],
  [['b: 0', '\na: 1 // c\n'], '"// c" would be read as a comment', '("1 // c")'],
  [['https://example.com/cb'], 'is a URL where a field should start', "'callback: https://example.com/cb'"],
  [['a: 1,', 'http://y'], 'http://y is a URL where a field should start', "'callback: http://y'"],
  [['name: x', 'https://example.com/cb'], 'https://example.com/cb could continue the value before it, or be a second URL', "'callback: https://example.com/cb'"],
  [['note:', 'see', 'http://x.org'], 'http://x.org could continue the value before it', "quote it with the value's other words"],
  [['links:', '[1', 'https://a', ']'], 'https://a could continue the value before it', "as an array's next item, end the one before with a comma"],
];

describe('shorthand given as several arguments', () => {
  it.each(joined)('joins %j', (args, document) => {
    expect(parsed(args)).toEqual(document);
  });

  it.each(refused)('refuses %j, saying why and how to write it', (args, message, hint) => {
    const error = errorOf(args);
    expect(error.message).toContain(message);
    expect(error.hint).toContain(hint);
    expect(error.exitCode).toBe(2);
  });

  it('points at the argument at fault, after the text before it', () => {
    const error = errorOf(['name: okapi', 'stars=5']);
    expect(error.input).toBe('name: okapi stars=5');
    expect(error.position).toBe(12);
  });

  it('masks the values of credential-looking headers, query parameters and fields', () => {
    for (const args of [['Authorization:Bearer s3cr3t'], ['api_key==s3cr3t'], ['a: 1', 'token=s3cr3t'], ['password:=s3cr3t'], ['token=s3cr3t', 'more']]) {
      const error = errorOf(args);
      expect(`${error.message} ${error.hint}`, JSON.stringify(args)).not.toContain('s3cr3t');
      expect(error.message).toContain('***');
    }
  });

  it('reads :=@file as the shorthand file value', () => {
    expect(joinShorthandArguments(['doc:=@data.json'], BODY)).toBe('doc: @data.json');
  });

  it('keeps HTTPie headers and query items as ordinary shorthand in config patches', () => {
    expect(parsed(['a:1'], PATCH)).toEqual({ a: 1 });
    expect(parsed(['a: x', 'b==c', 'd:e'], PATCH)).toEqual({ a: 'x b==c d:e' });
    expect(parsed(['plugins.csv.enabled:=false', 'x.a: true'], PATCH)).toEqual({ plugins: { csv: { enabled: false } }, x: { a: true } });
  });
});
