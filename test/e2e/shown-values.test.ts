/**
 * Values a format cannot show are refused, never shown as another value with exit 0: YAML's
 * `.inf` and `.nan` and CBOR's undefined in the JSON family, and CBOR maps whose keys okapi would
 * merge (docs/design/010-unrenderable-bodies.md); and a table sorted by ids past 2^53 in their
 * exact order (009-exact-numbers.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBodyServer, type BodyServer } from '../helpers/body-server.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

const INFINITE_YAML = 'id: 1\nh: .inf\nk: [1, -.inf, .nan]\n';
/** {"a": 1, "u": undefined}, with CBOR's undefined (0xf7). */
const UNDEFINED_CBOR = Buffer.from([0xa2, 0x61, 0x61, 0x01, 0x61, 0x75, 0xf7]);
/** {1: "x", "1": "y"}: two keys that would both be the property "1". */
const COLLIDING_CBOR = Buffer.from('a201617861316179', 'hex');
/** CBOR's undefined as the whole body. */
const BARE_UNDEFINED_CBOR = Buffer.from([0xf7]);
/** {"a": 258([1, 2])}: a set. */
const SET_CBOR = Buffer.from('a16161d90102820102', 'hex');
/** {"a": 65535(undefined)}: a tag okapi gives no meaning to. */
const UNKNOWN_TAG_CBOR = Buffer.from('a16161d9fffff7', 'hex');
/** [1, undefined, 2]. */
const UNDEFINED_ELEMENT_CBOR = Buffer.from([0x83, 0x01, 0xf7, 0x02]);

let server: BodyServer;
let origin: string;

beforeAll(async () => {
  server = await startBodyServer({
    '/infinite.yaml': ['application/yaml', INFINITE_YAML],
    '/undefined.cbor': ['application/cbor', UNDEFINED_CBOR],
    '/colliding.cbor': ['application/cbor', COLLIDING_CBOR],
    '/bare-undefined.cbor': ['application/cbor', BARE_UNDEFINED_CBOR],
    '/undefined-element.cbor': ['application/cbor', UNDEFINED_ELEMENT_CBOR],
    '/set.cbor': ['application/cbor', SET_CBOR],
    '/colliding.yaml': ['application/yaml', '1: a\n"1": b\n'],
    '/unknown-tag.cbor': ['application/cbor', UNKNOWN_TAG_CBOR],
    '/ids': ['application/json', '[{"id":9007199254740993},{"id":9007199254740992},{"id":1}]'],
  });
  origin = server.origin;
});
afterAll(() => server.close());

function okapi(args: string[]) {
  return runOkapi(args, { env: freshHome().env });
}

