import { decode as decodeCbor, encode as encodeCborValue } from 'cbor-x';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { UsageError } from '../../../sdk/shared/errors.js';
import { buildBody } from '../../../sdk/shared/body/index.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';
import { text, thrown, utf8, useTempFiles } from './helpers.js';

const files = useTempFiles({ 'extra.json': '{"n": 1}', 'a.txt': 'file a' });

describe('stdin alone', () => {
  it('is no body when empty or blank', () => {
    expect(buildBody({ args: [], stdin: new Uint8Array() })).toBeUndefined();
    expect(buildBody({ args: [], stdin: utf8(' \n\r\n\t') })).toBeUndefined();
    expect(buildBody({ args: [], stdin: new Uint8Array(), encoder: 'text/plain' })).toBeUndefined();
  });

  it('sends a JSON document unchanged, keeping its formatting and big integers', () => {
    const input = '{\n  "id": 12345678901234567890,\n  "name": "x"\n}\n';
    const body = buildBody({ args: [], stdin: utf8(input) });
    expect(body?.contentType).toBe('application/json');
    expect(text(body!.bytes)).toBe(input);
    expect(body?.value).toEqual({ id: new ExactNumber('12345678901234567890'), name: 'x' });
  });

  it('drops a byte order mark', () => {
    const body = buildBody({ args: [], stdin: utf8('\uFEFF{"a": 1}') });
    expect(text(body!.bytes)).toBe('{"a": 1}');
    expect(body?.value).toEqual({ a: 1 });
  });

  it('treats JSON scalars as JSON', () => {
    const body = buildBody({ args: [], stdin: utf8('42\n') });
    expect(body?.contentType).toBe('application/json');
    expect(body?.value).toBe(42);
  });

  it('converts YAML and CBOR documents to JSON by default', () => {
    const yaml = buildBody({ args: [], stdin: utf8('name: x\ntags:\n  - a\n') });
    expect(yaml?.contentType).toBe('application/json');
    expect(text(yaml!.bytes)).toBe('{"name":"x","tags":["a"]}');
    const cbor = buildBody({ args: [], stdin: encodeCborValue({ a: [1, 2] }) });
    expect(text(cbor!.bytes)).toBe('{"a":[1,2]}');
  });

  it('sends a document unchanged when it is already in the format -c asks for', () => {
    const yamlInput = '# comment kept\nname: x\n';
    expect(text(buildBody({ args: [], stdin: utf8(yamlInput), encoder: 'yaml' })!.bytes)).toBe(yamlInput);
    const cborInput = encodeCborValue({ a: 1 });
    expect(buildBody({ args: [], stdin: cborInput, encoder: 'cbor' })?.bytes).toEqual(cborInput);
    const vendor = buildBody({ args: [], stdin: utf8('{ "a" : 1 }'), encoder: 'application/vnd.x+json' });
    expect(vendor?.contentType).toBe('application/vnd.x+json');
    expect(text(vendor!.bytes)).toBe('{ "a" : 1 }');
  });

  it('converts a document to the format -c asks for', () => {
    const body = buildBody({ args: [], stdin: utf8('{"a": {"b": [1, 2]}}'), encoder: 'yaml' });
    expect(parseYaml(text(body!.bytes))).toEqual({ a: { b: [1, 2] } });
    const cbor = buildBody({ args: [], stdin: utf8('a: 1\n'), encoder: 'cbor' });
    expect(decodeCbor(cbor!.bytes)).toEqual({ a: 1 });
    const form = buildBody({ args: [], stdin: utf8('{"a": [1, 2]}'), encoder: 'form' });
    expect(text(form!.bytes)).toBe('a=1&a=2');
  });

  it('sends plain text as text/plain', () => {
    for (const input of ['hello world\n', 'line one\nline two\n', '{not json at all', '[1, 2', '{"a": 1, /* no */}']) {
      const body = buildBody({ args: [], stdin: utf8(input) });
      expect(body?.contentType).toBe('text/plain; charset=utf-8');
      expect(text(body!.bytes)).toBe(input);
      expect(body?.value).toBe(input);
    }
  });

  it('reads text that forms a YAML mapping as YAML (use -c text/plain to send it as text)', () => {
    const body = buildBody({ args: [], stdin: utf8('Subject: hello\n') });
    expect(body?.contentType).toBe('application/json');
    expect(body?.value).toEqual({ Subject: 'hello' });
  });

  it('sends binary data as application/octet-stream', () => {
    const bytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]);
    const body = buildBody({ args: [], stdin: bytes });
    expect(body?.contentType).toBe('application/octet-stream');
    expect(body?.bytes).toEqual(bytes);
  });

  it('sends stdin as it is, uninterpreted, for a media type -c does not encode', () => {
    // YAML would read this text as a mapping; -c text/plain says it is text.
    const input = 'Subject: hello\nTo: you\n';
    const body = buildBody({ args: [], stdin: utf8(input), encoder: 'text/plain' });
    expect(body?.contentType).toBe('text/plain');
    expect(text(body!.bytes)).toBe(input);
    expect(body?.value).toBe(input);
    const csv = buildBody({ args: [], stdin: utf8('a,b\n1,2\n'), encoder: 'text/csv' });
    expect(csv?.contentType).toBe('text/csv');
    expect(text(csv!.bytes)).toBe('a,b\n1,2\n');
  });

  it('sends text as it is with a JSON media type', () => {
    const input = '{"a": 1, /* a comment */}';
    const body = buildBody({ args: [], stdin: utf8(input), encoder: 'application/json' });
    expect(body?.contentType).toBe('application/json');
    expect(text(body!.bytes)).toBe(input);
    // Sent as it came: its value is text, not data (generated commands validate only data).
    expect(body?.asIs).toBe(true);
    expect(buildBody({ args: [], stdin: utf8('{"a": 1}'), encoder: 'application/json' })).not.toHaveProperty('asIs');
  });

  it('refuses text when -c names an encoder', () => {
    const error = thrown(() => buildBody({ args: [], stdin: utf8('{"a": 1,'), encoder: 'json' }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/^-c json encodes data, but stdin is not a JSON, YAML or CBOR document: it is not valid JSON: /);
    expect((error as UsageError).hint).toContain('-c text/plain');
    const form = thrown(() => buildBody({ args: [], stdin: utf8('a=1&b=2'), encoder: 'form' }));
    expect(form.message).toBe('-c form encodes data, but stdin is not a JSON, YAML or CBOR document: it is plain text');
    expect((form as UsageError).hint).toContain('-c application/x-www-form-urlencoded');
  });
});

