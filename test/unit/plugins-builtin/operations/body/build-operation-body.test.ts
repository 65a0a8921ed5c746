import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode as decodeCbor, encode as encodeCborValue } from 'cbor-x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExactNumber } from '../../../../../sdk/shared/exact-number.js';
import { OkapiError, UsageError } from '../../../../../sdk/shared/errors.js';
import type { RequestBodyDetail } from '../../../../../sdk/shared/operation-detail-format.js';
import {
  bodyRequiredError,
  buildOperationBody,
  operationReadsStdin,
  type OperationBody,
  type OperationBodyInput,
} from '../../../../../plugins-builtin/operations/body/index.js';
import { tempDir } from '../../../../helpers/temp-dir.js';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
const files = { dir: '' };
beforeAll(() => {
  files.dir = tempDir('okapi-operation-body-');
  const contents: Record<string, string | Uint8Array> = {
    'avatar.png': png,
    'a.png': png,
    'b.jpg': 'not really a jpeg',
    'notes.txt': 'first line\n',
    'data.json': '{ "k" : 1.50 }',
    'feed.xml': '<feed><entry id="1"/></feed>\n',
  };
  for (const [name, content] of Object.entries(contents)) writeFileSync(join(files.dir, name), content);
});
afterAll(() => {
  rmSync(files.dir, { recursive: true, force: true });
});

function bodyOf(...mediaTypes: string[]): RequestBodyDetail {
  return { contents: mediaTypes.map((media_type) => ({ media_type })) };
}

async function build(body: RequestBodyDetail | undefined, input: Partial<OperationBodyInput>): Promise<OperationBody | undefined> {
  return buildOperationBody(body, { words: [], method: 'POST', cwd: files.dir, ...input });
}

async function built(body: RequestBodyDetail | undefined, input: Partial<OperationBodyInput>): Promise<OperationBody> {
  const result = await build(body, input);
  if (result === undefined) throw new Error('no body was built');
  return result;
}

async function failure(body: RequestBodyDetail | undefined, input: Partial<OperationBodyInput>): Promise<OkapiError> {
  try {
    await build(body, input);
  } catch (error) {
    expect(error).toBeInstanceOf(OkapiError);
    return error as OkapiError;
  }
  throw new Error('the body was accepted');
}

function text(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('utf8');
}

function utf8(value: string): Uint8Array {
  return new TextEncoder().encode(value);
}

/** Parses a multipart body with Node's own parser, as a server would. */
async function formData(body: OperationBody): Promise<FormData> {
  return new Response(body.bytes, { headers: { 'content-type': body.contentType } }).formData();
}

