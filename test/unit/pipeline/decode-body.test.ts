import { Encoder } from 'cbor-x';
import { describe, expect, it, vi } from 'vitest';
import { KeyCollisionError, UnholdableKeyError } from '../../../sdk/shared/map-keys.js';
import { ACCEPT_HEADER, decodeBody, isJsonType } from '../../../sdk/shared/decoders/decode-body.js';
import { charsetOf } from '../../../sdk/shared/media-type.js';
import { mediaTypeEssence } from '../../../sdk/shared/media-type.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const cbor = new Encoder({ useRecords: false, tagUint8Array: false, variableMapSize: true, mapsAsObjects: true });

describe('decodeBody: JSON', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/problem+json',
    'application/vnd.github.v3+json',
    'application/hal+json; charset=UTF-8',
    'text/json',
  ])('%s', async (type) => {
    expect(await decodeBody(utf8('{"a":[1,"é",null]}'), type)).toEqual({ a: [1, 'é', null] });
  });

  // Shown as text it would be a wrong value: a string where the server meant data.
  it('invalid JSON is an error naming the type and why', async () => {
    await expect(decodeBody(utf8('<html>oops</html>'), 'application/json')).rejects.toThrow(
      /^the response body says it is JSON \(application\/json\) but is not: Unexpected token '<'/,
    );
    await expect(decodeBody(utf8('{"a":'), 'application/problem+json')).rejects.toThrow(/says it is JSON \(application\/problem\+json\) but is not: /);
    await expect(decodeBody(utf8('{"a":1} trailing'), 'application/json')).rejects.toMatchObject({ name: 'UndecodableBodyError', exitCode: 1 });
    await expect(decodeBody(utf8('\x1e{"a":1}\n\x1e{"b"\n'), 'application/json')).rejects.toThrow(/but is not: record 3: /);
  });

  it('a byte order mark is skipped', async () => {
    expect(await decodeBody(utf8('\ufeff{"a":1}'), 'application/json')).toEqual({ a: 1 });
  });

  it('scalars', async () => {
    expect(await decodeBody(utf8('"hi"'), 'application/json')).toBe('hi');
    expect(await decodeBody(utf8(' 42 '), 'application/json')).toBe(42);
    expect(await decodeBody(utf8('null'), 'application/json')).toBe(null);
  });

  it('two or more concatenated values decode to an array', async () => {
    expect(await decodeBody(utf8('{"a":1} {"b":2}\n{"c":"}{"}'), 'application/json')).toEqual([{ a: 1 }, { b: 2 }, { c: '}{' }]);
    expect(await decodeBody(utf8('{"a":1}{"b":2}'), 'application/json')).toEqual([{ a: 1 }, { b: 2 }]);
    expect(await decodeBody(utf8('[1][2,[3]]'), 'application/json')).toEqual([[1], [2, [3]]]);
    expect(await decodeBody(utf8('1 2 "three" true null'), 'application/json')).toEqual([1, 2, 'three', true, null]);
    expect(await decodeBody(utf8('{"s":"a\\"}b"}\n{"t":1}\n'), 'application/json')).toEqual([{ s: 'a"}b' }, { t: 1 }]);
  });

  it('only JSON white space separates concatenated values (found by test/fuzz)', async () => {
    await expect(decodeBody(utf8('"a"\v{}'), 'application/json')).rejects.toThrow(/but is not: /);
    await expect(decodeBody(utf8('1\u00a0 2'), 'application/json')).rejects.toThrow(/but is not: /);
  });

  it('a JSON text sequence (RFC 7464) decodes to an array', async () => {
    expect(await decodeBody(utf8('\x1e{"a":1}\n\x1e[2,\n3]\n\x1e"x"\n'), 'application/json')).toEqual([{ a: 1 }, [2, 3], 'x']);
  });

  it('a charset other than UTF-8 is honoured', async () => {
    const utf16 = new Uint8Array(Buffer.from('{"a":"é"}', 'utf16le'));
    expect(await decodeBody(utf16, 'application/json; charset=utf-16le')).toEqual({ a: 'é' });
  });
});

