/**
 * Built-in plugins give identical results in-process and out-of-process: each built-in module is
 * wrapped by runPlugin() into an executable and driven through the wire in both encodings. Every
 * built-in formatter and loader is found from plugins-builtin/; the commands are in
 * command-parity.test.ts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandContext, PluginManifest, PluginSummary } from '../../../sdk/types.js';
import type { PluginRuntime } from '../../../kernel/plugins/runtime.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';
import { stringifyJson } from '../../../sdk/shared/json-stringify.js';
import { hostServices } from '../../helpers/host-services.js';
import { builtinMeta, builtinNames, builtinRuntimes } from '../../helpers/builtin-plugins.js';

const DOCUMENTS: unknown[] = [
  { id: 1, name: 'okapi', nested: { list: [1, 2.5, -3e-7, null, true], empty: {} } },
  ['héllo', 'ünïcödé ✓', '日本語', '\u0000 control'],
  new Uint8Array([0, 1, 2, 254, 255]),
  null,
  'plain string',
  [],
  // Numbers a double would change cross both encodings with their digits.
  { id: new ExactNumber('1234567890123456789'), big: new ExactNumber('1e400'), price: new ExactNumber('2.50'), tiny: new ExactNumber('-1e-400'), huge: 2n ** 70n },
];

describe('built-in plugins in-process and out-of-process', () => {
  it('json formatter renders identically', async () => {
    const results = new Map<string, string[]>();
    for (const [how, runtime] of await builtinRuntimes('json')) {
      const rendered: string[] = [];
      for (const [document, pretty] of [[true, true], [true, false], [false, false]]) {
        for (const value of DOCUMENTS) {
          let out = '';
          async function* items() {
            yield value;
          }
          await runtime.format({ format: 'json', document: document!, pretty: pretty!, tty: false, color: false, width: 80 }, items(), {
            write: (data) => (out += typeof data === 'string' ? data : Buffer.from(data).toString('utf8')),
          });
          rendered.push(out);
        }
      }
      results.set(how, rendered);
    }
    expect(results.get('cbor')).toEqual(results.get('in-process'));
    expect(results.get('json')).toEqual(results.get('in-process'));
    expect(results.get('in-process')![0]).toContain('"name": "okapi"');
    expect(results.get('in-process')![6]).toContain('"price": 2.50');
  });

  it('json formatter re-lays out a raw body identically', async () => {
    const text = JSON.stringify({ list: [1, 2.50, { deep: 'x' }], big: 12345678901234567890n.toString(), empty: [] }).replace('"12345678901234567890"', '12345678901234567890');
    const outputs = new Map<string, string>();
    for (const [how, runtime] of await builtinRuntimes('json')) {
      let out = '';
      async function* chunks() {
        const bytes = Buffer.from(text);
        for (let i = 0; i < bytes.length; i += 5) yield new Uint8Array(bytes.subarray(i, i + 5));
      }
      await runtime.format(
        { format: 'json', document: true, raw: true, content_type: 'application/json', pretty: true, tty: false, color: false, width: 80 },
        chunks(),
        { write: (data) => (out += typeof data === 'string' ? data : Buffer.from(data).toString('utf8')) },
      );
      outputs.set(how, out);
    }
    expect(outputs.get('in-process')).toContain('"big": 12345678901234567890');
    expect(outputs.get('cbor')).toBe(outputs.get('in-process'));
    expect(outputs.get('json')).toBe(outputs.get('in-process'));
  });

  it('plugin list command answers identically', async () => {
    const plugins: PluginSummary[] = [
      { name: 'json', hooks: ['formatter'], path: 'builtin:json', builtin: true, enabled: true },
      { name: 'broken', hooks: [], path: '/p/okapi-broken', builtin: false, enabled: true, refused: 'exited with code 1' },
    ];
    const outcomes = new Map<string, unknown>();
    for (const [how, runtime] of await builtinRuntimes('plugin')) {
      for (const args of [['list'], ['list', '--json'], ['nope']]) {
        let stdout = '';
        let stderr = '';
        const host: CommandContext = {
          log: () => undefined,
          stdout: (d) => (stdout += typeof d === 'string' ? d : Buffer.from(d).toString('utf8')),
          stderr: (d) => (stderr += typeof d === 'string' ? d : Buffer.from(d).toString('utf8')),
          httpRequest: async () => ({ status: 200, headers: {}, body: new Uint8Array() }),
          listApis: async () => [],
          listPlugins: async () => plugins,
          prompt: async () => '',
          // Stands for the host's rendering: what reached it, and in which format.
          output: async (value, options) => void (stdout += `${options?.format ?? 'auto'}: ${JSON.stringify(value)}`),
          stdin: (async function* () {})(),
          ...hostServices(),
        };
        const code = await runtime.command({ command: 'plugin', args, tty: { stdin: false, stdout: false, stderr: false }, width: 80 }, host);
        outcomes.set(`${how} ${args.join(' ')}`, { code, stdout, stderr });
      }
    }
    for (const args of ['list', 'list --json', 'nope']) {
      expect(outcomes.get(`cbor ${args}`)).toEqual(outcomes.get(`in-process ${args}`));
      expect(outcomes.get(`json ${args}`)).toEqual(outcomes.get(`in-process ${args}`));
    }
    expect((outcomes.get('in-process list') as { stdout: string }).stdout).toContain('refused: exited with code 1');
    expect((outcomes.get('in-process nope') as { code: number }).code).toBe(2);
    expect((outcomes.get('in-process list --json') as { stdout: string }).stdout).toBe(`json: ${JSON.stringify(plugins)}`);
  });
});

const PNG = new Uint8Array(readFileSync(resolve(import.meta.dirname, '../formatters/images/tiny-2x4.png')));
const RAW_JSON = '{"list": [1, 2.50, {"deep": "x"}], "big": 12345678901234567890, "text": "a\\u00e9\\n", "empty": []}';

/** What one call gave: the bytes written, and the error's message if it failed. */
interface Outcome {
  out: string;
  error?: string;
}

