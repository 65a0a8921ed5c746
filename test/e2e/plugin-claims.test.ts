/**
 * An external plugin that claims a name a built-in owns (the format `json`, the command `config`)
 * is reported, in `plugin list`, with -v and by `doctor plugins`, and is not used for that name
 * until the config's `plugins.<name>.overrides` lets it take over (docs/design/017-plugin-container.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { writeSdkPlugin } from '../helpers/plugin-files.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

// `aaa` sorts before every built-in, so ordering plugins by name alone would let it win.
const claimant = `{
  manifest: { name: 'aaa', okapi_api_version: 2, hooks: ['formatter', 'command'], formatter_names: ['json'] },
  commands: [{ name: 'config', short: 'Claims the config command' }],
  hooks: {
    async formatter(start, items, ctx) { for await (const item of items) void item; ctx.write('aaa renders ' + start.format + '\\n'); },
    async command(init, ctx) { ctx.stdout('aaa runs ' + init.command + '\\n'); return 0; },
  },
}`;

const FORMAT_NOTE = 'declares the format "json", which is built into okapi; it was not added';
const COMMAND_NOTE = 'declares the command "config", which is built into okapi; it was not added';

function homeWithClaimant() {
  const home = freshHome();
  writeSdkPlugin(home.plugins, 'aaa', claimant);
  return home;
}

describe('an external plugin claiming built-in names', () => {
  it('does not take over -o json or the config command, and says so in plugin list, -v and doctor plugins', async () => {
    const home = homeWithClaimant();
    const rendered = await runOkapi(['get', `${api.url}/items?count=1`, '-o', 'json', '-v'], { env: home.env });
    expect(rendered.code).toBe(0);
    expect(rendered.stdout).not.toContain('aaa renders');
    expect(JSON.parse(rendered.stdout)).toHaveLength(1);
    expect(rendered.stderr).toContain(`okapi: plugin aaa (${home.plugins}/okapi-aaa) ${FORMAT_NOTE}`);
    expect(rendered.stderr).toContain(COMMAND_NOTE);

    expect((await runOkapi(['config', 'path'], { env: home.env })).stdout).toBe(`${home.config}\n`);

    const listed = JSON.parse((await runOkapi(['plugin', 'list', '-o', 'json'], { env: home.env })).stdout) as { name: string; notes?: string[] }[];
    const notes = listed.find((p) => p.name === 'aaa')!.notes!;
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain(FORMAT_NOTE);
    expect(notes[0]).toContain(`to let it take over: okapi config set 'plugins.aaa.overrides[]: format:json'`);
    expect(notes[1]).toContain(COMMAND_NOTE);
    expect(listed.find((p) => p.name === 'json')!.notes).toBeUndefined();
    expect((await runOkapi(['plugin', 'list'], { env: home.env })).stdout).toContain(FORMAT_NOTE);

    const doctor = await runOkapi(['doctor', 'plugins'], { env: home.env });
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(/^plugins: 2 things to know\n/);
    expect(doctor.stdout).toContain(FORMAT_NOTE);
    expect(doctor.stdout).toContain(COMMAND_NOTE);
  });

  it('takes over a format once the config says so, with the remedy the note suggests', async () => {
    const home = homeWithClaimant();
    const set = await runOkapi(['config', 'set', 'plugins.aaa.overrides[]: format:json'], { env: home.env });
    expect(set.code).toBe(0);
    expect(JSON.parse(readFileSync(home.config, 'utf8')).plugins).toEqual({ aaa: { overrides: ['format:json'] } });

    const rendered = await runOkapi(['get', `${api.url}/items?count=1`, '-o', 'json', '-v'], { env: home.env });
    expect(rendered.stdout).toBe('aaa renders json\n');
    expect(rendered.stderr).toContain(`plugin aaa (${home.plugins}/okapi-aaa) takes over the format "json" from the built-in plugin json, as plugins.aaa.overrides asks`);
    // The command it did not ask for stays built in.
    expect((await runOkapi(['config', 'path'], { env: home.env })).stdout).toBe(`${home.config}\n`);
    const doctor = await runOkapi(['doctor', 'plugins'], { env: home.env });
    expect(doctor.stdout).toContain('takes over the format "json"');
  });

  it('takes over a command once the config says so', async () => {
    const home = homeWithClaimant();
    writeFileSync(home.config, JSON.stringify({ plugins: { aaa: { overrides: ['command:config'] } } }));
    const run = await runOkapi(['config', 'path'], { env: home.env });
    expect(run.stdout).toBe('aaa runs config\n');
    expect(run.code).toBe(0);
    const help = await runOkapi(['--help'], { env: home.env });
    expect(help.stdout).toMatch(/config\s+Claims the config command \(plugin aaa\)/);
    // -o json was not handed over.
    expect((await runOkapi(['get', `${api.url}/items?count=1`, '-o', 'json'], { env: home.env })).stdout).not.toContain('aaa renders');
  });

  it('does not take over a filter language until the config says so', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'aab',
      `{
        manifest: { name: 'aab', okapi_api_version: 2, hooks: ['filter'], filter_languages: ['jq'] },
        hooks: { filter: (input) => ({ results: ['aab ran ' + input.expression] }) },
      }`,
    );
    const args = ['get', `${api.url}/items?count=2`, '-f', '.body | length', '--okapi-filter-lang', 'jq', '-o', 'json'];
    const builtin = await runOkapi([...args, '-v'], { env: home.env });
    expect(builtin.code).toBe(0);
    expect(builtin.stdout).toBe('2\n');
    expect(builtin.stderr).toContain('declares the filter language "jq", which is built into okapi; it was not added');

    expect((await runOkapi(['config', 'set', 'plugins.aab.overrides[]: filter:jq'], { env: home.env })).code).toBe(0);
    const taken = await runOkapi(args, { env: home.env });
    expect(taken.code).toBe(0);
    expect(taken.stdout).toBe('"aab ran .body | length"\n');
  });

  it('reports an override that changes nothing, and refuses one that does not parse', async () => {
    const home = homeWithClaimant();
    writeFileSync(home.config, JSON.stringify({ plugins: { aaa: { overrides: ['format:yaml', 'command:get'] } } }));
    const listed = JSON.parse((await runOkapi(['plugin', 'list', '-o', 'json'], { env: home.env })).stdout) as { name: string; notes?: string[] }[];
    expect(listed.find((p) => p.name === 'aaa')!.notes).toContain(
      'plugins.aaa.overrides names "format:yaml", but plugin aaa declares no format "yaml", so it changes nothing',
    );

    writeFileSync(home.config, JSON.stringify({ plugins: { aaa: { overrides: ['formt:json'] } } }));
    const bad = await runOkapi(['get', `${api.url}/items`], { env: home.env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`"plugins.aaa.overrides" holds "formt:json"; each entry is "format:<name>" (an -o format), "filter:<language>" (a -f language), "command:<name>" (a top-level command) or "api-commands:*"`);

    const refused = await runOkapi(['config', 'set', 'plugins.aaa.overrides[]: auth:aaa'], { env: { ...home.env, OKAPI_CONFIG: `${home.dir}/other.json` } });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('"plugins.aaa.overrides" holds "auth:aaa": an auth type or signer is the name of its plugin');
  });
});

describe('the route okapi <api> <word>', () => {
  const owner = (name: string) => `{
    manifest: { name: '${name}', okapi_api_version: 2, hooks: ['command'], api_commands: true },
    commands: [{ name: '${name}', short: 'Runs the commands of registered APIs' }],
    hooks: { async command(init, ctx) { ctx.stdout('${name} runs ' + JSON.stringify([init.command, ...init.args]) + '\\n'); return 0; } },
  }`;

  it("is the built-in operations plugin's; an external plugin that claims it is reported, and takes over only when the config says so", async () => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'ops', owner('ops'));
    expect((await runOkapi(['api', 'connect', 'example', api.url, '--no-discover'], { env: home.env })).code).toBe(0);
    const builtin = await runOkapi(['example', 'list-items', '-v'], { env: home.env });
    expect(builtin.stdout).toBe('');
    expect(builtin.stderr).toContain('example has no operations: it was connected without its description (--no-discover)');
    expect(builtin.stderr).toContain(`plugin ops (${home.plugins}/okapi-ops) declares the commands of registered APIs (okapi <api> <word>), which is built into okapi; it was not added`);
    expect(builtin.stderr).toContain("okapi config set 'plugins.ops.overrides[]: api-commands:*'");
  });

  it('goes to the external plugin the config lets take it over; an API path stays a request', async () => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'ops', owner('ops'));
    writeSdkPlugin(home.plugins, 'ops2', owner('ops2'));
    writeFileSync(home.config, JSON.stringify({ plugins: { ops: { overrides: ['api-commands:*'] } } }));
    expect((await runOkapi(['api', 'connect', 'example', api.url, '--no-discover'], { env: home.env })).code).toBe(0);

    const routed = await runOkapi(['example', 'list-items', 'x: 1', '-v'], { env: home.env });
    expect(routed.stdout).toBe('ops runs ["example","list-items","x: 1"]\n');
    expect(routed.code).toBe(0);
    expect(routed.stderr).toContain(
      `plugin ops2 (${home.plugins}/okapi-ops2) declares the commands of registered APIs (okapi <api> <word>), which plugin ops (${home.plugins}/okapi-ops) takes over, as plugins.ops.overrides asks; it was not added\n`,
    );

    const request = await runOkapi(['example/anything', '-o', 'json'], { env: home.env });
    expect(request.code, request.stderr).toBe(0);
    expect(JSON.parse(request.stdout).method).toBe('GET');
  });
});
