import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OkapiError, UsageError } from '../../../sdk/shared/errors.js';
import { buildBody, chooseEncoder, contentTypeForFile, encodeBody, type EncodedBody } from '../../../sdk/shared/body/index.js';
import { FileRef } from '../../../sdk/shared/shorthand/index.js';
import { thrown, useTempFiles } from './helpers.js';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
const files = useTempFiles({
  'report.pdf': '%PDF-1.4 pretend',
  'a.txt': 'first file\n',
  'b.csv': 'x,y\n1,2\n',
  'photo.PNG': png,
  'data.json': '{"k": 1}',
  'noext': 'plain',
  'quote"name.txt': 'q',
});

function multipart(args: string[]): EncodedBody {
  const body = buildBody({ args, encoder: 'multipart', cwd: files.dir });
  if (body === undefined) throw new Error('no body');
  return body;
}

/** Parses the body with undici's (Node's) multipart parser, as a server would. */
async function parse(body: EncodedBody): Promise<FormData> {
  return new Response(body.bytes, { headers: { 'content-type': body.contentType } }).formData();
}

interface RawPart {
  headers: string[];
  content: Buffer;
}

/** A plain split on the boundary, to check the exact part headers. */
function rawParts(body: EncodedBody): RawPart[] {
  const boundary = /boundary=(.+)$/.exec(body.contentType)?.[1];
  if (boundary === undefined) throw new Error('no boundary');
  const bytes = Buffer.from(body.bytes);
  const text = bytes.toString('latin1');
  expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
  const sections = text.split(`--${boundary}`).slice(1, -1);
  return sections.map((section) => {
    expect(section.startsWith('\r\n') && section.endsWith('\r\n')).toBe(true);
    const inner = section.slice(2, -2);
    const split = inner.indexOf('\r\n\r\n');
    return { headers: inner.slice(0, split).split('\r\n'), content: Buffer.from(inner.slice(split + 4), 'latin1') };
  });
}

