import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GronStream } from '../../../plugins-builtin/gron/stream.js';
import { JsonTextError } from '../../../sdk/shared/json-syntax.js';
import { mixed, nested, text, unicode, uniform } from './fixtures.js';
import { formatDocument, plugin } from './run-with-options.js';

/** Streams `body` through gron cut at `cuts` (byte offsets), and returns the text and write count. */
function stream(body: string | Uint8Array, cuts: number[] = []): { text: string; writes: number } {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const chunks: Buffer[] = [];
  const gron = new GronStream((chunk) => chunks.push(Buffer.from(chunk)));
  let from = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    gron.push(bytes.subarray(from, cut));
    from = cut;
  }
  gron.push(bytes.subarray(from));
  gron.end();
  return { text: Buffer.concat(chunks).toString('utf8'), writes: chunks.length };
}

/** Every way of cutting `body` in two, and in single bytes. */
function everyCut(body: string): number[][] {
  const length = Buffer.byteLength(body);
  return [...Array.from({ length }, (_, i) => [i]), Array.from({ length }, (_, i) => i)];
}

describe('gron of streamed JSON text', () => {
  it.each([
    ['nested', nested],
    ['uniform', uniform],
    ['mixed', mixed],
    ['unicode', unicode],
    ['awkward keys', { 'content-type': 1, 'a.b': { 'c d': [{ '"': '\\' }] }, 'q"uote\\': 7, 'new\nline': 9, '': [[], {}], é: 8 }],
    ['scalar root', 'just a string'],
    ['empty object', {}],
  ])('writes what the decoded document gives: %s', async (_name, value) => {
    const body = JSON.stringify(value);
    const decoded = await formatDocument('gron', value);
    expect(stream(body).text).toBe(decoded);
    for (const cuts of everyCut(body)) expect(stream(body, cuts).text).toBe(decoded);
  });

  it('any JSON value, cut anywhere, laid out or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.boolean(), fc.array(fc.nat(400), { maxLength: 6 }), async (value, pretty, cuts) => {
        const body = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(stream(body, cuts).text).toBe(await formatDocument('gron', value));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps numbers and string escapes as the server wrote them', () => {
    expect(stream('{"big": 12345678901234567890123, "f": 1.50, "e": 1E+2, "s": "caf\\u00e9 \\/"}').text).toBe(
      text('json = {};', 'json.big = 12345678901234567890123;', 'json.f = 1.50;', 'json.e = 1E+2;', 'json.s = "caf\\u00e9 \\/";'),
    );
  });

  it('decodes escaped keys to choose between .key and ["key"]', () => {
    expect(stream('{"\\u0061b": 1, "x\\"y": 2, "\\u00e9": 3}').text).toBe(text('json = {};', 'json.ab = 1;', 'json["x\\"y"] = 2;', 'json["é"] = 3;'));
    for (const cuts of everyCut('{"\\u0061b": 1, "x\\"y": 2}')) {
      expect(stream('{"\\u0061b": 1, "x\\"y": 2}', cuts).text).toBe(text('json = {};', 'json.ab = 1;', 'json["x\\"y"] = 2;'));
    }
  });

  it('an empty body is null and a body of white space is refused, as the decoded body is (found by test/fuzz)', () => {
    expect(stream('').text).toBe('json = null;\n');
    expect(() => stream(' \n')).toThrow(/holds only white space/);
  });

  it('a JSON text sequence is an array even with one record, as the decoded body is (found by test/fuzz)', () => {
    expect(stream('\x1e""\n').text).toBe(text('json = [];', 'json[0] = "";'));
    expect(stream('\x1e{"a":1}\n\x1e2\n', [3]).text).toBe(text('json = [];', 'json[0] = {};', 'json[0].a = 1;', 'json[1] = 2;'));
    expect(stream('\x1e\n').text).toBe(text('json = [];'));
  });

  it('several values one after another are the elements of one array, as the decoded body is', () => {
    const expected = text('json = [];', 'json[0] = {};', 'json[0].a = 1;', 'json[1] = 2;', 'json[2] = [];', 'json[2][0] = "x";');
    expect(stream('{"a":1} 2 ["x"]').text).toBe(expected);
    expect(stream('{"a":1}\n2\n["x"]\n').text).toBe(expected);
    expect(stream('\x1e{"a":1}\n\x1e2\n\x1e["x"]\n').text).toBe(expected);
    for (const cuts of everyCut('{"a":1} 2 ["x"]')) expect(stream('{"a":1} 2 ["x"]', cuts).text).toBe(expected);
  });

  it('a second value after a first too large to hold back is an error that says what to do', () => {
    const large = JSON.stringify(Array.from({ length: 60_000 }, (_, i) => i));
    expect(() => stream(`${large} 1`)).toThrow(/several JSON values .* add -f body/);
  });

  it('starts writing before the body ends, in whole lines', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ i, name: `row ${i}` }));
    const body = Buffer.from(JSON.stringify(rows));
    const writes: string[] = [];
    const gron = new GronStream((chunk) => writes.push(Buffer.from(chunk).toString('utf8')));
    const half = body.length >> 1;
    gron.push(body.subarray(0, half));
    const before = writes.length;
    expect(before).toBeGreaterThan(0);
    gron.push(body.subarray(half));
    gron.end();
    for (const chunk of writes) expect(chunk.endsWith('\n')).toBe(true);
    expect(writes.join('').split('\n')).toHaveLength(1 + 1 + 3 * rows.length);
  });

  it.each([
    ['{"a" 1}', /expected ":" but found "1" at byte 5/],
    ['[1,]', /expected a value but found "]" at byte 3/],
    ['{"a":tru}', /"tru" is not a JSON value at byte 5/],
    ['[01]', /"01" is not a JSON value at byte 1/],
    ['[1 2]', /expected "," or the end of the container but found "2" at byte 3/],
    ['{"a":1]', /expected a value but found "]" at byte 6/],
    ['{1:2}', /expected a key but found "1" at byte 1/],
    ['[1, 2', /ends before its last value does at byte 5/],
    ['["open', /ends before its last value does/],
    ['"a\nb"', /control character inside a string at byte 2/],
    ['["a\\xb"]', /"\\x" is not a JSON escape inside a string at byte 3/],
    ['["a\\\u0000"]', /a backslash before byte 0x00 is not a JSON escape/],
    ['["\\u12"]', /a \\u escape without four hex digits inside a string at byte 6/],
    ['[1,\x1e2]', /a record separator \(0x1E\) inside a value at byte 3/],
    ['1\x1e2', /a record separator \(0x1E\) inside a value at byte 1/],
    ['\x1e1 2', /a second value in one record of the JSON text sequence at byte 3/],
  ])('%j is refused with the position', (body, message) => {
    expect(() => stream(body)).toThrow(JsonTextError);
    expect(() => stream(body)).toThrow(message);
  });

  it('the plugin takes JSON bodies raw and names the fault', async () => {
    const definition = await plugin('gron');
    expect(definition.manifest.formatter_raw_types).toEqual(['application/json', '+json']);
    async function* body() {
      yield Buffer.from('{"a": nope}');
    }
    await expect(
      definition.hooks.formatter!(
        { hook: 'formatter', protocol_version: 2, features: [], format: 'gron', document: true, raw: true, content_type: 'application/json', pretty: false, tty: false, color: false, width: 80 },
        body(),
        { write: () => undefined, log: () => undefined },
      ),
    ).rejects.toThrow('the response body says it is JSON but is not: "nope" is not a JSON value at byte 6');
  });
});