describe('stdin patched by args', () => {
  it('patches JSON stdin', () => {
    const stdin = utf8('{"name": "old", "tags": ["a"], "drop": 1, "keep": {"x": 1}}');
    const body = buildBody({ args: ['name:', 'new,', 'tags[]:', 'b,', 'drop:', 'undefined,', 'keep.y: 2'], stdin });
    expect(body?.value).toEqual({ name: 'new', tags: ['a', 'b'], keep: { x: 1, y: 2 } });
    expect(text(body!.bytes)).toBe('{"name":"new","tags":["a","b"],"keep":{"x":1,"y":2}}');
  });

  it('patches a JSON array', () => {
    const body = buildBody({ args: ['[0]: first, [^0]: zero'], stdin: utf8('["a", "b"]') });
    expect(body?.value).toEqual(['zero', 'first', 'b']);
  });

  it('patches YAML stdin', () => {
    const body = buildBody({ args: ['spec.replicas: 3'], stdin: utf8('kind: Deployment\nspec:\n  replicas: 1\n'), encoder: 'yaml' });
    expect(parseYaml(text(body!.bytes))).toEqual({ kind: 'Deployment', spec: { replicas: 3 } });
  });

  it('patches CBOR stdin', () => {
    const stdin = encodeCborValue({ a: 1, bytes: Uint8Array.from([9, 8]) });
    const body = buildBody({ args: ['b: two'], stdin, encoder: 'cbor' });
    const decoded = decodeCbor(body!.bytes) as Record<string, unknown>;
    expect(decoded.a).toBe(1);
    expect(decoded.b).toBe('two');
    expect([...(decoded.bytes as Uint8Array)]).toEqual([9, 8]);
  });

  it('loads @files in the patch', () => {
    const body = buildBody({ args: ['extra: @extra.json'], stdin: utf8('{"a": 1}'), cwd: files.dir });
    expect(body?.value).toEqual({ a: 1, extra: { n: 1 } });
  });

  it('patches stdin into a multipart body with file parts', async () => {
    const body = buildBody({ args: ['file: @a.txt'], stdin: utf8('{"title": "T"}'), encoder: 'multipart', cwd: files.dir });
    const data = await new Response(body!.bytes, { headers: { 'content-type': body!.contentType } }).formData();
    expect(data.get('title')).toBe('T');
    expect(await (data.get('file') as File).text()).toBe('file a');
  });

  it('refuses to patch text stdin', () => {
    const error = thrown(() => buildBody({ args: ['a: 1'], stdin: utf8('hello\n') }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('body arguments can only patch JSON, YAML or CBOR on stdin, but it is plain text');
    expect((error as UsageError).hint).toBeTruthy();
  });

  it('refuses to patch binary stdin', () => {
    const error = thrown(() => buildBody({ args: ['a: 1'], stdin: Uint8Array.from([0xff, 0x00, 0x10]) }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain('binary data');
  });

  it('ignores blank stdin and uses the args alone', () => {
    expect(buildBody({ args: ['a: 1'], stdin: utf8('\n') })?.value).toEqual({ a: 1 });
  });
});
