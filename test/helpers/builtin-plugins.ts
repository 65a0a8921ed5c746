/**
 * okapi's built-in plugins, found from the folders of plugins-builtin/ (so a new one is covered
 * without editing a test), and each one wrapped by runPlugin() into an external executable: the
 * built chunk dist/plugins/<name>.cjs, loaded by a script that imports the built SDK.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PluginMeta } from '../../sdk/plugin-meta.js';
import type { PluginDefinition } from '../../sdk/types.js';
import { InProcessRuntime } from '../../kernel/plugins/in-process-runtime.js';
import type { PluginRuntime } from '../../kernel/plugins/runtime.js';
import { SubprocessRuntime } from '../../kernel/plugins/subprocess-runtime.js';
import { writeSdkPlugin } from './plugin-files.js';
import { tempDir } from './temp-dir.js';
import { testTokenStore } from './host-services.js';

const PLUGINS = resolve(import.meta.dirname, '../../plugins-builtin');
const BUILT = resolve(import.meta.dirname, '../../dist/plugins');

/** Every folder of plugins-builtin/ with a manifest.ts, as the build finds them. */
export function builtinNames(): string[] {
  return readdirSync(PLUGINS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(PLUGINS, d.name, 'manifest.ts')))
    .map((d) => d.name)
    .sort();
}

export async function builtinMeta(name: string): Promise<PluginMeta> {
  return ((await import(join(PLUGINS, name, 'manifest.ts'))) as { default: PluginMeta }).default;
}

export async function builtinDefinition(name: string): Promise<PluginDefinition> {
  return ((await import(join(PLUGINS, name, 'index.ts'))) as { default: PluginDefinition }).default;
}

/** Writes `okapi-<name>` into `dir`: the built-in's built code run by runPlugin(). Returns its path. */
export function writeExternalBuiltin(dir: string, name: string, encoding: 'cbor' | 'json'): string {
  const built = join(BUILT, `${name}.cjs`);
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  return writeSdkPlugin(dir, name, `(await import('node:module')).createRequire(import.meta.url)(${JSON.stringify(built)}).default`, encoding);
}

const silentLogger = () => () => undefined;

/** A built-in three ways, for parity tests: in-process, and as an external executable over CBOR and over JSON. */
export async function builtinRuntimes(name: string): Promise<[string, PluginRuntime][]> {
  const definition = await builtinDefinition(name);
  const runtimes: [string, PluginRuntime][] = [['in-process', new InProcessRuntime(name, async () => definition, silentLogger, testTokenStore())]];
  for (const encoding of ['cbor', 'json'] as const) {
    const path = writeExternalBuiltin(tempDir('okapi-parity-'), name, encoding);
    runtimes.push([encoding, new SubprocessRuntime({ name, path, encoding }, definition.manifest, { logger: silentLogger, tokens: testTokenStore(), ...(definition.commands ? { commands: definition.commands } : {}) })]);
  }
  return runtimes;
}