describe('JSON bodies', () => {
  const patch = bodyOf('application/merge-patch+json');

  it('come from shorthand, keep its types and every digit, and carry the operation\'s media type', async () => {
    const body = await built(patch, { words: ['name: Ann Lee,', 'zip: 007, active: true, id: 12345678901234567890, price: 1.10, tags[]: a'] });
    expect(body.contentType).toBe('application/merge-patch+json');
    expect(text(body.bytes)).toBe('{"name":"Ann Lee","zip":"007","active":true,"id":12345678901234567890,"price":1.10,"tags":["a"]}');
    expect(body.value).toEqual({
      name: 'Ann Lee',
      zip: '007',
      active: true,
      id: new ExactNumber('12345678901234567890'),
      price: new ExactNumber('1.10'),
      tags: ['a'],
    });
  });

  it('take one field per argument, as generic requests do', async () => {
    const body = await built(bodyOf('application/json'), { words: ['n:=5', 'a: 1', 'b.c: x', 'y'] });
    expect(text(body.bytes)).toBe('{"n":5,"a":1,"b":{"c":"x y"}}');
  });

  it('patch the document on stdin', async () => {
    const stdin = utf8('{"a": 1, "big": 123456789012345678901234, "list": [1]}');
    const body = await built(patch, { words: ['b: 2, list[]: 2'], stdin });
    expect(text(body.bytes)).toBe('{"a":1,"big":123456789012345678901234,"list":[1,2],"b":2}');
    expect(body.contentType).toBe('application/merge-patch+json');
  });

  it('send a JSON document on stdin byte for byte, and convert YAML and CBOR', async () => {
    const asTyped = '{ "price" : 1.50 }\n';
    const same = await built(patch, { stdin: utf8(asTyped) });
    expect(text(same.bytes)).toBe(asTyped);
    expect(same.value).toEqual({ price: new ExactNumber('1.50') });
    expect(text((await built(patch, { stdin: utf8('name: x\ntags:\n  - a\n') })).bytes)).toBe('{"name":"x","tags":["a"]}');
    expect(text((await built(patch, { stdin: encodeCborValue({ a: [1, 2] }) })).bytes)).toBe('{"a":[1,2]}');
  });

  it('read @file values as data', async () => {
    const body = await built(bodyOf('application/json'), { words: ['doc: @data.json, note: @notes.txt'] });
    expect(text(body.bytes)).toBe('{"doc":{"k":1.50},"note":"first line\\n"}');
    const whole = await built(bodyOf('application/json'), { words: ['@data.json'] });
    expect(text(whole.bytes)).toBe('{"k":1.50}');
  });

  it('send text on stdin as it is when it is no document, without a value to validate', async () => {
    const body = await built(bodyOf('application/json'), { stdin: utf8('not json at all') });
    expect(text(body.bytes)).toBe('not json at all');
    expect(body.contentType).toBe('application/json');
    expect(body).not.toHaveProperty('value');
  });

  it('fail on shorthand syntax with exit 2, and on an unreadable @file with exit 1', async () => {
    const syntax = await failure(bodyOf('application/json'), { words: ['a: [1, 2'] });
    expect(syntax).toBeInstanceOf(UsageError);
    expect(syntax.message).toContain('the request body is not valid shorthand');
    const missing = await failure(bodyOf('application/json'), { words: ['doc: @missing.json'] });
    expect(missing).not.toBeInstanceOf(UsageError);
    expect(missing.exitCode).toBe(1);
    expect(missing.message).toBe(`cannot read ${join(files.dir, 'missing.json')} for the request body: no such file or directory (ENOENT)`);
  });

  it('encode YAML and CBOR operations from the same shorthand', async () => {
    const yaml = await built(bodyOf('application/yaml'), { words: ['a: 1, b: [x]'] });
    expect(yaml.contentType).toBe('application/yaml');
    expect(text(yaml.bytes)).toBe('a: 1\nb:\n  - x\n');
    expect(yaml).not.toHaveProperty('value');
    const cbor = await built(bodyOf('application/cbor'), { words: ['a: 1'] });
    expect(cbor.contentType).toBe('application/cbor');
    expect(decodeCbor(cbor.bytes)).toEqual({ a: 1 });
  });
});

describe('form bodies', () => {
  const form = bodyOf('application/x-www-form-urlencoded');

  it('encode shorthand fields', async () => {
    const body = await built(form, { words: ['q: a b&c, page: 2, tags: [x, y], user.name: Ann'] });
    expect(body.contentType).toBe('application/x-www-form-urlencoded');
    expect(text(body.bytes)).toBe('q=a+b%26c&page=2&tags=x&tags=y&user%5Bname%5D=Ann');
    expect(body).not.toHaveProperty('value');
  });

  it('name the operation\'s media type when the value does not fit', async () => {
    const error = await failure(form, { words: ['[1, 2]'] });
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe("the operation's application/x-www-form-urlencoded body needs an object of fields, not an array");
    const chosen = await failure(bodyOf('application/json', 'application/x-www-form-urlencoded'), { words: ['[1]'], contentTypeFlag: 'form' });
    expect(chosen.message).toBe('-c form (application/x-www-form-urlencoded) needs an object of fields, not an array');
  });
});

describe('multipart bodies', () => {
  const upload: RequestBodyDetail = {
    required: true,
    contents: [
      {
        media_type: 'multipart/form-data',
        encoding: {
          avatar: { content_type: 'image/webp' },
          meta: { content_type: 'application/vnd.acme.meta+json' },
          photos: { content_type: 'image/png, image/jpeg' },
          shots: { content_type: 'image/*' },
        },
      },
    ],
  };

  it('send fields and files, parsed back as a server would', async () => {
    const body = await built(upload, { words: ['title: Q3 report, count: 3, notes: @notes.txt'] });
    expect(body.contentType).toMatch(/^multipart\/form-data; boundary=okapi-[0-9a-f]{32}$/);
    const data = await formData(body);
    expect(data.get('title')).toBe('Q3 report');
    expect(data.get('count')).toBe('3');
    const notes = data.get('notes') as File;
    expect([notes.name, notes.type, await notes.text()]).toEqual(['notes.txt', 'text/plain', 'first line\n']);
  });

  it('send a part per file of a repeated file field', async () => {
    const data = await formData(await built(upload, { words: ['files[]: @a.png', 'files[]: @b.jpg', 'more: [@notes.txt, @a.png]'] }));
    const parts = data.getAll('files') as File[];
    expect(parts.map((file) => [file.name, file.type])).toEqual([
      ['a.png', 'image/png'],
      ['b.jpg', 'image/jpeg'],
    ]);
    expect(new Uint8Array(await parts[0]!.arrayBuffer())).toEqual(png);
    expect((data.getAll('more') as File[]).map((file) => file.name)).toEqual(['notes.txt', 'a.png']);
  });

  it('give parts the content type the operation\'s encoding names, keeping the guess for lists and wildcards', async () => {
    const words = ['avatar: @avatar.png, meta: {tags: [a]}, photos: [@a.png, @b.jpg], shots[]: @a.png'];
    const body = await built(upload, { words });
    const data = await formData(body);
    const avatar = data.get('avatar') as File;
    expect([avatar.name, avatar.type]).toEqual(['avatar.png', 'image/webp']);
    expect(new Uint8Array(await avatar.arrayBuffer())).toEqual(png);
    // A part without a file name is a plain field to a form parser: its header shows the type given.
    expect(data.get('meta')).toBe('{"tags":["a"]}');
    expect(text(body.bytes)).toContain('Content-Disposition: form-data; name="meta"\r\nContent-Type: application/vnd.acme.meta+json\r\n\r\n{"tags":["a"]}\r\n');
    expect((data.getAll('photos') as File[]).map((file) => file.type)).toEqual(['image/png', 'image/jpeg']);
    expect((data.get('shots') as File).type).toBe('image/png');
  });

  it('fail with exit 1 naming a file that cannot be read', async () => {
    const error = await failure(upload, { words: ['file: @gone.png'] });
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe(`cannot read ${join(files.dir, 'gone.png')} for multipart field "file": no such file or directory (ENOENT)`);
  });
});