describe('decodeBody: YAML', () => {
  it.each(['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml', 'application/openapi+yaml', 'application/yaml; charset=utf-8'])(
    '%s',
    async (type) => {
      expect(await decodeBody(utf8('name: okapi\ntags: [a, b]\nn: 1.5\nok: true\nnone: null\nuni: 🦘 漢字\n'), type)).toEqual({
        name: 'okapi',
        tags: ['a', 'b'],
        n: 1.5,
        ok: true,
        none: null,
        uni: '🦘 漢字',
      });
    },
  );

  it('several documents decode to an array', async () => {
    expect(await decodeBody(utf8('a: 1\n---\nb: 2\n'), 'application/yaml')).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('!!binary decodes to bytes', async () => {
    const value = await decodeBody(utf8('file: !!binary AAEC/f7/\n'), 'application/yaml') as { file: Uint8Array };
    expect(new Uint8Array(value.file)).toEqual(new Uint8Array([0, 1, 2, 253, 254, 255]));
  });

  it('YAML 1.2: yes/no stay strings', async () => {
    expect(await decodeBody(utf8('a: yes\nb: no\n'), 'application/yaml')).toEqual({ a: 'yes', b: 'no' });
  });

  it('invalid YAML is an error naming the type and why', async () => {
    await expect(decodeBody(utf8('a: [1\n'), 'application/yaml')).rejects.toThrow(/^the response body says it is YAML \(application\/yaml\) but is not: \S/);
  });

  it('keys that become one text are refused, naming both and where; ~ alone is the key ""', async () => {
    await expect(decodeBody(utf8('1: a\n"1": b\n'), 'application/yaml')).rejects.toThrow(
      'a YAML map at . has the keys 1 and "1", which okapi\'s values (string keys, as in JSON) hold as one key, "1": one of the entries would be lost',
    );
    await expect(decodeBody(utf8('x:\n  - ~: c\n    "": d\n'), 'application/yaml')).rejects.toThrow('a YAML map at .x[0] has the keys null and ""');
    await expect(decodeBody(utf8('--- 1\n--- {true: 1, "true": 2}\n'), 'application/yaml')).rejects.toThrow('a YAML map at .[1] has the keys true and "true"');
    expect(await decodeBody(utf8('~: c\n1: a\n__proto__: p\n'), 'application/yaml')).toEqual(JSON.parse('{"": "c", "1": "a", "__proto__": "p"}'));
  });

  it('a key that is a sequence or a mapping is refused, with no warning from the yaml package', async () => {
    const warn = vi.spyOn(process, 'emitWarning');
    const collection = decodeBody(utf8('a:\n  [1, 2]: x\n'), 'application/yaml');
    await expect(collection).rejects.toBeInstanceOf(UnholdableKeyError);
    await expect(collection).rejects.toThrow("a YAML map at .a has a key that is an array, which okapi's values (string keys, as in JSON) cannot hold");
    await expect(decodeBody(utf8('? {k: v}\n: x\n'), 'application/yaml')).rejects.toThrow('a YAML map at . has a key that is a map');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('an alias bomb is refused, not expanded', async () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) lines.push(`${'b'.repeat(i)}: &${'b'.repeat(i)} [${Array(10).fill(i === 1 ? '*a' : `*${'b'.repeat(i - 1)}`).join(', ')}]`);
    const text = `${lines.join('\n')}\n`;
    await expect(decodeBody(utf8(text), 'application/yaml')).rejects.toThrow(/says it is YAML \(application\/yaml\) but is not: .*alias/i);
  });
});

describe('decodeBody: CBOR', () => {
  it.each(['application/cbor', 'application/vnd.example+cbor'])('%s', async (type) => {
    const value = { id: 7, name: 'okapi 🦘', tags: ['a'], bytes: new Uint8Array([1, 2]), none: null };
    const decoded = await decodeBody(cbor.encode(value), type) as typeof value;
    expect({ ...decoded, bytes: new Uint8Array(decoded.bytes) }).toEqual(value);
  });

  it('a CBOR sequence decodes to an array', async () => {
    const seq = Buffer.concat([cbor.encode({ a: 1 }), cbor.encode([2]), cbor.encode('x')]);
    expect(await decodeBody(seq, 'application/cbor-seq')).toEqual([{ a: 1 }, [2], 'x']);
    expect(await decodeBody(seq, 'application/cbor')).toEqual([{ a: 1 }, [2], 'x']);
  });

  const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

  it('maps with keys other than text become objects, nested in arrays and maps, in sequences too', async () => {
    // {"a": 1, "u": [{"b": 1}, {1: "x"}]}
    expect(await decodeBody(hex('a2616101617582a1616201a1016178'), 'application/cbor')).toEqual({ a: 1, u: [{ b: 1 }, { 1: 'x' }] });
    // {true: 1, null: 2}
    expect(await decodeBody(hex('a2f501f602'), 'application/cbor')).toEqual({ true: 1, null: 2 });
    expect(await decodeBody(hex('a1616101a1016162'), 'application/cbor-seq')).toEqual([{ a: 1 }, { 1: 'b' }]);
  });

  it('a key "__proto__" is a key like any other', async () => {
    const value = (await decodeBody(hex('a1695f5f70726f746f5f5f01'), 'application/cbor')) as object;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(JSON.stringify(value)).toBe('{"__proto__":1}');
  });

  it('two keys that would be one property (1 and "1") are refused, never one dropped', async () => {
    // {1: "x", "1": "y"}
    await expect(decodeBody(hex('a201617861316179'), 'application/cbor')).rejects.toThrow(
      'a CBOR map at . has the keys 1 and "1", which okapi\'s values (string keys, as in JSON) hold as one key, "1": one of the entries would be lost',
    );
    // {"m": [{true: 1, "true": 2}]}
    await expect(decodeBody(hex('a1616d81a2f5016474727565 02'.replace(' ', '')), 'application/cbor')).rejects.toThrow('a CBOR map at .m[0] has the keys true and "true"');
    await expect(decodeBody(hex('a201617861316179'), 'application/cbor')).rejects.not.toMatchObject({ name: 'UndecodableBodyError' });
  });

  it('a set and a typed array become plain arrays; an unknown tag stays a tag, its maps converted', async () => {
    // {"a": 258([1, 2])}
    expect(await decodeBody(hex('a16161d90102820102'), 'application/cbor')).toEqual({ a: [1, 2] });
    // [258([{1: "x"}])]: members are converted like any other value
    expect(await decodeBody(hex('81d9010281a1016178'), 'application/cbor')).toEqual([[{ 1: 'x' }]]);
    // 69([1, 2]) is a little-endian uint16 array: h'01000200'
    expect(await decodeBody(hex('d84544' + '01000200'), 'application/cbor')).toEqual([1, 2]);
    const tagged = (await decodeBody(hex('a16161d9ffffa1016178'), 'application/cbor')) as { a: { tag: number; value: unknown } };
    expect(tagged.a.tag).toBe(65535);
    expect(tagged.a.value).toEqual({ 1: 'x' });
  });

  it('a key that is an array, a date or a tag is refused by where it is, named for what it is', async () => {
    // {"k": {[1]: 2}}
    await expect(decodeBody(hex('a1616ba1810102'), 'application/cbor')).rejects.toThrow(
      "a CBOR map at .k has a key that is an array, which okapi's values (string keys, as in JSON) cannot hold",
    );
    // {0("2013-03-21T20:04:00Z"): 1}
    await expect(decodeBody(hex('a1c074323031332d30332d32315432303a30343a30305a01'), 'application/cbor')).rejects.toThrow('a CBOR map at . has a key that is a date,');
    // {65535(1): 1}
    const tagged = decodeBody(hex('a1d9ffff0101'), 'application/cbor');
    await expect(tagged).rejects.toBeInstanceOf(UnholdableKeyError);
    await expect(tagged).rejects.toThrow('a CBOR map at . has a key that is tag 65535,');
  });

  it('keys JavaScript reads as one (1 and 1.0, a key repeated) are refused, never merged', async () => {
    // {1: "a", 1.0: "b"}
    await expect(decodeBody(hex('a2016161f93c006162'), 'application/cbor')).rejects.toThrow(
      'a CBOR map at . has two keys that read as 1 (an integer and a float, say), which okapi\'s values (string keys, as in JSON) hold as one key, "1"',
    );
    // {"a": 1, "a": 2}
    const repeated = decodeBody(hex('a2616101616102'), 'application/cbor');
    await expect(repeated).rejects.toBeInstanceOf(KeyCollisionError);
    await expect(repeated).rejects.toThrow('a CBOR map at . has the key "a" twice');
  });

  it('bytes that are not CBOR are an error naming the type', async () => {
    await expect(decodeBody(new Uint8Array([0xff, 0x00, 0x01]), 'application/cbor')).rejects.toThrow(/^the response body says it is CBOR \(application\/cbor\) but is not: /);
    await expect(decodeBody(new Uint8Array([0xa1]), 'application/cbor')).rejects.toMatchObject({ name: 'UndecodableBodyError' });
  });
});

describe('decodeBody: NDJSON and JSON sequences', () => {
  it.each(['application/x-ndjson', 'application/ndjson', 'application/jsonl', 'application/jsonlines'])('%s', async (type) => {
    expect(await decodeBody(utf8('{"a":1}\n\n[2]\r\n"x"\n  \nnot json\n{"b":2}'), type)).toEqual([{ a: 1 }, [2], 'x', 'not json', { b: 2 }]);
  });

  it('application/json-seq: records opened by RS, each may span lines', async () => {
    expect(await decodeBody(utf8('\x1e{"a":\n 1}\n\x1e[2]\n\x1e{broken\n'), 'application/json-seq')).toEqual([{ a: 1 }, [2], '{broken']);
    expect(await decodeBody(utf8('\x1e{"a":1}\n'), 'application/geo+json-seq')).toEqual([{ a: 1 }]);
  });

  it('a single record is still an array', async () => {
    expect(await decodeBody(utf8('{"a":1}\n'), 'application/x-ndjson')).toEqual([{ a: 1 }]);
  });
});

describe('decodeBody: text and charsets', () => {
  it('text/* as UTF-8 by default', async () => {
    expect(await decodeBody(utf8('héllo 🦘 漢字'), 'text/plain')).toBe('héllo 🦘 漢字');
    expect(await decodeBody(utf8('<p>hi</p>'), 'text/html')).toBe('<p>hi</p>');
    expect(await decodeBody(utf8('# md'), 'text/markdown; charset=UTF-8')).toBe('# md');
  });

  it('JSON text under text/plain stays text', async () => {
    expect(await decodeBody(utf8('{"a":1}'), 'text/plain')).toBe('{"a":1}');
  });

  it('iso-8859-1 (quoted or not, any case)', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]); // "café"
    expect(await decodeBody(latin1, 'text/plain; charset=iso-8859-1')).toBe('café');
    expect(await decodeBody(latin1, 'text/plain;charset="ISO-8859-1"')).toBe('café');
    expect(await decodeBody(latin1, 'text/plain; format=flowed; Charset=latin1')).toBe('café');
  });

  it('utf-16 with and without a byte order mark', async () => {
    expect(await decodeBody(new Uint8Array(Buffer.from('漢字 ok', 'utf16le')), 'text/plain; charset=utf-16le')).toBe('漢字 ok');
    expect(await decodeBody(new Uint8Array([0xfe, 0xff, 0x6f, 0x22, 0x00, 0x21]), 'text/plain; charset=utf-16be')).toBe('漢!');
    expect(await decodeBody(new Uint8Array([0xff, 0xfe, 0x21, 0x00]), 'text/plain; charset=utf-16')).toBe('!');
  });

  it('shift_jis', async () => {
    expect(await decodeBody(new Uint8Array([0x8a, 0xbf, 0x8e, 0x9a]), 'text/plain; charset=shift_jis')).toBe('漢字');
  });

  it('an unknown charset falls back to UTF-8', async () => {
    expect(await decodeBody(utf8('héllo'), 'text/plain; charset=no-such-charset')).toBe('héllo');
  });

  it('any type with a charset is text', async () => {
    expect(await decodeBody(utf8('a=1&b=2'), 'application/x-custom; charset=utf-8')).toBe('a=1&b=2');
    expect(await decodeBody(new Uint8Array([0xe9]), 'application/x-custom; charset=iso-8859-1')).toBe('é');
  });

  it('XML and other textual application types are text', async () => {
    expect(await decodeBody(utf8('<a>é</a>'), 'application/xml')).toBe('<a>é</a>');
    expect(await decodeBody(utf8('<feed/>'), 'application/atom+xml')).toBe('<feed/>');
    expect(await decodeBody(utf8('a=1&b=2'), 'application/x-www-form-urlencoded')).toBe('a=1&b=2');
  });
});