describe('multipart encoder', () => {
  it('sends fields as text parts and files as file parts', async () => {
    const body = multipart(['title: Q3, count: 3, ok: true, none: null, file: @report.pdf']);
    expect(body.contentType).toMatch(/^multipart\/form-data; boundary=okapi-[0-9a-f]{32}$/);
    const data = await parse(body);
    expect(data.get('title')).toBe('Q3');
    expect(data.get('count')).toBe('3');
    expect(data.get('ok')).toBe('true');
    expect(data.get('none')).toBe('');
    const file = data.get('file') as File;
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('report.pdf');
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.4 pretend');
    expect(body.value).toEqual({ title: 'Q3', count: 3, ok: true, none: null, file: new FileRef(join(files.dir, 'report.pdf')) });
  });

  it('writes exact part headers', () => {
    const parts = rawParts(multipart(['title: Q3, meta: {a: 1}, file: @a.txt']));
    expect(parts.map((part) => part.headers)).toEqual([
      ['Content-Disposition: form-data; name="title"'],
      ['Content-Disposition: form-data; name="meta"', 'Content-Type: application/json'],
      ['Content-Disposition: form-data; name="file"; filename="a.txt"', 'Content-Type: text/plain'],
    ]);
    expect(parts.map((part) => part.content.toString())).toEqual(['Q3', '{"a":1}', 'first file\n']);
  });

  it('repeats the field name for an array of files', async () => {
    const data = await parse(multipart(['docs: [@a.txt, @b.csv], extra[]: @photo.PNG, extra[]: @noext']));
    const docs = data.getAll('docs') as File[];
    expect(docs.map((file) => [file.name, file.type])).toEqual([
      ['a.txt', 'text/plain'],
      ['b.csv', 'text/csv'],
    ]);
    expect(await docs[1]!.text()).toBe('x,y\n1,2\n');
    const extra = data.getAll('extra') as File[];
    expect(extra.map((file) => [file.name, file.type])).toEqual([
      ['photo.PNG', 'image/png'],
      ['noext', 'application/octet-stream'],
    ]);
    expect(new Uint8Array(await extra[0]!.arrayBuffer())).toEqual(png);
  });

  it('sends objects and arrays without files as JSON parts', async () => {
    const data = await parse(multipart(['meta.author: Ann, meta.tags: [x, y], list: [1, 2]']));
    expect(JSON.parse(data.get('meta') as string)).toEqual({ author: 'Ann', tags: ['x', 'y'] });
    expect(data.get('list')).toBe('[1,2]');
  });

  it('does not parse @file documents: the file is uploaded as it is', async () => {
    const file = (await parse(multipart(['doc: @data.json']))).get('doc') as File;
    expect(file.type).toBe('application/json');
    expect(await file.text()).toBe('{"k": 1}');
  });

  it('turns @@ into a literal @', async () => {
    const data = await parse(multipart(['handle: @@okapi, mail: "@quoted"']));
    expect(data.get('handle')).toBe('@okapi');
    expect(data.get('mail')).toBe('@quoted');
  });

  it('sends bytes as an octet-stream part', () => {
    const [part] = rawParts(multipart(['raw: %AAEC']));
    expect(part!.headers).toEqual(['Content-Disposition: form-data; name="raw"', 'Content-Type: application/octet-stream']);
    expect([...part!.content]).toEqual([0, 1, 2]);
  });

  it('escapes quotes and line breaks in names', () => {
    const parts = rawParts(multipart(['"a\\"b\\nc": 1, f: @quote\\"name.txt']));
    expect(parts[0]!.headers[0]).toBe('Content-Disposition: form-data; name="a%22b%0Ac"');
    expect(parts[1]!.headers[0]).toBe('Content-Disposition: form-data; name="f"; filename="quote%22name.txt"');
  });

  it('uses a fresh boundary for each body', () => {
    expect(multipart(['a: 1']).contentType).not.toBe(multipart(['a: 1']).contentType);
  });

  it('encodes an empty object as the closing delimiter only', () => {
    const body = multipart(['{}']);
    const boundary = /boundary=(.+)$/.exec(body.contentType)![1];
    expect(Buffer.from(body.bytes).toString()).toBe(`--${boundary}--\r\n`);
  });

  it('fails with the path when a file cannot be read, before anything is sent', () => {
    const error = thrown(() => multipart(['title: x, file: @missing.pdf']));
    expect(error).toBeInstanceOf(OkapiError);
    expect(error).not.toBeInstanceOf(UsageError);
    expect((error as OkapiError).exitCode).toBe(1);
    expect(error.message).toBe(`cannot read ${join(files.dir, 'missing.pdf')} for multipart field "file": no such file or directory (ENOENT)`);
  });

  it('fails for a directory', () => {
    mkdirSync(join(files.dir, 'folder'), { recursive: true });
    const error = thrown(() => multipart(['file: @folder']));
    expect((error as OkapiError).exitCode).toBe(1);
    expect(error.message).toContain(join(files.dir, 'folder'));
    expect(error.message).toContain('EISDIR');
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('fails for a file without read permission', () => {
    const path = join(files.dir, 'secret.txt');
    writeFileSync(path, 'x');
    chmodSync(path, 0o000);
    const error = thrown(() => multipart(['file: @secret.txt']));
    expect(error.message).toContain('permission denied (EACCES)');
  });

  it('rejects files nested inside other fields', () => {
    const error = thrown(() => multipart(['meta.file: @a.txt']));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('multipart file @a.txt at meta.file is nested inside a field');
  });

  it('gives the parts of a field the type partTypes names, in place of the guess', () => {
    const encoder = { ...chooseEncoder('multipart'), partTypes: { file: 'image/webp', docs: 'text/x-note', title: 'text/plain; charset=utf-8' } };
    const body = encodeBody({ args: ['title: Q3, file: @photo.PNG, docs: [@a.txt, @b.csv], other: @a.txt'], cwd: files.dir }, encoder);
    const parts = rawParts(body!);
    expect(parts.map((part) => part.headers)).toEqual([
      ['Content-Disposition: form-data; name="title"', 'Content-Type: text/plain; charset=utf-8'],
      ['Content-Disposition: form-data; name="file"; filename="photo.PNG"', 'Content-Type: image/webp'],
      ['Content-Disposition: form-data; name="docs"; filename="a.txt"', 'Content-Type: text/x-note'],
      ['Content-Disposition: form-data; name="docs"; filename="b.csv"', 'Content-Type: text/x-note'],
      ['Content-Disposition: form-data; name="other"; filename="a.txt"', 'Content-Type: text/plain'],
    ]);
  });

  it('names the choice by its label in messages', () => {
    const encoder = { ...chooseEncoder('multipart'), label: "the operation's multipart/form-data body" };
    const error = thrown(() => encodeBody({ args: ['[1]'] }, encoder));
    expect(error.message).toBe("the operation's multipart/form-data body needs an object of fields, not an array");
  });

  it('rejects a body that is not an object', () => {
    const error = thrown(() => multipart(['[@a.txt]']));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('-c multipart needs an object of fields, not an array');
  });
});

describe('content type by file name', () => {
  it.each([
    ['x.json', 'application/json'],
    ['x.yaml', 'application/yaml'],
    ['x.yml', 'application/yaml'],
    ['x.txt', 'text/plain'],
    ['x.csv', 'text/csv'],
    ['x.html', 'text/html'],
    ['x.xml', 'application/xml'],
    ['x.png', 'image/png'],
    ['x.JPG', 'image/jpeg'],
    ['x.jpeg', 'image/jpeg'],
    ['x.gif', 'image/gif'],
    ['x.pdf', 'application/pdf'],
    ['x.zip', 'application/zip'],
    ['archive.tar.gz', 'application/gzip'],
    ['x.unknown', 'application/octet-stream'],
    ['Makefile', 'application/octet-stream'],
    ['.hidden', 'application/octet-stream'],
  ])('%s → %s', (name, type) => {
    expect(contentTypeForFile(`/some/dir/${name}`)).toBe(type);
  });
});
