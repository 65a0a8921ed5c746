/**
 * Every built-in plugin (each folder of plugins-builtin/ with a manifest.ts) declares itself
 * consistently: its manifest passes the rules external plugins must meet, its definition
 * implements exactly the hooks the manifest lists, the static index the build writes holds the
 * same data, and wrapped by runPlugin() it answers --okapi-plugin-manifest and
 * --okapi-plugin-commands with it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { builtins } from '../../../kernel/plugins/builtin-index.generated.js';
import { validateCommandDiscovery, validateManifest } from '../../../kernel/plugins/manifest.js';
import { decodeDocument } from '../../../sdk/codec.js';
import { definePlugin } from '../../../sdk/define.js';
import { builtinDefinition, builtinMeta, builtinNames, writeExternalBuiltin } from '../../helpers/builtin-plugins.js';
import { tempDir } from '../../helpers/temp-dir.js';

const run = promisify(execFile);
const NAMES = builtinNames();

/** What an executable printed for a discovery flag, decoded from its encoding. */
async function answer(path: string, flag: string, encoding: 'cbor' | 'json'): Promise<unknown> {
  const { stdout } = await run(path, [flag], { encoding: 'buffer' });
  return encoding === 'json' ? JSON.parse(stdout.toString('utf8')) : decodeDocument(new Uint8Array(stdout), 'cbor');
}

describe('the built-in plugins', () => {
  it('are found from the folders, the same list the static index holds', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(16);
    expect(builtins.map((entry) => entry.manifest.name).sort()).toEqual(NAMES);
  });
});

describe.each(NAMES)('built-in plugin %s', (name) => {
  it('has a manifest that meets the rules for every plugin, named after its folder', async () => {
    const meta = await builtinMeta(name);
    expect(() => validateManifest(meta.manifest)).not.toThrow();
    expect(meta.manifest.name).toBe(name);
    expect(meta.manifest.description).toMatch(/^[A-Z]/);
    const declaresCommands = meta.manifest.hooks?.includes('command') ?? false;
    expect(meta.commands !== undefined).toBe(declaresCommands);
    if (meta.commands) expect(() => validateCommandDiscovery({ protocol_version: 1, commands: meta.commands })).not.toThrow();
  });

  it('implements exactly the hooks its manifest lists', async () => {
    const [meta, definition] = [await builtinMeta(name), await builtinDefinition(name)];
    expect(definition.manifest).toEqual(meta.manifest);
    expect(definition.commands).toEqual(meta.commands);
    expect(() => definePlugin(definition)).not.toThrow();
    expect(Object.keys(definition.hooks).sort()).toEqual([...(meta.manifest.hooks ?? [])].sort());
  });

  it('is in the static index as its manifest.ts declares it', async () => {
    const meta = await builtinMeta(name);
    const { load, ...indexed } = builtins.find((entry) => entry.manifest.name === name)!;
    expect(typeof load).toBe('function');
    expect(indexed).toEqual(JSON.parse(JSON.stringify(meta)));
  });

  it.each(['cbor', 'json'] as const)('wrapped by runPlugin(), prints the same manifest and commands (%s)', async (encoding) => {
    const meta = await builtinMeta(name);
    const path = writeExternalBuiltin(tempDir('okapi-manifest-'), name, encoding);
    expect(await answer(path, '--okapi-plugin-manifest', encoding)).toEqual(meta.manifest);
    expect(await answer(path, '--okapi-plugin-commands', encoding)).toEqual({ protocol_version: 1, commands: meta.commands ?? [] });
  });
});