describe('opaque bodies', () => {
  it('send one argument as typed, never read as shorthand', async () => {
    const xml = await built(bodyOf('application/xml'), { words: ['<item id="1">a: b, c</item>'] });
    expect(xml.contentType).toBe('application/xml');
    expect(text(xml.bytes)).toBe('<item id="1">a: b, c</item>');
    expect(xml).not.toHaveProperty('value');
    expect(text((await built(bodyOf('text/plain'), { words: ['a: 1'] })).bytes)).toBe('a: 1');
  });

  it('send an @file\'s bytes as they are, and @@ as a literal @', async () => {
    const binary = await built(bodyOf('application/octet-stream'), { words: ['@avatar.png'] });
    expect(new Uint8Array(binary.bytes)).toEqual(png);
    expect(binary.contentType).toBe('application/octet-stream');
    const json = await built(bodyOf('application/octet-stream'), { words: ['@data.json'] });
    expect(text(json.bytes)).toBe('{ "k" : 1.50 }');
    expect(text((await built(bodyOf('text/plain'), { words: ['@@handle'] })).bytes)).toBe('@handle');
  });

  it('send stdin as it is', async () => {
    const ndjson = '{"a":1}\n{"a":2}\n';
    const body = await built(bodyOf('application/x-ndjson'), { stdin: utf8(ndjson) });
    expect([text(body.bytes), body.contentType]).toEqual([ndjson, 'application/x-ndjson']);
  });

  it('refuse several arguments, and an argument with stdin', async () => {
    const several = await failure(bodyOf('application/xml'), { words: ['<a>', '</a>'] });
    expect(several).toBeInstanceOf(UsageError);
    expect(several.message).toBe('a application/xml body is one argument, but 2 were given: "<a>" "</a>"');
    const both = await failure(bodyOf('text/csv'), { words: ['a,b'], stdin: utf8('c,d\n') });
    expect(both).toBeInstanceOf(UsageError);
    expect(both.message).toBe('a text/csv body comes from an argument or from stdin, but both were given (the argument "a,b")');
    expect((await failure(bodyOf('text/plain'), { words: ['@'] })).message).toBe('@ on its own names no file to send as the request body');
  });

  it('fail with exit 1 naming a file that cannot be read', async () => {
    const error = await failure(bodyOf('application/xml'), { words: ['@missing.xml'] });
    expect(error).not.toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe(`cannot read ${join(files.dir, 'missing.xml')} for the request body: no such file or directory (ENOENT)`);
  });
});

