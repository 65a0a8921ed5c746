import { decode as decodeCbor, encode as encodeCborValue } from 'cbor-x';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { UsageError } from '../../../sdk/shared/errors.js';
import { buildBody } from '../../../sdk/shared/body/index.js';
import { text, thrown, useTempFiles } from './helpers.js';

const files = useTempFiles({
  'data.json': '{"id": 7, "tags": ["a", "b"]}',
  'report.csv': 'a,b\n1,2\n',
  'doc.xml': '<doc><x>1</x></doc>\n',
  'blob.bin': Uint8Array.from([0xff, 0x00, 0xfe, 0x80]),
  'note.txt': 'hello there\n',
});

describe('args', () => {
  it('returns undefined without args or stdin', () => {
    expect(buildBody({ args: [] })).toBeUndefined();
    expect(buildBody({ args: [''] })).toBeUndefined();
    expect(buildBody({ args: ['  ', ''] })).toBeUndefined();
    expect(buildBody({ args: ['// only a comment'] })).toBeUndefined();
  });

  it('joins the args into one expression: a field per argument that starts one, other words continue the value', () => {
    const body = buildBody({ args: ['name:', 'Alice,', 'tags[]:', 'x,', 'tags[]:', 'y'] });
    expect(body?.value).toEqual({ name: 'Alice', tags: ['x', 'y'] });
    const spaced = buildBody({ args: ['title:', 'hello', 'world', 'n:', '2'] });
    expect(spaced?.value).toEqual({ title: 'hello world', n: 2 });
  });
});

describe('json (the default)', () => {
  it('encodes compact JSON as application/json', () => {
    const body = buildBody({ args: ['a.b: 1, c[]: x, d: null, e: "123", f: true'] });
    expect(body?.contentType).toBe('application/json');
    expect(text(body!.bytes)).toBe('{"a":{"b":1},"c":["x"],"d":null,"e":"123","f":true}');
  });

  it('is also what -c json and -c JSON select', () => {
    expect(text(buildBody({ args: ['a: 1'], encoder: 'json' })!.bytes)).toBe('{"a":1}');
    expect(buildBody({ args: ['a: 1'], encoder: 'JSON' })?.contentType).toBe('application/json');
  });

  it('writes bytes as base64 strings', () => {
    const body = buildBody({ args: ['raw: %AQID'] });
    expect(body?.value).toEqual({ raw: Uint8Array.from([1, 2, 3]) });
    expect(text(body!.bytes)).toBe('{"raw":"AQID"}');
  });

  it('takes whole values and @file documents', () => {
    expect(text(buildBody({ args: ['[1, 2]'] })!.bytes)).toBe('[1,2]');
    expect(text(buildBody({ args: ['@data.json'], cwd: files.dir })!.bytes)).toBe('{"id":7,"tags":["a","b"]}');
    expect(text(buildBody({ args: ['payload: @data.json'], cwd: files.dir })!.bytes)).toBe('{"payload":{"id":7,"tags":["a","b"]}}');
  });

  it('keeps the digits of integers beyond a double (from CBOR stdin)', () => {
    const stdin = encodeCborValue({ big: 18446744073709551615n, small: 1 });
    const body = buildBody({ args: ['extra: 2'], stdin });
    expect(text(body!.bytes)).toBe('{"big":18446744073709551615,"small":1,"extra":2}');
  });
});

describe('yaml', () => {
  it('encodes YAML as application/yaml', () => {
    const body = buildBody({ args: ['name: Alice, tags: [a, b], nested.n: 1, raw: %AQID'], encoder: 'yaml' });
    expect(body?.contentType).toBe('application/yaml');
    expect(parseYaml(text(body!.bytes))).toEqual({ name: 'Alice', tags: ['a', 'b'], nested: { n: 1 }, raw: 'AQID' });
  });

  it('keeps strings that look like other types as strings', () => {
    const body = buildBody({ args: ['a: "123", b: "true", c: "null", d: ""'], encoder: 'yaml' });
    expect(parseYaml(text(body!.bytes))).toEqual({ a: '123', b: 'true', c: 'null', d: '' });
  });
});

