import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import meta from '../../../plugins-builtin/gron/manifest.js';
import { binary, empties, mixed, nested, text, unicode, uniform } from './fixtures.js';
import { formatDocument, formatRecords, plugin, run } from './run-with-options.js';

/**
 * Turns gron output back into a value, as gron-style "ungron" tools do: every line must be
 * `path = value;` where the path is `json` followed by `.identifier`, `[index]` or `["key"]`, and
 * the value is JSON (`{}` and `[]` create empty containers that later lines fill).
 */
function ungron(out: string): unknown {
  expect(out === '' || out.endsWith('\n')).toBe(true);
  const holder: Record<string, unknown> = {};
  for (const line of out.split('\n').slice(0, -1)) {
    const match = /^(json(?:\.[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])*) = (.*);$/.exec(line);
    if (!match) throw new Error(`not an assignment: ${line}`);
    const path = pathOf(match[1]!);
    const value: unknown = JSON.parse(match[2]!);
    let target = holder as Record<string | number, unknown>;
    for (const segment of path.slice(0, -1)) target = target[segment] as Record<string | number, unknown>;
    // defineProperty, so a key named __proto__ is a key like any other.
    Object.defineProperty(target, path.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
  }
  return holder.json;
}

function pathOf(text: string): (string | number)[] {
  const segments: (string | number)[] = ['json'];
  const segment = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  segment.lastIndex = 'json'.length;
  while (segment.lastIndex < text.length) {
    const m = segment.exec(text);
    if (!m) throw new Error(`bad path ${text}`);
    segments.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]!) as string)));
  }
  return segments;
}

/** What a JSON round trip makes of a value: bytes become base64, -0 becomes 0. */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v)) ?? 'null');
}

describe('gron formatter: golden documents', () => {
  it('nested object', async () => {
    expect(await formatDocument('gron', nested)).toBe(
      text(
        'json = {};',
        'json.id = 7;',
        'json.name = "okapi";',
        'json.owner = {};',
        'json.owner.login = "ada";',
        'json.owner.roles = [];',
        'json.owner.roles[0] = "admin";',
        'json.owner.roles[1] = "dev";',
        'json.owner.active = true;',
        'json.score = 4.5;',
        'json.note = null;',
      ),
    );
  });

  it('array of uniform objects', async () => {
    expect(await formatDocument('gron', uniform)).toBe(
      text(
        'json = [];',
        'json[0] = {};',
        'json[0].id = 1;',
        'json[0].name = "one";',
        'json[0].done = false;',
        'json[1] = {};',
        'json[1].id = 2;',
        'json[1].name = "two";',
        'json[1].done = true;',
      ),
    );
  });

  it('array of non-uniform values', async () => {
    expect(await formatDocument('gron', mixed)).toBe(
      text(
        'json = [];',
        'json[0] = {};',
        'json[0].id = 1;',
        'json[1] = {};',
        'json[1].name = "two";',
        'json[1].tags = [];',
        'json[1].tags[0] = "x";',
        'json[1].tags[1] = "y";',
        'json[2] = 3;',
        'json[3] = "four";',
        'json[4] = null;',
      ),
    );
  });

  it('Unicode stays literal; a non-ASCII key is bracket-quoted', async () => {
    expect(await formatDocument('gron', unicode)).toBe(
      text('json = {};', 'json.greeting = "héllo wörld";', 'json.emoji = "🦘🎉";', 'json.cjk = "漢字とかな";', 'json["clé ✓"] = "ok";'),
    );
  });

  it('bytes as base64 strings', async () => {
    expect(await formatDocument('gron', binary)).toBe(text('json = "AAEC/f7/";'));
    expect(await formatDocument('gron', { file: binary, list: [Buffer.from([1])] })).toBe(
      text('json = {};', 'json.file = "AAEC/f7/";', 'json.list = [];', 'json.list[0] = "AQ==";'),
    );
  });

  it('empty values', async () => {
    expect(await formatDocument('gron', null)).toBe(text('json = null;'));
    expect(await formatDocument('gron', [])).toBe(text('json = [];'));
    expect(await formatDocument('gron', {})).toBe(text('json = {};'));
    expect(await formatDocument('gron', '')).toBe(text('json = "";'));
    await expect(formatDocument('gron', undefined)).rejects.toThrow("cannot show the value at .: it is CBOR's undefined");
    expect(await formatDocument('gron', { a: [], o: {}, s: '' })).toBe(text('json = {};', 'json.a = [];', 'json.o = {};', 'json.s = "";'));
  });
});

