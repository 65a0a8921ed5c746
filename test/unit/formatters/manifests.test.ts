import { describe, expect, it } from 'vitest';
import type { PluginMeta } from '../../../sdk/plugin-meta.js';
import type { PluginDefinition } from '../../../sdk/types.js';

const FOLDERS = ['yaml', 'cbor', 'ndjson', 'lines', 'auto'] as const;

type Loaded = { meta: PluginMeta; plugin: PluginDefinition };

const pair = async (meta: Promise<{ default: PluginMeta }>, plugin: Promise<{ default: PluginDefinition }>): Promise<Loaded> => ({
  meta: (await meta).default,
  plugin: (await plugin).default,
});

const load: Record<(typeof FOLDERS)[number], () => Promise<Loaded>> = {
  yaml: () => pair(import('../../../plugins-builtin/yaml/manifest.js'), import('../../../plugins-builtin/yaml/index.js')),
  cbor: () => pair(import('../../../plugins-builtin/cbor/manifest.js'), import('../../../plugins-builtin/cbor/index.js')),
  ndjson: () => pair(import('../../../plugins-builtin/ndjson/manifest.js'), import('../../../plugins-builtin/ndjson/index.js')),
  lines: () => pair(import('../../../plugins-builtin/lines/manifest.js'), import('../../../plugins-builtin/lines/index.js')),
  auto: () => pair(import('../../../plugins-builtin/auto/manifest.js'), import('../../../plugins-builtin/auto/index.js')),
};

describe.each(FOLDERS)('built-in formatter %s', (folder) => {
  it('is named after its folder and declares only the formatter hook', async () => {
    const { meta, plugin } = await load[folder]();
    expect(plugin.manifest).toEqual(meta.manifest);
    expect(meta.manifest).toMatchObject({ name: folder, okapi_api_version: 2, hooks: ['formatter'], formatter_names: [folder] });
    expect(Object.keys(plugin.hooks)).toEqual(['formatter']);
  });

  it('has a short description', async () => {
    const { meta } = await load[folder]();
    expect(meta.manifest.description).toMatch(/^[A-Z].{10,59}$/);
  });
});
