/**
 * Numbers as typed or received, with the built CLI against a local server: request bodies from
 * shorthand (JSON, YAML, CBOR), every output format, shorthand queries and jq. Only arithmetic in
 * a filter may round (docs/design/009-exact-numbers.md).
 */
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { newCborDecoder } from '../../sdk/shared/cbor.js';
import { compareNumberTexts } from '../../sdk/shared/decimal-text.js';
import { ExactNumber, numberText } from '../../sdk/shared/exact-number.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';
import { tempDir } from '../helpers/temp-dir.js';

/** What GET /body answers; POST /echo answers the request's own body and type. */
let body = { type: 'application/json', bytes: Buffer.alloc(0) };
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/echo') {
        res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/octet-stream' });
        res.end(Buffer.concat(chunks));
      } else {
        res.writeHead(200, { 'content-type': body.type });
        res.end(body.bytes);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function serve(text: string, type = 'application/json'): void {
  body = { type, bytes: Buffer.from(text) };
}

async function okapi(args: string[]): Promise<string> {
  const result = await runOkapi(args, { env: { ...freshHome().env, COLUMNS: '200' } });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

async function okapiBytes(args: string[]): Promise<Buffer> {
  const result = await runOkapi(args, { env: freshHome().env });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdoutBytes;
}

/** A decoded value with every number as its text, so that comparisons see the digits. */
function texts(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof ExactNumber) return `#${numberText(value)}`;
  if (Array.isArray(value)) return value.map(texts);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, texts(v)]));
  return value;
}

describe('the measured failures of issue #11', () => {
  it('sends a 19-digit id from shorthand as typed', async () => {
    const sent = await okapiBytes(['post', `${origin}/echo`, 'id: 1234567890123456789']);
    expect(sent.toString()).toBe('{"id":1234567890123456789}');
  });

  it('prints a 19-digit id selected by -f body.id as received', async () => {
    serve('{"id": 1234567890123456789}');
    expect(await okapi([`${origin}/body`, '-f', 'body.id'])).toBe('1234567890123456789\n');
  });

  it('writes 1e400 as 1e400 in YAML, not .inf', async () => {
    serve('{"big": 1e400}');
    expect(await okapi([`${origin}/body`, '-o', 'yaml'])).toBe('big: 1e400\n');
  });

  it('keeps 1e400 through jq, not null', async () => {
    serve('{"big": 1e400}');
    expect(await okapi([`${origin}/body`, '-f', '.body', '-o', 'json'])).toBe('{\n  "big": 1e400\n}\n');
    expect(await okapi([`${origin}/body`, '-f', '.body.big'])).toBe('1e400\n');
  });
});

const DOCUMENT = '{"id":1234567890123456789,"big":1e400,"price":2.50,"one":1.0,"tiny":-1e-400,"n":3,"f":0.1,"list":[12345678901234567890123,1.5]}';