async function outcome(name: string, how: string, work: (write: (data: Uint8Array | string) => void) => Promise<void>): Promise<Outcome> {
  const bytes: Buffer[] = [];
  try {
    await work((data) => bytes.push(Buffer.from(data)));
    return { out: Buffer.concat(bytes).toString('hex') };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The host names the plugin an error came from; in-process, the error is the plugin's own.
    return { out: Buffer.concat(bytes).toString('hex'), error: how === 'in-process' ? message : message.replace(`plugin ${name}: `, '') };
  }
}

async function* itemsOf(values: unknown[]): AsyncGenerator<unknown> {
  yield* values;
}

async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield new Uint8Array(bytes.subarray(i, i + size));
}

const metas = await Promise.all(builtinNames().map(builtinMeta));
const FORMATTERS = metas.filter((m) => m.manifest.hooks?.includes('formatter')).map((m) => m.manifest);
const LOADERS = metas.filter((m) => m.manifest.hooks?.includes('loader')).map((m) => m.manifest);

/** Bytes within items, which the JSON encoding carries as base64 strings (DESIGN.md §3): a plugin speaking JSON cannot tell them from text. */
const hasBytes = (value: unknown): boolean =>
  value instanceof Uint8Array || (value !== null && typeof value === 'object' && Object.values(value).some(hasBytes));

