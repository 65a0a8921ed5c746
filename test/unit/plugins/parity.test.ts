/**
 * Built-in plugins give identical results in-process and out-of-process: each built-in module is
 * wrapped by runPlugin() into an executable and driven through the wire in both encodings.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandContext, PluginDefinition, PluginSummary } from '../../../sdk/types.js';
import { InProcessRuntime } from '../../../kernel/plugins/in-process-runtime.js';
import { SubprocessRuntime } from '../../../kernel/plugins/subprocess-runtime.js';
import type { PluginRuntime } from '../../../kernel/plugins/runtime.js';
import { ExactNumber } from '../../../sdk/exact-number.js';
import { writeSdkPlugin } from '../../helpers/plugin-files.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { hostServices } from '../../helpers/host-services.js';

const silentLogger = () => () => undefined;
const dist = resolve(import.meta.dirname, '../../../dist/plugins');

async function both(name: string): Promise<[string, PluginRuntime][]> {
  const definition = (await import(`../../../plugins-builtin/${name}/index.ts`)).default as PluginDefinition;
  const runtimes: [string, PluginRuntime][] = [['in-process', new InProcessRuntime(name, async () => definition, silentLogger)]];
  for (const encoding of ['cbor', 'json'] as const) {
    const dir = tempDir('okapi-parity-');
    // The built chunk of the built-in, run as an external executable.
    const built = join(dist, `${name}.cjs`);
    const path = writeSdkPlugin(dir, name, `(await import('node:module')).createRequire(import.meta.url)(${JSON.stringify(built)}).default`, encoding);
    runtimes.push([encoding, new SubprocessRuntime({ name, path, encoding }, definition.manifest, { logger: silentLogger, ...(definition.commands ? { commands: definition.commands } : {}) })]);
  }
  return runtimes;
}

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
    for (const [how, runtime] of await both('json')) {
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
    for (const [how, runtime] of await both('json')) {
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
    for (const [how, runtime] of await both('plugin')) {
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
