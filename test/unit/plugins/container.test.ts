import { describe, expect, it } from 'vitest';
import type { HookName, PluginManifest } from '../../../sdk/types.js';
import { HOOK_NAMES } from '../../../sdk/types.js';
import { PluginContainer } from '../../../kernel/plugins/container.js';
import { DISPATCH_RULES } from '../../../kernel/plugins/dispatch-rules.js';
import { overridesFromConfig, overridesProblem } from '../../../kernel/plugins/overrides.js';
import type { PluginRecord } from '../../../kernel/plugins/registry.js';
import type { PluginRuntime } from '../../../kernel/plugins/runtime.js';

function plugin(name: string, builtin: boolean, hooks: HookName[], extra: Partial<PluginManifest> & { commands?: string[] } = {}, state: Partial<PluginRecord> = {}): PluginRecord {
  const { commands = [], ...manifest } = extra;
  return {
    name,
    path: builtin ? `builtin:${name}` : `/plugins/okapi-${name}`,
    builtin,
    manifest: { name, okapi_api_version: 2, hooks, ...manifest },
    commands: commands.map((c) => ({ name: c })),
    enabled: true,
    ...state,
  };
}

function container(records: PluginRecord[], overrides: Record<string, string[]> = {}, runtime?: (p: PluginRecord) => PluginRuntime): PluginContainer {
  return new PluginContainer(
    records,
    overridesFromConfig(Object.fromEntries(Object.entries(overrides).map(([name, list]) => [name, { overrides: list }]))),
    runtime ??
      (() => {
        throw new Error('no hook runs in this test');
      }),
  );
}

const json = plugin('json', true, ['formatter'], { formatter_names: ['json'] });
const yaml = plugin('yaml', true, ['formatter'], { formatter_names: ['yaml'] });
const config = plugin('config', true, ['command'], { commands: ['config'] });

describe('dispatch rules', () => {
  it('declares one rule for every hook kind', () => {
    expect(Object.keys(DISPATCH_RULES).sort()).toEqual([...HOOK_NAMES].sort());
    expect(DISPATCH_RULES['request-middleware']).toBe('sequential');
    expect(DISPATCH_RULES['response-middleware']).toBe('sequential');
    expect(DISPATCH_RULES.loader).toBe('first-accepting');
    for (const hook of ['formatter', 'auth', 'command', 'tls-signer'] as const) expect(DISPATCH_RULES[hook]).toBe('exclusive');
  });

  it('runs middleware in one order: built-ins first, then externals by name, skipping disabled and refused plugins', () => {
    const records = [
      plugin('zeta', false, ['request-middleware']),
      plugin('alpha', false, ['request-middleware']),
      plugin('mid', true, ['request-middleware']),
      plugin('off', false, ['request-middleware'], {}, { enabled: false }),
      plugin('bad', false, ['request-middleware'], {}, { refused: 'no' }),
      plugin('other', false, ['response-middleware']),
    ];
    expect(container(records).sequence('request-middleware').map((p) => p.name)).toEqual(['mid', 'alpha', 'zeta']);
    expect(container(records).sequence('response-middleware').map((p) => p.name)).toEqual(['other']);
  });

  it('takes the first loader that accepts, in precedence order', () => {
    const records = [plugin('raml', false, ['loader'], { loader_content_types: ['application/json'] }), plugin('openapi', true, ['loader'], { loader_content_types: ['application/json'] })];
    const c = container(records);
    expect(c.firstAccepting('loader', (p) => p.manifest!.loader_content_types!.includes('application/json'))!.name).toBe('openapi');
    expect(c.firstAccepting('loader', (p) => p.name === 'raml')!.name).toBe('raml');
    expect(c.firstAccepting('loader', () => false)).toBeUndefined();
  });

  it('calls hooks through the runtime of the plugin it chose', async () => {
    const called: string[] = [];
    const runtime = (p: PluginRecord): PluginRuntime => ({
      call: async (hook) => {
        called.push(`${p.name}:${hook}`);
        return {} as never;
      },
      format: async () => void called.push(`${p.name}:format`),
      command: async () => (called.push(`${p.name}:command`), 3),
    });
    const c = container([json, config], {}, runtime);
    await c.format(c.owner('format', 'json')!, { format: 'json', document: true, pretty: false, tty: false, color: false, width: 80 }, (async function* () {})(), { write: () => undefined });
    expect(await c.command(c.owner('command', 'config')!, { command: 'config', args: [], tty: { stdin: false, stdout: false, stderr: false }, width: 80 }, {} as never)).toBe(3);
    expect(called).toEqual(['json:format', 'config:command']);
  });
});