describe('every output format', () => {
  beforeAll(() => serve(DOCUMENT));

  it('json, streamed and decoded (after a filter), writes the numbers as received', async () => {
    expect((await okapi([`${origin}/body`, '-o', 'json'])).replace(/\s/g, '')).toBe(DOCUMENT);
    expect((await okapi([`${origin}/body`, '-f', 'body', '-o', 'json'])).replace(/\s/g, '')).toBe(DOCUMENT);
  });

  it('auto and ndjson', async () => {
    expect((await okapi([`${origin}/body`, '-f', 'body', '-o', 'auto'])).replace(/\s/g, '')).toBe(DOCUMENT);
    expect(await okapi([`${origin}/body`, '-o', 'ndjson'])).toBe(`${DOCUMENT}\n`);
  });

  it('yaml writes plain scalars of the digits', async () => {
    expect(await okapi([`${origin}/body`, '-o', 'yaml'])).toBe(
      ['id: 1234567890123456789', 'big: 1e400', 'price: 2.50', 'one: 1.0', 'tiny: -1e-400', 'n: 3', 'f: 0.1', 'list:', '  - 12345678901234567890123', '  - 1.5', ''].join('\n'),
    );
  });

  it('table right-aligns the numbers with their digits', async () => {
    const table = await okapi([`${origin}/body`, '-o', 'table', '--okapi-columns', 'id,big,price,one,tiny']);
    expect(table.split('\n')[1]).toBe('1234567890123456789  1e400   2.50  1.0  -1e-400');
  });

  it('toon writes its canonical form, exact, and long expansions as received', async () => {
    expect(await okapi([`${origin}/body`, '-o', 'toon'])).toBe(
      ['id: 1234567890123456789', 'big: 1e400', 'price: 2.5', 'one: 1', 'tiny: -1e-400', 'n: 3', 'f: 0.1', 'list[2]: 12345678901234567890123,1.5', ''].join('\n'),
    );
  });

  it('lines and gron', async () => {
    expect(await okapi([`${origin}/body`, '-f', 'body.list', '-o', 'lines'])).toBe('12345678901234567890123\n1.5\n');
    const gron = ['json = {};', 'json.id = 1234567890123456789;', 'json.big = 1e400;', 'json.price = 2.50;', 'json.one = 1.0;', 'json.tiny = -1e-400;'];
    expect((await okapi([`${origin}/body`, '-o', 'gron'])).split('\n').slice(0, 6)).toEqual(gron);
    expect((await okapi([`${origin}/body`, '-f', 'body', '-o', 'gron'])).split('\n').slice(0, 6)).toEqual(gron);
  });

  it('cbor: a 64-bit integer, a bignum, and decimal fractions (tag 4) with the digits as received', async () => {
    serve('{"id":1234567890123456789,"huge":-12345678901234567890123,"big":1e400,"fine":0.1000000000000000000001,"price":2.50}');
    const bytes = await okapiBytes([`${origin}/body`, '-o', 'cbor']);
    // 0xc3: tag 3, a negative bignum; 0xc4: tag 4, a decimal fraction.
    expect(bytes.includes(Buffer.from([0xc3]))).toBe(true);
    expect(bytes.includes(Buffer.from([0xc4, 0x82, 0x19, 0x01, 0x90, 0x01]))).toBe(true); // [400, 1]
    expect(texts(newCborDecoder().decode(bytes))).toEqual({
      id: '#1234567890123456789',
      huge: '#-12345678901234567890123',
      big: '#1e400',
      fine: '#0.1000000000000000000001',
      price: '#2.50',
    });
  });
});

describe('other readers', () => {
  it('YAML and NDJSON bodies keep their digits; other YAML numbers read as YAML reads them', async () => {
    serve('id: 1234567890123456789\nbig: 1e400\nprice: 2.50\nhex: 0x1F\nplain: 12\n', 'application/yaml');
    expect(await okapi([`${origin}/body`, '-o', 'ndjson'])).toBe('{"id":1234567890123456789,"big":1e400,"price":2.50,"hex":31,"plain":12}\n');
    serve('{"id":1234567890123456789}\n{"id":2.50}\n', 'application/x-ndjson');
    expect(await okapi([`${origin}/body`, '-o', 'ndjson'])).toBe('{"id":1234567890123456789}\n{"id":2.50}\n');
  });

  it('a YAML or JSON file given as @file keeps its digits', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'item.yaml'), 'id: 1234567890123456789\nbig: 1e400\n');
    writeFileSync(join(dir, 'item.json'), '{"id": 1234567890123456789, "price": 2.50}');
    const sent = await okapiBytes(['post', `${origin}/echo`, `a: @${join(dir, 'item.yaml')}, b: @${join(dir, 'item.json')}`]);
    expect(sent.toString()).toBe('{"a":{"id":1234567890123456789,"big":1e400},"b":{"id":1234567890123456789,"price":2.50}}');
  });
});

describe('request bodies', () => {
  const SHORTHAND = 'id: 1234567890123456789, big: 1e400, price: 2.50, tiny: -1e-400, n: 7';

  it('JSON and YAML send the digits as typed', async () => {
    expect((await okapiBytes(['post', `${origin}/echo`, SHORTHAND])).toString()).toBe('{"id":1234567890123456789,"big":1e400,"price":2.50,"tiny":-1e-400,"n":7}');
    expect((await okapiBytes(['post', `${origin}/echo`, '-c', 'yaml', SHORTHAND])).toString()).toBe(
      'id: 1234567890123456789\nbig: 1e400\nprice: 2.50\ntiny: -1e-400\nn: 7\n',
    );
  });

  it('CBOR sends integers and decimal fractions', async () => {
    const sent = await okapiBytes(['post', `${origin}/echo`, '-c', 'cbor', SHORTHAND]);
    expect(texts(newCborDecoder().decode(sent))).toEqual({ id: '#1234567890123456789', big: '#1e400', price: '#2.50', tiny: '#-1e-400', n: '#7' });
  });

  it('a JSON file and stdin keep their digits when shorthand edits them', async () => {
    const result = await runOkapi(['post', `${origin}/echo`, 'n: 1'], { env: freshHome().env, stdin: '{"id": 1234567890123456789, "big": 1e400}' });
    expect(result.stdout).toBe('{"id":1234567890123456789,"big":1e400,"n":1}');
  });
});

