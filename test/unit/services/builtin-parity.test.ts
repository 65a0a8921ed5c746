/**
 * The built-in commands that use the host services (config, api, doctor, cache) give the same
 * results in-process and as external executables speaking CBOR or JSON: the services differ in
 * transport only (docs/design/016-host-services.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandContext, CommandInit, PluginDefinition } from '../../../sdk/types.js';
import { InProcessRuntime } from '../../../kernel/plugins/in-process-runtime.js';
import { SubprocessRuntime } from '../../../kernel/plugins/subprocess-runtime.js';
import type { PluginRuntime } from '../../../kernel/plugins/runtime.js';
import { hostServices, testTokenStore } from '../../helpers/host-services.js';
import { writeSdkPlugin } from '../../helpers/plugin-files.js';
import { tempDir } from '../../helpers/temp-dir.js';

const silent = () => () => undefined;
const dist = resolve(import.meta.dirname, '../../../dist/plugins');
const PLUGINS: Record<string, () => Promise<{ default: unknown }>> = {
  config: () => import('../../../plugins-builtin/config/index.js'),
  api: () => import('../../../plugins-builtin/api/index.js'),
  doctor: () => import('../../../plugins-builtin/doctor/index.js'),
  cache: () => import('../../../plugins-builtin/cache/index.js'),
};

async function runtimes(encoding: 'in-process' | 'cbor' | 'json'): Promise<Map<string, PluginRuntime>> {
  const map = new Map<string, PluginRuntime>();
  for (const [name, load] of Object.entries(PLUGINS)) {
    const definition = (await load()).default as PluginDefinition;
    if (encoding === 'in-process') {
      map.set(name, new InProcessRuntime(name, async () => definition, silent, testTokenStore()));
      continue;
    }
    const built = join(dist, `${name}.cjs`);
    const path = writeSdkPlugin(tempDir('okapi-parity-'), name, `(await import('node:module')).createRequire(import.meta.url)(${JSON.stringify(built)}).default`, encoding);
    map.set(name, new SubprocessRuntime({ name, path, encoding }, definition.manifest, { logger: silent, tokens: testTokenStore(), commands: definition.commands! }));
  }
  return map;
}

const START = '{\n  // registered by hand\n  "apis": {\n    "pets": { "base_url": "http://127.0.0.1:9", "profiles": { "default": { "credentials": { "key": { "auth": { "type": "api-key", "params": { "in": "header", "name": "X-Key", "value": "pets-key-123" } } } } } } }, // the pet store\n  },\n}\n';

const STEPS: [string, string[], Partial<CommandInit>?][] = [
  ['config', ['set', 'plugins.csv.enabled: false']],
  ['config', ['set', 'theme: dark']],
  ['api', ['set', 'pets', 'profiles.default.headers[]: X-Team: okapi']],
  ['api', ['inspect', 'pets']],
  ['api', ['auth', 'get', 'pets']],
  ['api', ['auth', 'inspect', 'pets', '--redact']],
  ['api', ['list'], { output_format: 'json' }],
  ['cache', ['clear', 'pets']],
  ['cache', ['clear', 'nope']],
  ['doctor', ['api', 'pets']],
  ['api', ['remove', 'pets']],
  ['api', ['remove', 'pets']],
];

describe('built-in commands on the host services, in-process and over the wire', () => {
  it('answer alike, and leave the same config', async () => {
    const outcomes = new Map<string, unknown>();
    for (const how of ['in-process', 'cbor', 'json'] as const) {
      const plugins = await runtimes(how);
      const home = tempDir('okapi-parity-home-');
      const paths = { config_path: join(home, 'config.json'), cache_dir: join(home, 'cache') };
      writeFileSync(paths.config_path, START);
      const results: unknown[] = [];
      for (const [plugin, args, more] of STEPS) {
        let stdout = '';
        let stderr = '';
        const host: CommandContext = {
          log: () => undefined,
          stdout: (d) => void (stdout += typeof d === 'string' ? d : Buffer.from(d).toString('utf8')),
          stderr: (d) => void (stderr += typeof d === 'string' ? d : Buffer.from(d).toString('utf8')),
          httpRequest: async () => ({ status: 200, headers: {}, body: new Uint8Array() }),
          listApis: async () => [],
          listPlugins: async () => [],
          prompt: async () => '',
          stdin: (async function* () {})(),
          ...hostServices(paths),
        };
        const init: CommandInit = { command: plugin, args, tty: { stdin: false, stdout: false, stderr: false }, width: 80, ...paths, ...more };
        const code = await plugins.get(plugin)!.command(init, host);
        const text = readFileSync(paths.config_path, 'utf8');
        results.push({ step: `${plugin} ${args.join(' ')}`, code, stdout: stdout.replaceAll(home, '<home>'), stderr: stderr.replaceAll(home, '<home>'), text });
      }
      outcomes.set(how, results);
    }
    expect(outcomes.get('cbor')).toEqual(outcomes.get('in-process'));
    expect(outcomes.get('json')).toEqual(outcomes.get('in-process'));
    const steps = outcomes.get('in-process') as { code: number; stdout: string; stderr: string; text: string }[];
    expect(steps.map((s) => s.code)).toEqual([0, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1]);
    expect(steps[0]!.text).toContain('// the pet store');
    expect(steps[0]!.text).toContain('"csv"');
    expect(steps[1]!.stderr).toContain('unknown key "theme"');
    expect(steps[2]!.text).toContain('X-Team: okapi');
    // The auth service computes the credential in the host, whichever side of the wire the command is.
    expect(steps[4]!.stdout).toBe('X-Key: pets-key-123\n');
    expect(steps[5]!.stdout).toContain('X-Key: ***');
    expect(steps[5]!.stdout).not.toContain('pets-key-123');
    expect(steps[10]!.text).not.toContain('"pets"');
    expect(steps[11]!.stderr).toContain('there is no API named "pets"');
  });
});