async function renderAll(name: string, manifest: PluginManifest, how: string, runtime: PluginRuntime, withBytes: boolean): Promise<Outcome[]> {
  const keep = (values: unknown[]) => values.filter((value) => withBytes || !hasBytes(value));
  const outcomes: Outcome[] = [];
  for (const format of manifest.formatter_names ?? []) {
    const base = { format, tty: false, color: false, width: 80 };
    const records = keep([...DOCUMENTS, PNG]);
    outcomes.push(await outcome(name, how, (write) => runtime.format({ ...base, document: false, pretty: false }, itemsOf(records), { write })));
    outcomes.push(
      await outcome(name, how, (write) => runtime.format({ ...base, document: false, pretty: true, tty: true, color: true, width: 40 }, itemsOf(records), { write })),
    );
    for (const document of keep([DOCUMENTS[0], DOCUMENTS.at(-1), PNG])) {
      outcomes.push(await outcome(name, how, (write) => runtime.format({ ...base, document: true, pretty: true }, itemsOf([document]), { write })));
    }
    // Raw bodies travel as byte chunks, which both encodings carry as bytes.
    for (const type of (manifest.formatter_raw_types ?? []).slice(0, 1)) {
      const content_type = type.startsWith('+') ? `application/vnd.x${type}` : type;
      outcomes.push(
        await outcome(name, how, (write) => runtime.format({ ...base, document: true, pretty: true, raw: true, content_type }, chunksOf(RAW_JSON, 7), { write })),
      );
    }
  }
  return outcomes;
}

describe.each(FORMATTERS.map((m) => [m.name, m] as const))('built-in formatter %s in-process and out-of-process', (name, manifest) => {
  it('renders records, a document and (where it takes them) raw bodies identically', async () => {
    const runtimes = new Map(await builtinRuntimes(name));
    const inProcess = runtimes.get('in-process')!;
    const expected = await renderAll(name, manifest, 'in-process', inProcess, true);
    expect(expected.some((o) => o.out !== '')).toBe(true);
    expect(await renderAll(name, manifest, 'cbor', runtimes.get('cbor')!, true)).toEqual(expected);
    expect(await renderAll(name, manifest, 'json', runtimes.get('json')!, false)).toEqual(await renderAll(name, manifest, 'in-process', inProcess, false));
  }, 120_000);
});

const SPECS: { content_type?: string; body: string; source_url?: string }[] = [
  {
    content_type: 'application/json',
    source_url: 'http://127.0.0.1:1/openapi.json',
    body: JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/a': { get: { operationId: 'a', responses: { 200: { description: 'ok' } } } } } }),
  },
  {
    content_type: 'application/yaml',
    body: "openapi: 3.1.0\ninfo: {title: Y, version: '2'}\npaths:\n  /b/{id}:\n    get:\n      parameters: [{name: id, in: path, required: true, schema: {type: integer, maximum: 12345678901234567890}}]\n      responses: {'200': {description: ok}}\n",
  },
  {
    content_type: 'application/json',
    body: JSON.stringify({ swagger: '2.0', info: { title: 'S', version: '1' }, host: 'h.example', basePath: '/v1', paths: { '/c': { post: { parameters: [{ name: 'body', in: 'body', schema: { type: 'object' } }], responses: { 201: { description: 'made' } } } } } }),
  },
  { body: '{"not": "a description"}' },
  { content_type: 'application/yaml', body: 'openapi: [unclosed' },
];

describe.each(LOADERS.map((m) => [m.name] as const))('built-in loader %s in-process and out-of-process', (name) => {
  it('loads descriptions, and refuses what is not one, identically', async () => {
    const results = new Map<string, unknown[]>();
    for (const [how, runtime] of await builtinRuntimes(name)) {
      const outcomes: unknown[] = [];
      for (const { body, ...rest } of SPECS) {
        try {
          outcomes.push({ output: await runtime.call('loader', { body: new Uint8Array(Buffer.from(body)), ...rest }) });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          outcomes.push({ error: how === 'in-process' ? message : message.replace(`plugin ${name}: `, '') });
        }
      }
      results.set(how, outcomes);
    }
    expect(results.get('in-process')!.filter((o) => 'output' in (o as object)).length).toBeGreaterThanOrEqual(3);
    // Compared as exact JSON text: the description's maximum: 12345678901234567890 is an ExactNumber
    // in-process and a bigint after the CBOR wire (docs/design/009-exact-numbers.md), the same digits.
    expect(stringifyJson(results.get('cbor'))).toBe(stringifyJson(results.get('in-process')));
    expect(stringifyJson(results.get('json'))).toBe(stringifyJson(results.get('in-process')));
    expect(stringifyJson(results.get('in-process'))).toContain('"maximum":12345678901234567890');
  }, 120_000);
});
