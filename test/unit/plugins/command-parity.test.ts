/**
 * Every built-in command plugin gives the same results in-process and as an external executable
 * (runPlugin() around its built chunk, in both encodings), against okapi's real command host
 * (kernel/commands/command-host.ts: the config, the cache, the plugin registry, requests through
 * the pipeline) with a config directory of its own in a temp folder. The same script of commands
 * runs in each home; stdout, stderr, exit codes and the config file must match, the home's path
 * aside. A command plugin the script does not know still gets the probes every command must
 * answer alike: no arguments, an unknown verb, an unknown flag.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../../fixtures/example-api/index.mjs';
import { scanArgv } from '../../../kernel/cli/argv.js';
import { commandHost } from '../../../kernel/commands/command-host.js';
import { Invocation, type Streams } from '../../../kernel/invocation.js';
import { drained } from '../../../kernel/output/drained.js';
import { InProcessRuntime } from '../../../kernel/plugins/in-process-runtime.js';
import type { PluginRuntime } from '../../../kernel/plugins/runtime.js';
import { SubprocessRuntime } from '../../../kernel/plugins/subprocess-runtime.js';
import type { CommandInit } from '../../../sdk/types.js';
import { builtinDefinition, builtinMeta, builtinNames, writeExternalBuiltin } from '../../helpers/builtin-plugins.js';
import { Capture } from '../../helpers/capture-stream.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { testTokenStore } from '../../helpers/host-services.js';

/** A description with behaviour-changing x-cli extensions and a prompt, for connect, sync and doctor. */
const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Local', version: '1' },
  'x-cli-config': { profiles: { default: { headers: ['X-Token: {token}'], prompt: { token: { description: 'Token', default: 't0' } } } } },
  paths: {
    '/items': {
      get: { operationId: 'listItems', 'x-cli-aliases': ['ls'], responses: { 200: { description: 'ok' } } },
      post: { operationId: 'createItem', 'x-cli-name': 'add', 'x-cli-future': 1, responses: { 201: { description: 'ok' } } },
    },
  },
};

/** One command of the script: the plugin, its arguments, and okapi's own flags given with it. */
type Step = [plugin: string, args: string[], flags?: string[]];

function script(api: ExampleApi, specFile: string): Step[] {
  return [
    ['api', ['connect', 'example', api.url, '--yes']],
    ['api', ['connect', 'local', 'http://127.0.0.1:9/', '--spec', specFile, 'prompt.token: abc']],
    ['api', ['connect', 'bare', 'https://bare.example', '--no-discover']],
    ['api', ['connect', 'x', '--spce', 'y']],
    ['api', ['connect', 'x']],
    ['api', ['list']],
    ['api', ['list'], ['-o', 'json']],
    ['api', ['list', 'extra']],
    ['api', ['inspect', 'local']],
    ['api', ['inspect']],
    ['api', ['set', 'local', 'profiles.default.headers[]: X-Team: a']],
    ['api', ['set', 'local']],
    ['api', ['sync', 'local', 'example']],
    ['api', ['sync', '--yes']],
    ['doctor', ['api', 'local']],
    ['doctor', ['api', 'nope']],
    ['doctor', ['api', 'a', 'b']],
    ['doctor', ['topic']],
    ['completion', ['bash']],
    ['completion', ['__complete', '1', '']],
    ['completion', ['__complete', '2', 'local']],
    ['completion', ['__complete', '3', 'local', 'list-items', '--']],
    ['completion', ['__complete', '3', 'local', '-p']],
    ['completion', ['__complete', '9', 'local']],
    ['cache', ['clear', 'example']],
    ['cache', ['clear']],
    ['cache', ['clear', 'a', 'b']],
    ['api', ['remove', 'bare']],
    ['api', ['remove']],
    ['plugin', ['list']],
    ['plugin', ['list', '--json']],
    ['plugin', ['list', '--jsno']],
    ['plugin', ['list'], ['-o', 'yaml']],
    ['plugin', ['list'], ['-f', '[refused != null].name']],
    ['config', ['path']],
    ['config', ['path', 'extra']],
    ['config', ['set', 'plugins.csv.enabled: false']],
    ['config', ['set']],
    ['config', ['edit', 'extra']],
  ];
}

/** What every command plugin must answer alike, whatever its arguments mean. */
const PROBES = [[], ['no-such-verb'], ['--no-such-flag']];

interface Transcript {
  step: string;
  code: number | string;
  stdout: string;
  stderr: string;
  config: string;
}

const names = builtinNames();
const commandPlugins = (await Promise.all(names.map(builtinMeta))).filter((m) => m.manifest.hooks?.includes('command'));

let api: ExampleApi;
let specFile: string;

beforeAll(async () => {
  api = await startExampleApi();
  specFile = join(tempDir('okapi-command-parity-spec-'), 'local.json');
  writeFileSync(specFile, JSON.stringify(SPEC));
});