describe('choosing among offered media types', () => {
  const offers = bodyOf('application/xml', 'application/json', 'multipart/form-data');

  it('sends JSON by default and what -c picks otherwise', async () => {
    expect((await built(offers, { words: ['a: 1'] })).contentType).toBe('application/json');
    const xml = await built(offers, { words: ['@feed.xml'], contentTypeFlag: 'xml' });
    expect([xml.contentType, text(xml.bytes)]).toEqual(['application/xml', '<feed><entry id="1"/></feed>\n']);
    expect((await built(offers, { words: ['a: 1'], contentTypeFlag: 'multipart' })).contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('refuses a -c the operation does not offer, before reading any input', async () => {
    const error = await failure(offers, { words: ['@missing.csv'], contentTypeFlag: 'text/csv' });
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('-c text/csv is not a request body media type of this operation, which takes application/xml, application/json, multipart/form-data');
  });

  it('takes what -c names inside a wildcard', async () => {
    const body = await built(bodyOf('*/*'), { words: ['<a/>'], contentTypeFlag: 'application/vnd.acme+xml' });
    expect([body.contentType, text(body.bytes)]).toEqual(['application/vnd.acme+xml', '<a/>']);
    const json = await built(bodyOf('application/*'), { words: ['a: 1'], contentTypeFlag: 'json' });
    expect([json.contentType, text(json.bytes)]).toEqual(['application/json', '{"a":1}']);
  });

  it('lets the body decide inside a wildcard without -c, as a generic request does', async () => {
    const json = await built(bodyOf('*/*'), { words: ['a: 1'] });
    expect([json.contentType, text(json.bytes)]).toEqual(['application/json', '{"a":1}']);
    expect(json.value).toEqual({ a: 1 });
    const plain = await built(bodyOf('*/*'), { stdin: utf8('hello\n') });
    expect([plain.contentType, text(plain.bytes)]).toEqual(['text/plain; charset=utf-8', 'hello\n']);
    const error = await failure(bodyOf('image/*'), { stdin: png });
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('this operation takes a image/* body, but the one given reads as application/octet-stream');
    expect(error.hint).toBe('say which media type it is with -c, e.g. -c image/<subtype>');
    const image = await built(bodyOf('image/*'), { stdin: png, contentTypeFlag: 'image/png' });
    expect([image.contentType, image.bytes]).toEqual(['image/png', png]);
  });
});

describe('when there is a body', () => {
  const json = bodyOf('application/json');

  it('is none without words and stdin, or with blank ones', async () => {
    expect(await build(json, {})).toBeUndefined();
    expect(await build(json, { words: ['', '  '], stdin: utf8(' \n') })).toBeUndefined();
    expect(await build(bodyOf('application/xml'), { stdin: utf8('\n') })).toBeUndefined();
  });

  it('on GET and DELETE comes from body words, with stdin only as their base', async () => {
    expect(await build(json, { method: 'GET', stdin: utf8('{"a": 1}') })).toBeUndefined();
    expect(text((await built(json, { method: 'GET', words: ['q: x'] })).bytes)).toBe('{"q":"x"}');
    expect(text((await built(json, { method: 'DELETE', words: ['b: 2'], stdin: utf8('{"a": 1}') })).bytes)).toBe('{"a":1,"b":2}');
  });

  it.each([
    ['POST', [], true],
    ['put', [], true],
    ['PATCH', [], true],
    ['GET', [], false],
    ['DELETE', [''], false],
    ['DELETE', ['a: 1'], true],
  ])('reads stdin for %s with words %j: %s', (method, words, expected) => {
    expect(operationReadsStdin(json, method, words)).toBe(expected);
  });

  it('is read whatever the method when the body is required', async () => {
    const required = { ...json, required: true as const };
    expect(operationReadsStdin(required, 'DELETE', [])).toBe(true);
    expect(operationReadsStdin(required, 'GET', [])).toBe(true);
    expect(text((await built(required, { method: 'DELETE', stdin: utf8('{"a": 1}') })).bytes)).toBe('{"a": 1}');
  });

  it('is never read for an operation without a body', () => {
    expect(operationReadsStdin(undefined, 'POST', ['a: 1'])).toBe(false);
  });
});

describe('an operation without a request body', () => {
  it('ignores stdin', async () => {
    expect(await build(undefined, { stdin: utf8('{"a": 1}') })).toBeUndefined();
  });

  it('refuses body words, naming the first', async () => {
    const error = await failure(undefined, { words: ['', 'extra', 'words'] });
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('this operation takes no request body, so "extra" has nowhere to go');
  });
});

describe('a required body not given', () => {
  it('is left to the caller, who has an error for it', async () => {
    const required: RequestBodyDetail = { required: true, contents: [{ media_type: 'application/json' }, { media_type: 'application/xml' }] };
    expect(await build(required, {})).toBeUndefined();
    const error = bodyRequiredError(required, 'okapi shop add-item');
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('okapi shop add-item needs a request body (application/json, application/xml), but none was given');
    expect(error.hint).toBe("give its fields as arguments, e.g. 'name: value', or pipe a document on stdin; okapi shop add-item --okapi-generate-body prints an example");
    expect(bodyRequiredError(bodyOf('application/octet-stream'), 'okapi s upload').hint).toBe(
      'give it as one argument, as @path for a file, or on stdin; okapi s upload --okapi-generate-body prints an example',
    );
  });
});