describe('exclusive names', () => {
  const aaa = plugin('aaa', false, ['formatter', 'command'], { formatter_names: ['json', 'csv'], commands: ['config', 'hello', 'get'] });

  it('keeps a built-in format and command from an external that sorts first, and notes the claims', () => {
    const c = container([aaa, json, yaml, config]);
    expect(c.owner('format', 'json')).toBe(json);
    expect(c.owner('format', 'csv')).toBe(aaa);
    expect(c.owner('command', 'config')).toBe(config);
    expect(c.owner('command', 'hello')).toBe(aaa);
    expect(c.owner('command', 'get')).toBeUndefined();
    expect(c.formatNames()).toEqual(['csv', 'json', 'raw', 'yaml']);
    expect(c.notesOf(aaa)).toEqual([
      `plugin aaa (/plugins/okapi-aaa) declares the format "json", which is built into okapi; it was not added (to let it take over: okapi config set 'plugins.aaa.overrides[]: format:json')`,
      `plugin aaa (/plugins/okapi-aaa) declares the command "config", which is built into okapi; it was not added (to let it take over: okapi config set 'plugins.aaa.overrides[]: command:config')`,
      'plugin aaa (/plugins/okapi-aaa) declares the command "get", which is built into okapi; it was not added',
    ]);
    expect(c.notesOf(json)).toEqual([]);
    expect(c.commandTable().conflicts).toEqual(c.notesOf(aaa).slice(1));
    expect([...c.commandTable().commands.keys()]).toEqual(['config', 'hello']);
  });

  it('hands a name over when the config says so, but never a word of the kernel', () => {
    const c = container([aaa, json, config], { aaa: ['format:json', 'command:get', 'format:xml'] });
    expect(c.owner('format', 'json')).toBe(aaa);
    expect(c.owner('command', 'config')).toBe(config);
    expect(c.owner('command', 'get')).toBeUndefined();
    expect(c.notesOf(aaa)).toEqual([
      'plugin aaa (/plugins/okapi-aaa) takes over the format "json" from the built-in plugin json, as plugins.aaa.overrides asks',
      `plugin aaa (/plugins/okapi-aaa) declares the command "config", which is built into okapi; it was not added (to let it take over: okapi config set 'plugins.aaa.overrides[]: command:config')`,
      `plugin aaa (/plugins/okapi-aaa) declares the command "get", which is built into okapi; it was not added (okapi's own words cannot be taken over, so plugins.aaa.overrides changes nothing here)`,
      'plugins.aaa.overrides names "format:xml", but plugin aaa declares no format "xml", so it changes nothing',
    ]);
    expect(c.notesOf(json)).toEqual(['plugin json (builtin:json) declares the format "json", which plugin aaa (/plugins/okapi-aaa) takes over, as plugins.aaa.overrides asks; it was not added']);
  });

  it('answers one command word with the owner the whole table gives it, takeovers included', () => {
    const hello = plugin('hello', true, ['command'], { commands: ['hello'] });
    for (const overrides of [{}, { aaa: ['command:hello'] }] as Record<string, string[]>[]) {
      const c = container([aaa, hello, config], overrides);
      const table = container([aaa, hello, config], overrides).commandTable().commands;
      for (const word of ['config', 'hello', 'get', 'nothing']) expect(c.commandEntry(word)).toEqual(table.get(word));
    }
    expect(container([aaa, hello], { aaa: ['command:hello'] }).commandEntry('hello')).toEqual({ plugin: aaa, declaration: { name: 'hello' } });
  });

  it('between externals, the first by name owns a name, unless a later one overrides', () => {
    const b = plugin('bbb', false, ['formatter'], { formatter_names: ['csv'] });
    const a = plugin('aaa', false, ['formatter'], { formatter_names: ['csv'] });
    expect(container([b, a]).owner('format', 'csv')).toBe(a);
    expect(container([b, a]).notesOf(b)[0]).toContain('which is already provided by plugin aaa (/plugins/okapi-aaa); it was not added');
    expect(container([b, a], { bbb: ['format:csv'] }).owner('format', 'csv')).toBe(b);
    // Two that both override: precedence decides among them.
    expect(container([b, a], { aaa: ['format:csv'], bbb: ['format:csv'] }).owner('format', 'csv')).toBe(a);
  });

  it('owns an auth type and a signer by plugin name', () => {
    const oauth = plugin('oauth', false, ['auth']);
    const hsm = plugin('hsm', false, ['tls-signer']);
    const c = container([oauth, hsm, json]);
    expect(c.owner('auth', 'oauth')).toBe(oauth);
    expect(c.owner('auth', 'json')).toBeUndefined();
    expect(c.owner('signer', 'hsm')).toBe(hsm);
    expect(container([plugin('oauth', false, ['auth'], {}, { enabled: false })]).owner('auth', 'oauth')).toBeUndefined();
  });
});

describe('plugins.<name>.overrides', () => {
  it('accepts format and command entries and explains what else is wrong', () => {
    expect(overridesProblem(undefined)).toBeUndefined();
    expect(overridesProblem(['format:json', 'command:config'])).toBeUndefined();
    expect(overridesProblem('format:json')).toMatch(/^must be a list; each entry is "format:<name>"/);
    expect(overridesProblem([1])).toMatch(/^holds 1, which is not a string/);
    expect(overridesProblem(['json'])).toMatch(/^holds "json"; each entry is "format:<name>" \(an -o format\), "filter:<language>" \(a -f language\), "command:<name>" \(a top-level command\) or "api-commands:\*"/);
    expect(overridesProblem(['auth:bearer'])).toMatch(/^holds "auth:bearer": an auth type or signer is the name of its plugin/);
  });
});

describe('the route okapi <api> <word>', () => {
  it('has one owner, the first plugin in precedence order whose manifest claims it', () => {
    const ops = plugin('ops', false, ['command'], { api_commands: true, commands: ['ops'] });
    const more = plugin('more', false, ['command'], { api_commands: true, commands: ['more'] });
    expect(container([json, config]).apiCommandOwner()).toBeUndefined();
    expect(container([ops, more]).apiCommandOwner()).toBe(more);
    expect(container([ops, more]).notesOf(ops)).toEqual([
      "plugin ops (/plugins/okapi-ops) declares the commands of registered APIs (okapi <api> <word>), which is already provided by plugin more (/plugins/okapi-more); it was not added (to let it take over: okapi config set 'plugins.ops.overrides[]: api-commands:*')",
    ]);
  });
});