describe('Infinity and NaN in a YAML body', () => {
  it.each(['json', 'ndjson', 'gron', 'toon', 'auto'])('-o %s refuses, names the value, and shows the body as received', async (format) => {
    const result = await okapi([`${origin}/infinite.yaml`, '-o', format]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(INFINITE_YAML);
    expect(result.stderr).toContain(`okapi: -o ${format} cannot show the value at .h: it is Infinity, which`);
    expect(result.stderr).toContain(`hint: -o yaml and -o table show it; stdout holds the body as the server sent it, not rendered as -o ${format}`);
  });

  it('-o yaml, -o table and -o lines show them', async () => {
    const lines = await okapi([`${origin}/infinite.yaml`, '-f', 'body.k', '-o', 'lines']);
    expect(lines).toMatchObject({ code: 0, stdout: '1\n-Infinity\nNaN\n' });
    const yaml = await okapi([`${origin}/infinite.yaml`, '-o', 'yaml']);
    expect(yaml).toMatchObject({ code: 0, stdout: 'id: 1\nh: .inf\nk:\n  - 1\n  - -.inf\n  - .nan\n' });
    const table = await okapi([`${origin}/infinite.yaml`, '-o', 'table']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Infinity  [1,-Infinity,NaN]');
  });

  it('jq is not given null in their place; a shorthand filter sees them', async () => {
    const jq = await okapi([`${origin}/infinite.yaml`, '-f', '.body.h']);
    expect(jq.code).toBe(1);
    expect(jq.stdout).toBe('');
    expect(jq.stderr).toContain('jq cannot be given the value at .body.h: it is Infinity');
    const shorthand = await okapi([`${origin}/infinite.yaml`, '-f', 'body.h', '-o', 'yaml']);
    expect(shorthand).toMatchObject({ code: 0, stdout: '.inf\n' });
    const raw = await okapi([`${origin}/infinite.yaml`, '-f', 'body.h', '-o', 'raw']);
    expect(raw.code).toBe(1);
    expect(raw.stdout).toBe('');
    expect(raw.stderr).toContain('-o raw cannot show the value at .: it is Infinity');
  });
});

/** What okapi writes for a path under -o format: exit code, stdout as bytes, stderr. */
async function shown(path: string, format: string): Promise<{ code: number | null; bytes: number[]; stderr: string }> {
  const result = await okapi([`${origin}${path}`, '-o', format]);
  return { code: result.code, bytes: [...result.stdoutBytes], stderr: result.stderr };
}

describe("CBOR's undefined", () => {
  it('is refused where the format has no undefined, never dropped with its key', async () => {
    for (const format of ['json', 'yaml', 'table', 'lines']) {
      const result = await shown('/undefined.cbor', format);
      expect(result).toMatchObject({ code: 1, bytes: [...UNDEFINED_CBOR] });
      expect(result.stderr).toContain(`-o ${format} cannot show the value at .u: it is CBOR's undefined`);
      expect(result.stderr).toContain('hint: only -o cbor keeps it');
    }
  });

  it('is refused as the whole body too, where it showed as null or as nothing', async () => {
    for (const format of ['json', 'ndjson', 'yaml', 'lines', 'toon', 'gron', 'auto', 'table']) {
      const result = await shown('/bare-undefined.cbor', format);
      expect(result).toMatchObject({ code: 1, bytes: [...BARE_UNDEFINED_CBOR] });
      expect(result.stderr).toContain(`-o ${format} cannot show the value at .: it is CBOR's undefined`);
    }
  });

  it('-o lines refuses it inside an array, where it printed null', async () => {
    const result = await shown('/undefined-element.cbor', 'lines');
    expect(result).toMatchObject({ code: 1, bytes: [...UNDEFINED_ELEMENT_CBOR] });
    expect(result.stderr).toContain("-o lines cannot show the value at .[1]: it is CBOR's undefined");
  });

  it('-o cbor keeps it', async () => {
    expect(await shown('/undefined.cbor', 'cbor')).toEqual({ code: 0, bytes: [...UNDEFINED_CBOR], stderr: '' });
    expect(await shown('/bare-undefined.cbor', 'cbor')).toEqual({ code: 0, bytes: [...BARE_UNDEFINED_CBOR], stderr: '' });
  });
});

describe('CBOR sets and tags', () => {
  it('a set shows as the array of its members, where it showed as {}', async () => {
    expect(await okapi([`${origin}/set.cbor`, '-o', 'json'])).toMatchObject({ code: 0, stdout: '{\n  "a": [\n    1,\n    2\n  ]\n}\n' });
    expect(await okapi([`${origin}/set.cbor`, '-o', 'gron'])).toMatchObject({ code: 0, stdout: 'json = {};\njson.a = [];\njson.a[0] = 1;\njson.a[1] = 2;\n' });
  });

  it('a tag okapi gives no meaning to is refused in every format but cbor, never shown as {"tag": …} or null', async () => {
    for (const format of ['json', 'yaml', 'table', 'toon', 'gron']) {
      const result = await shown('/unknown-tag.cbor', format);
      expect(result).toMatchObject({ code: 1, bytes: [...UNKNOWN_TAG_CBOR] });
      expect(result.stderr).toContain(`-o ${format} cannot show the value at .a: it is CBOR tag 65535, which`);
      expect(result.stderr).toContain('hint: only -o cbor keeps it');
    }
    expect(await shown('/unknown-tag.cbor', 'cbor')).toEqual({ code: 0, bytes: [...UNKNOWN_TAG_CBOR], stderr: '' });
  });
});

describe('a CBOR map with keys 1 and "1"', () => {
  it('is refused in every format, never shown with one entry dropped', async () => {
    for (const format of ['json', 'yaml', 'cbor']) {
      const result = await shown('/colliding.cbor', format);
      expect(result).toMatchObject({ code: 1, bytes: [...COLLIDING_CBOR] });
      expect(result.stderr).toContain(`okapi: a CBOR map at . has the keys 1 and "1", which okapi's values (string keys, as in JSON) hold as one key, "1": one of the entries would be lost`);
    }
    expect(await shown('/colliding.cbor', 'raw')).toEqual({ code: 0, bytes: [...COLLIDING_CBOR], stderr: '' });
  });

  it('the same for YAML keys, where "1" overwrote 1', async () => {
    const result = await okapi([`${origin}/colliding.yaml`, '-o', 'json']);
    expect(result).toMatchObject({ code: 1, stdout: '1: a\n"1": b\n' });
    expect(result.stderr).toContain('okapi: a YAML map at . has the keys 1 and "1", which okapi\'s values (string keys, as in JSON) hold as one key, "1"');
  });
});

describe('-o table --okapi-sort-by on ids past 2^53', () => {
  it('orders them by exact value, not by the double they share', async () => {
    for (const [by, order] of [['id', ['1', '9007199254740992', '9007199254740993']], ['-id', ['9007199254740993', '9007199254740992', '1']]] as const) {
      const result = await okapi([`${origin}/ids`, '-o', 'table', '--okapi-sort-by', by]);
      expect(result.code).toBe(0);
      expect(result.stdout.trimEnd().split('\n').slice(1).map((line) => line.trim())).toEqual(order);
    }
  });
});