afterAll(async () => {
  await api?.close();
});

/** Runs the steps in a fresh home, each command through `runtimeOf`, against the real host. */
async function transcript(steps: Step[], runtimeOf: (plugin: string, inv: Invocation) => PluginRuntime): Promise<Transcript[]> {
  const home = tempDir('okapi-command-parity-');
  const configPath = join(home, 'config.json');
  const lines: Transcript[] = [];
  for (const [plugin, args, flags = []] of steps) {
    const stdout = new Capture();
    const stderr = new Capture();
    const io = { stdout, stderr, stdin: process.stdin } as unknown as Streams;
    const inv = new Invocation(scanArgv(['--okapi-config', configPath, ...flags]), { HOME: home, PATH: process.env.PATH }, io);
    const registry = await inv.registry(plugin === 'config');
    // A plugin that owns API commands runs as the API's name: one that is not registered, for the probes.
    const declaration = commandPlugins.find((m) => m.manifest.name === plugin)!.commands![0];
    // As kernel/commands/plugin-command.ts builds it.
    const init: CommandInit = {
      command: declaration?.name ?? 'unregistered-api',
      args,
      tty: { stdin: false, stdout: false, stderr: false },
      width: 80,
      config_path: inv.configPath,
      cache_dir: inv.cacheDir,
      ...(inv.string('okapi-output-format') !== undefined ? { output_format: inv.string('okapi-output-format') } : {}),
      ...(inv.string('okapi-filter') !== undefined ? { filter: inv.string('okapi-filter') } : {}),
    };
    let code: number | string;
    try {
      code = await runtimeOf(plugin, inv).command(init, commandHost(inv, registry));
    } catch (error) {
      // An error the host reports: the same, whichever side the plugin ran on.
      code = `error: ${error instanceof Error ? error.message : String(error)}`;
    }
    // The home's path and the times things were synced differ from run to run.
    const unhome = (text: string) => text.replaceAll(home, '<home>').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');
    lines.push({
      step: [plugin, ...args, ...flags].join(' '),
      code,
      stdout: unhome(stdout.text),
      stderr: unhome(stderr.text),
      config: existsSync(configPath) ? unhome(readFileSync(configPath, 'utf8')) : '(none)',
    });
  }
  return lines;
}

function inProcess(plugin: string, inv: Invocation): PluginRuntime {
  return new InProcessRuntime(plugin, () => builtinDefinition(plugin), inv.pluginLogger, testTokenStore());
}

function external(encoding: 'cbor' | 'json'): (plugin: string, inv: Invocation) => PluginRuntime {
  const dir = tempDir('okapi-command-parity-bin-');
  const paths = new Map<string, string>();
  return (plugin, inv) => {
    if (!paths.has(plugin)) paths.set(plugin, writeExternalBuiltin(dir, plugin, encoding));
    const meta = commandPlugins.find((m) => m.manifest.name === plugin)!;
    return new SubprocessRuntime({ name: plugin, path: paths.get(plugin)!, encoding }, meta.manifest, {
      logger: inv.pluginLogger,
      tokens: testTokenStore(),
      commands: meta.commands ?? [],
      outputReady: (stream) => drained(inv.io[stream]),
    });
  };
}

describe('built-in commands in-process and out-of-process, with the real host', () => {
  it('every command plugin is in the script or gets the probes', () => {
    expect(commandPlugins.map((m) => m.manifest.name)).toEqual(expect.arrayContaining(['api', 'cache', 'config', 'doctor', 'plugin']));
  });

  it.each(['cbor', 'json'] as const)('the script gives the same output, exit codes and config (%s)', async (encoding) => {
    const steps = script(api, specFile);
    const expected = await transcript(steps, inProcess);
    // The script does what it says: it is no parity of failures.
    expect(expected.find((t) => t.step.startsWith('api connect example'))).toMatchObject({ code: 0 });
    expect(expected.find((t) => t.step.startsWith('doctor api local'))?.stdout).toContain('x-cli-aliases');
    expect(expected.find((t) => t.step.startsWith('api connect x --spce'))).toMatchObject({ code: 2, stderr: expect.stringContaining('did you mean --spec?') });
    expect(expected.find((t) => t.step === 'completion __complete 2 local')?.stdout).toBe('list-items\nadd\n');
    expect(await transcript(steps, external(encoding))).toEqual(expected);
  }, 180_000);

  it.each(commandPlugins.map((m) => m.manifest.name))('%s answers the probes alike in both encodings', async (plugin) => {
    const steps = PROBES.map((args): Step => [plugin, args]);
    const expected = await transcript(steps, inProcess);
    expect(expected.every((t) => t.code === 2)).toBe(true);
    expect(await transcript(steps, external('cbor'))).toEqual(expected);
    expect(await transcript(steps, external('json'))).toEqual(expected);
  }, 60_000);
});