describe('decodeBody: no content type, and other types', () => {
  it('JSON-looking bodies are parsed', async () => {
    expect(await decodeBody(utf8('  \n{"a":1}'), undefined)).toEqual({ a: 1 });
    expect(await decodeBody(utf8('[1,2]'), '')).toEqual([1, 2]);
    expect(await decodeBody(utf8('{"a":1}\n{"a":2}\n'), undefined)).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('JSON scalars and broken JSON without a content type stay text', async () => {
    expect(await decodeBody(utf8('42'), undefined)).toBe('42');
    expect(await decodeBody(utf8('{not json'), undefined)).toBe('{not json');
  });

  it('plain UTF-8 text is a string', async () => {
    expect(await decodeBody(utf8('hello 🦘 漢字\r\n\ttabbed\f'), undefined)).toBe('hello 🦘 漢字\r\n\ttabbed\f');
  });

  it('invalid UTF-8 or control characters stay bytes', async () => {
    const invalid = new Uint8Array([0x68, 0x69, 0xff]);
    expect(await decodeBody(invalid, undefined)).toBe(invalid);
    const nul = utf8('a\u0000b');
    expect(await decodeBody(nul, undefined)).toBe(nul);
    const esc = utf8('a\u001b[31mb');
    expect(await decodeBody(esc, undefined)).toBe(esc);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await decodeBody(png, undefined)).toBe(png);
  });

  it('a declared binary or unknown type stays bytes, even when it looks like text', async () => {
    const body = utf8('{"a":1}');
    expect(await decodeBody(body, 'application/octet-stream')).toBe(body);
    expect(await decodeBody(body, 'image/png')).toBe(body);
    expect(await decodeBody(body, 'application/octet-stream; charset=binary')).toBe(body);
  });

  it('an empty body is null, whatever its type', async () => {
    for (const type of [undefined, 'application/json', 'text/plain', 'application/cbor', 'application/octet-stream']) {
      expect(await decodeBody(new Uint8Array(0), type)).toBe(null);
    }
  });
});

describe('media type helpers', () => {
  it('mediaTypeEssence drops parameters and lower-cases', async () => {
    expect(mediaTypeEssence('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaTypeEssence(undefined)).toBe('');
  });

  it('charsetOf reads the charset parameter only', async () => {
    expect(charsetOf('text/plain; charset="utf-8"')).toBe('utf-8');
    expect(charsetOf('text/plain; xcharset=latin1')).toBeUndefined();
    expect(charsetOf('text/plain')).toBeUndefined();
    expect(charsetOf(undefined)).toBeUndefined();
  });

  it('isJsonType', async () => {
    expect(isJsonType('application/json')).toBe(true);
    expect(isJsonType('application/problem+json')).toBe(true);
    expect(isJsonType('application/json-seq')).toBe(false);
    expect(isJsonType('text/plain')).toBe(false);
  });
});

describe('ACCEPT_HEADER', () => {
  it('lists what okapi decodes, most preferred first', async () => {
    expect(ACCEPT_HEADER).toBe(
      'application/json, application/*+json;q=0.9, application/yaml;q=0.8, application/x-ndjson;q=0.8, application/cbor;q=0.6, text/*;q=0.2, */*;q=0.1',
    );
  });

  it('every advertised type decodes', async () => {
    const samples: Record<string, Uint8Array> = {
      'application/json': utf8('{"a":1}'),
      'application/vnd.x+json': utf8('{"a":1}'),
      'application/yaml': utf8('a: 1\n'),
      'application/x-ndjson': utf8('{"a":1}\n'),
      'application/cbor': cbor.encode({ a: 1 }),
    };
    for (const [type, body] of Object.entries(samples)) {
      const decoded = await decodeBody(body, type);
      expect(decoded, type).toEqual(type === 'application/x-ndjson' ? [{ a: 1 }] : { a: 1 });
    }
  });
});