describe('cbor', () => {
  it('encodes CBOR as application/cbor with plain byte strings', () => {
    const body = buildBody({ args: ['n: 1.5, list: [1, x], raw: %AQID, none: null'], encoder: 'cbor' });
    expect(body?.contentType).toBe('application/cbor');
    const decoded = decodeCbor(body!.bytes) as Record<string, unknown>;
    expect(decoded).toEqual({ n: 1.5, list: [1, 'x'], raw: expect.any(Uint8Array), none: null });
    expect([...(decoded.raw as Uint8Array)]).toEqual([1, 2, 3]);
    // No typed-array tag (0xd8 0x40): the byte string follows its key directly.
    expect(Buffer.from(body!.bytes).includes(Buffer.from([0x63, 0x72, 0x61, 0x77, 0x43, 1, 2, 3]))).toBe(true);
  });
});

describe('media types', () => {
  it('sends a string as it is with the given Content-Type', () => {
    const body = buildBody({ args: ['@report.csv'], encoder: 'text/csv', cwd: files.dir });
    expect(body?.contentType).toBe('text/csv');
    expect(text(body!.bytes)).toBe('a,b\n1,2\n');
    expect(body?.value).toBe('a,b\n1,2\n');
  });

  it('keeps parameters and spelling of the media type', () => {
    const body = buildBody({ args: ['@doc.xml'], encoder: 'application/xml; charset=utf-8', cwd: files.dir });
    expect(body?.contentType).toBe('application/xml; charset=utf-8');
    expect(text(body!.bytes)).toBe('<doc><x>1</x></doc>\n');
  });

  it('sends bytes as they are', () => {
    const body = buildBody({ args: ['@blob.bin'], encoder: 'application/octet-stream', cwd: files.dir });
    expect([...body!.bytes]).toEqual([0xff, 0x00, 0xfe, 0x80]);
  });

  it('sends a quoted shorthand string as text', () => {
    expect(text(buildBody({ args: ['"a, b: c"'], encoder: 'text/plain' })!.bytes)).toBe('a, b: c');
  });

  it('writes text in the charset the media type declares, and refuses what it cannot write', () => {
    const latin1 = buildBody({ args: ['"café"'], encoder: 'text/plain; charset=ISO-8859-1' });
    expect([...latin1!.bytes]).toEqual([0x63, 0x61, 0x66, 0xe9]);
    expect([...buildBody({ args: ['"café"'], encoder: 'text/plain; charset="utf-8"' })!.bytes]).toEqual([0x63, 0x61, 0x66, 0xc3, 0xa9]);
    expect(text(buildBody({ args: ['"plain"'], encoder: 'text/plain; charset=us-ascii' })!.bytes)).toBe('plain');
    const refusals: [string, string, string, string][] = [
      ['"日本"', 'text/plain; charset=iso-8859-1', 'declares charset=iso-8859-1, which cannot hold "日" of the body', 'declare charset=utf-8, or leave the charset out'],
      ['"café"', 'text/plain; charset=us-ascii', 'declares charset=us-ascii, which cannot hold "é" of the body', 'declare charset=utf-8, or leave the charset out'],
      // A UTF-8 @file becomes text, so what sends such a charset is a file already converted to it (not UTF-8).
      [
        '"café"',
        'text/plain; charset=shift_jis',
        'declares charset=shift_jis, which okapi cannot write text in',
        'convert the text to shift_jis first (iconv -t shift_jis) and give it as @path or on stdin, where bytes that are not UTF-8 are sent as they are; or declare charset=utf-8',
      ],
    ];
    for (const [arg, encoder, message, hint] of refusals) {
      const error = thrown(() => buildBody({ args: [arg], encoder }));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toBe(`-c ${encoder} ${message}`);
      expect((error as UsageError).hint).toBe(hint);
    }
    // Bytes are the user's own, sent as they are under whatever label they are given.
    expect([...buildBody({ args: ['@blob.bin'], encoder: 'text/plain; charset=shift_jis', cwd: files.dir })!.bytes]).toEqual([0xff, 0x00, 0xfe, 0x80]);
  });

  it('refuses a charset other than UTF-8 for the JSON, YAML and form encoders, which write UTF-8', () => {
    for (const encoder of ['application/json; charset=iso-8859-1', 'application/yaml; charset=latin1', 'application/x-www-form-urlencoded; charset=windows-1252']) {
      const error = thrown(() => buildBody({ args: ['a: é'], encoder }));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toContain(`-c "${encoder}" declares charset=`);
      expect(error.message).toContain('bodies as UTF-8');
    }
  });

  it('rejects structured values for media types it does not encode', () => {
    for (const args of [['a: 1'], ['[1, 2]'], ['42'], ['null']]) {
      const error = thrown(() => buildBody({ args, encoder: 'text/csv' }));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toContain('-c text/csv sends the body as it is, so give it a string or @file');
      expect((error as UsageError).exitCode).toBe(2);
    }
  });

  it('JSON-encodes structured values for application/json and +json types', () => {
    for (const encoder of ['application/json', 'application/vnd.api+json', 'application/merge-patch+json; charset=utf-8']) {
      const body = buildBody({ args: ['a: 1, b: [x]'], encoder });
      expect(body?.contentType).toBe(encoder);
      expect(text(body!.bytes)).toBe('{"a":1,"b":["x"]}');
    }
    // The value is a JSON string, not raw text.
    expect(text(buildBody({ args: ['"hi"'], encoder: 'application/json' })!.bytes)).toBe('"hi"');
  });

  it('encodes YAML, CBOR, form and multipart media types with their encoders', () => {
    const yaml = buildBody({ args: ['a: 1'], encoder: 'application/x-yaml' });
    expect(yaml?.contentType).toBe('application/x-yaml');
    expect(parseYaml(text(yaml!.bytes))).toEqual({ a: 1 });
    const suffixed = buildBody({ args: ['a: 1'], encoder: 'application/vnd.thing+yaml' });
    expect(parseYaml(text(suffixed!.bytes))).toEqual({ a: 1 });
    const cbor = buildBody({ args: ['a: 1'], encoder: 'application/vnd.thing+cbor' });
    expect(decodeCbor(cbor!.bytes)).toEqual({ a: 1 });
    const form = buildBody({ args: ['a: 1'], encoder: 'application/x-www-form-urlencoded' });
    expect(text(form!.bytes)).toBe('a=1');
    const multipart = buildBody({ args: ['a: 1'], encoder: 'multipart/form-data' });
    expect(multipart?.contentType).toMatch(/^multipart\/form-data; boundary=okapi-[0-9a-f]{32}$/);
  });
});

describe('choosing the encoder', () => {
  it('rejects an unknown encoder name and lists the encoders', () => {
    const error = thrown(() => buildBody({ args: ['a: 1'], encoder: 'xml' }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('unknown body encoder -c "xml"');
    expect((error as UsageError).hint).toContain('json, yaml, cbor, form, multipart');
    expect((error as UsageError).hint).toContain('media type');
  });

  it('rejects a malformed media type', () => {
    for (const encoder of ['text/', '/csv', 'text/c sv']) {
      const error = thrown(() => buildBody({ args: ['x'], encoder }));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toContain(JSON.stringify(encoder));
    }
  });

  it('checks -c even when there is no body', () => {
    expect(() => buildBody({ args: [], encoder: 'nope' })).toThrow(UsageError);
  });
});

describe('text files as values', () => {
  it('sends a text @file as a JSON string with the default encoder', () => {
    expect(text(buildBody({ args: ['note: @note.txt'], cwd: files.dir })!.bytes)).toBe('{"note":"hello there\\n"}');
  });
});