describe('filters', () => {
  beforeAll(() => serve('{"items":[{"id":1234567890123456789},{"id":1234567890123456788},{"id":1234567890123456790}]}'));

  it('shorthand queries compare exactly', async () => {
    expect(await okapi([`${origin}/body`, '-f', 'body.items[id == 1234567890123456788].id', '-o', 'json'])).toBe('[\n  1234567890123456788\n]\n');
    expect(await okapi([`${origin}/body`, '-f', 'body.items[id > 1234567890123456789].id', '-o', 'json'])).toBe('[\n  1234567890123456790\n]\n');
    expect(await okapi([`${origin}/body`, '-f', 'body.items[-id < -1234567890123456789].id', '-o', 'json'])).toBe('[\n  1234567890123456790\n]\n');
  });

  it('jq keeps the digits it does not compute with; arithmetic rounds, as asked', async () => {
    expect(await okapi([`${origin}/body`, '-f', '[.body.items[].id]', '-o', 'ndjson'])).toBe('1234567890123456789\n1234567890123456788\n1234567890123456790\n');
    expect(await okapi([`${origin}/body`, '-f', '.body.items[0].id + 1'])).toBe('1234567890123456800\n');
  });
});

/** A number text in JSON's grammar: big integers, long decimals, exponents, and ordinary ones. */
const numberTexts = fc.oneof(
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 25n }), fc.stringMatching(/^[0-9]{1,30}$/))
    .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}.${fraction}`),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 500 }))
    .map(([mantissa, e, sign, exponent]) => `${mantissa}${e}${sign}${exponent}`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
);

describe('property: random numbers survive every format and the shorthand round trip', () => {
  it('keeps each number exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(numberTexts, { minLength: 1, maxLength: 6 }), async (numbers) => {
        const json = `[${numbers.map((text) => `{"v":${text}}`).join(',')}]`;
        serve(json);
        const url = `${origin}/body`;
        const [streamed, decoded, ndjson, yaml, gron, table, toon, lines, jq, cbor, echoed] = await Promise.all([
          okapi([url, '-o', 'json']),
          okapi([url, '-f', '.body', '-o', 'json']),
          okapi([url, '-o', 'ndjson']),
          okapi([url, '-o', 'yaml']),
          okapi([url, '-f', 'body', '-o', 'gron']),
          okapi([url, '-o', 'table']),
          okapi([url, '-o', 'toon']),
          okapi([url, '-f', 'body..v', '-o', 'lines']),
          okapi([url, '-f', '.body[].v', '-o', 'ndjson']),
          okapiBytes([url, '-o', 'cbor']),
          okapiBytes(['post', `${origin}/echo`, `v: [${numbers.join(', ')}]`]),
        ]);
        const sameTexts = (found: string[]) => expect(found).toEqual(numbers);
        const sameValues = (found: string[]) => {
          expect(found).toHaveLength(numbers.length);
          found.forEach((text, i) => expect(compareNumberTexts(text, numbers[i]!), `${text} for ${numbers[i]}`).toBe(0));
        };
        const values = (text: string) => (parseJsonExact(text) as Array<{ v: unknown }>).map((row) => numberText(row.v as number));
        sameTexts(values(streamed));
        sameTexts(values(decoded));
        sameTexts(ndjson.trimEnd().split('\n').map((line) => numberText((parseJsonExact(line) as { v: number }).v)));
        const yamlRows = parseDocument(yaml).contents as unknown as { items: Array<{ items: Array<{ value: { source: string } }> }> };
        sameTexts(yamlRows.items.map((row) => row.items[0]!.value.source));
        sameTexts(gron.trimEnd().split('\n').filter((line) => line.includes('].v = ')).map((line) => line.slice(line.indexOf(' = ') + 3, -1)));
        sameTexts(table.trimEnd().split('\n').slice(1).map((line) => line.trim()));
        sameValues(toon.trimEnd().split('\n').slice(1).map((line) => line.trim()));
        sameTexts(lines.trimEnd().split('\n'));
        sameTexts(jq.trimEnd().split('\n'));
        sameValues((newCborDecoder().decode(cbor) as Array<{ v: number }>).map((row) => numberText(row.v)));
        sameTexts(((parseJsonExact(echoed.toString()) as { v: unknown[] }).v).map((v) => numberText(v as number)));
      }),
      // Shrinking would rerun a dozen processes per step: the first counterexample is reported as found.
      { numRuns: 20, endOnFailure: true },
    );
  }, 240_000);
});