describe('gron formatter: keys, strings and numbers', () => {
  it('keys that are not JavaScript identifiers are bracket-quoted as JSON strings', async () => {
    const value = { 'content-type': 'text/plain', 'a.b': 1, '1st': 2, '': 3, $ok: 4, _x9: 5, 'with space': 6, 'q"uote\\': 7, é: 8, 'new\nline': 9 };
    expect(await formatDocument('gron', value)).toBe(
      text(
        'json = {};',
        'json["content-type"] = "text/plain";',
        'json["a.b"] = 1;',
        'json["1st"] = 2;',
        'json[""] = 3;',
        'json.$ok = 4;',
        'json._x9 = 5;',
        'json["with space"] = 6;',
        'json["q\\"uote\\\\"] = 7;',
        'json["é"] = 8;',
        'json["new\\nline"] = 9;',
      ),
    );
  });

  it('integer-like keys stay bracket-quoted strings, never indexes', async () => {
    expect(await formatDocument('gron', { '0': 'a', '10': 'b' })).toBe(text('json = {};', 'json["0"] = "a";', 'json["10"] = "b";'));
  });

  it('strings are JSON-escaped, so a value never spans lines', async () => {
    expect(await formatDocument('gron', { s: 'line\nbreak "q" \\ \u0007 \t 🦘' })).toBe(text('json = {};', 'json.s = "line\\nbreak \\"q\\" \\\\ \\u0007 \\t 🦘";'));
  });

  it('numbers as JSON writes them; integers beyond 2^53 exactly; NaN and Infinity refused, never null', async () => {
    expect(await formatDocument('gron', { a: -0, b: 1e21, c: 1.5e-7, n: 12345678901234567890n })).toBe(
      text('json = {};', 'json.a = 0;', 'json.b = 1e+21;', 'json.c = 1.5e-7;', 'json.n = 12345678901234567890;'),
    );
    await expect(formatDocument('gron', { d: NaN })).rejects.toThrow('-o gron cannot show the value at .d: it is NaN');
    await expect(formatDocument('gron', { e: -Infinity })).rejects.toThrow('-o gron cannot show the value at .e: it is -Infinity');
  });

  it('undefined (CBOR) is refused, never left out or written null; dates as ISO strings', async () => {
    await expect(formatDocument('gron', { u: undefined })).rejects.toThrow("-o gron cannot show the value at .u: it is CBOR's undefined");
    await expect(formatDocument('gron', { k: [undefined] })).rejects.toThrow("-o gron cannot show the value at .k[0]: it is CBOR's undefined");
    expect(await formatDocument('gron', { d: new Date(0) })).toBe(text('json = {};', 'json.d = "1970-01-01T00:00:00.000Z";'));
  });
});

describe('gron formatter: records', () => {
  it('records are the elements of one array, written as they arrive', async () => {
    const { text: out, writes } = await run('gron', [{ id: 1 }, 'two', [3]], { document: false });
    expect(out).toBe(text('json = [];', 'json[0] = {};', 'json[0].id = 1;', 'json[1] = "two";', 'json[2] = [];', 'json[2][0] = 3;'));
    expect(writes).toBe(3);
  });

  it('no records are an empty array', async () => {
    expect(await formatRecords('gron', [])).toBe(text('json = [];'));
  });

  it('every fixture, as records, ungrons to the array of records', async () => {
    const records = [nested, uniform, mixed, unicode, binary, { bytes: binary }, ...empties];
    expect(ungron(await formatRecords('gron', records))).toEqual(asJson(records));
  });
});

describe('gron formatter: round trips through ungron', () => {
  it.each([
    ['nested', nested],
    ['uniform', uniform],
    ['mixed', mixed],
    ['unicode', unicode],
    ['binary', binary],
    ['binary inside', { a: [binary, { b: binary }] }],
    ['awkward keys', { 'content-type': 1, 'a.b': { 'c d': [{ '"': '\\' }] }, __proto__x: 2, '': [[], {}] }],
    ...empties.map((value): [string, unknown] => [`empty ${JSON.stringify(value)}`, value]),
  ])('%s', async (_name, value) => {
    expect(ungron(await formatDocument('gron', value))).toEqual(asJson(value));
  });

  it('a key named __proto__ survives as an ordinary key', async () => {
    const value: unknown = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const out = await formatDocument('gron', value);
    expect(out).toBe(text('json = {};', 'json.__proto__ = {};', 'json.__proto__.polluted = true;', 'json.a = 1;'));
    expect(ungron(out)).toEqual(value);
  });

  it('any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        expect(ungron(await formatDocument('gron', value))).toEqual(asJson(value));
      }),
      { numRuns: 300 },
    );
  });
});

describe('gron formatter: streaming', () => {
  it('a large document is written in pieces of whole lines', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ i, name: `row ${i}`, tags: ['a', 'b'] }));
    const definition = await plugin('gron');
    const chunks: string[] = [];
    async function* one() {
      yield rows;
    }
    await definition.hooks.formatter!(
      { hook: 'formatter', protocol_version: 2, features: [], format: 'gron', document: true, pretty: true, tty: false, color: false, width: 80 },
      one(),
      { write: (data) => chunks.push(String(data)), log: () => undefined },
    );
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.endsWith('\n')).toBe(true);
      expect(chunk.length).toBeLessThan(80 * 1024);
    }
    expect(ungron(chunks.join(''))).toEqual(rows);
  });

  it('deeply nested documents are written whole (paths grow with depth, so output is quadratic)', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 3_000; i++) deep = { a: deep };
    const { writes, text: out } = await run('gron', [deep]);
    expect(writes).toBeGreaterThan(1);
    expect(out.split('\n')).toHaveLength(3_002);
    expect(out.endsWith(`json${'.a'.repeat(3_000)} = "leaf";\n`)).toBe(true);
  });
});

describe('gron plugin', () => {
  it('is named after its folder and declares only the formatter hook', async () => {
    const definition = await plugin('gron');
    expect(definition.manifest).toEqual(meta.manifest);
    expect(meta.manifest).toMatchObject({ name: 'gron', okapi_api_version: 2, hooks: ['formatter'], formatter_names: ['gron'] });
    expect(Object.keys(definition.hooks)).toEqual(['formatter']);
    expect(meta.manifest.description).toMatch(/^[A-Z].{10,59}$/);
  });
});
