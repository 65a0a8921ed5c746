/**
 * External plugins taking part in real requests: formatter, request and response middleware,
 * secret redaction, failures, and command plugins with their host services.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { writeScriptPlugin, writeSdkPlugin } from '../helpers/plugin-files.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';
import { longerThanOkapiCanWait } from '../../kernel/plugins/duration.js';

const repo = resolve(import.meta.dirname, '../..');
let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

/** Records which plugins were started, to prove hooks run only when needed. */
function spyManifest(name: string, hooks: string[], extra: object = {}) {
  return { name, okapi_api_version: 2, hooks, ...extra };
}

describe('the example TypeScript plugin', () => {
  it('adds -o csv and an X-Request-Id header', async () => {
    const home = freshHome();
    mkdirSync(home.plugins, { recursive: true });
    await build({
      entryPoints: [join(repo, 'examples/typescript-plugin/src/index.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: join(home.plugins, 'okapi-example'),
      banner: { js: '#!/usr/bin/env node' },
      alias: { 'okapi/sdk': join(repo, 'sdk/index.ts') },
      logLevel: 'silent',
    });
    execFileSync('chmod', ['+x', join(home.plugins, 'okapi-example')]);

    const csv = await runOkapi(['get', `${api.url}/items?count=2`, '-o', 'csv'], { env: home.env });
    expect(csv.stderr).toBe('');
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^id,name,/);

    // Numbers a double would change reach the plugin, over the wire, with all their digits.
    const exact = await runOkapi(['get', `${api.url}/items?count=1`, '-f', '[{id: 1234567890123456789, rate: 0.1000000000000000000001}]', '-o', 'csv'], {
      env: home.env,
    });
    expect(exact.stderr).toBe('');
    expect(exact.stdout).toBe('id,rate\n1234567890123456789,0.1000000000000000000001\n');

    const echo = await runOkapi(['get', `${api.url}/anything`, '-o', 'json'], { env: home.env });
    expect(JSON.parse(echo.stdout).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await runOkapi(['get', `${api.url}/anything`, '-o', 'json', '-H', 'X-Request-Id: mine'], { env: home.env });
    expect(JSON.parse(kept.stdout).headers['x-request-id']).toBe('mine');
  });
});

describe('plugins in the request pipeline', () => {
  const seeAuth = (needsSecrets: boolean) =>
    `{ manifest: ${JSON.stringify(spyManifest('seer', ['request-middleware'], { needs_auth_secrets: needsSecrets }))},
       hooks: { 'request-middleware': (input) => ({ headers: { 'X-Seen-Authorization': input.request.headers.Authorization?.[0] ?? input.request.headers.authorization?.[0] ?? 'none', 'X-Seen-Body': input.request.body ? 'yes' : 'no' } }) } }`;

  it('redacts credential headers for plugins that do not need secrets', async () => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'seer', seeAuth(false));
    const result = await runOkapi(['get', `${api.url}/anything`, '-H', 'Authorization: Bearer s3cr3t-value', '-o', 'json'], { env: home.env });
    const echo = JSON.parse(result.stdout);
    expect(echo.headers['x-seen-authorization']).toBe('<redacted>');
    expect(echo.headers.authorization).toBe('Bearer s3cr3t-value');
    expect(result.stderr).not.toContain('s3cr3t');
  });

  it('forwards credential headers to plugins that declare needs_auth_secrets', async () => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'seer', seeAuth(true));
    const result = await runOkapi(['get', `${api.url}/anything`, '-H', 'Authorization: Bearer s3cr3t-value', '-o', 'json'], { env: home.env });
    expect(JSON.parse(result.stdout).headers['x-seen-authorization']).toBe('Bearer s3cr3t-value');
  });

  it('lets a response-middleware plugin replace the response', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'rewriter',
      `{ manifest: ${JSON.stringify(spyManifest('rewriter', ['response-middleware']))},
         hooks: { 'response-middleware': (input) => ({ response: { status: 299, body: new TextEncoder().encode(JSON.stringify({ was: input.response.status })) } }) } }`,
      'json',
    );
    const result = await runOkapi(['get', `${api.url}/status/404`, '-o', 'json'], { env: home.env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ was: 404 });
  });

  it('fails cleanly, with nothing on stdout, when a middleware plugin crashes', async () => {
    const home = freshHome();
    writeScriptPlugin(home.plugins, 'crasher', spyManifest('crasher', ['request-middleware']), `await readLine(); process.stderr.write('segfault-ish\\n'); process.exit(9);`);
    const result = await runOkapi(['get', `${api.url}/anything`, '-o', 'json'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('plugin crasher: exited with code 9');
    expect(result.stderr).toContain('segfault-ish');
  });

  it('shows plugin stderr with -v', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'chatty',
      `{ manifest: ${JSON.stringify(spyManifest('chatty', ['request-middleware']))}, hooks: { 'request-middleware': () => { process.stderr.write('chatty says hi\\n'); return {}; } } }`,
    );
    const quiet = await runOkapi(['get', `${api.url}/anything`, '-o', 'json'], { env: home.env });
    expect(quiet.stderr).toBe('');
    const loud = await runOkapi(['get', `${api.url}/anything`, '-o', 'json', '-v'], { env: home.env });
    expect(loud.stderr).toContain('[chatty] chatty says hi');
  });

  it('skips a plugin disabled in config', async () => {
    const home = freshHome();
    writeScriptPlugin(home.plugins, 'crasher', spyManifest('crasher', ['request-middleware']), `process.exit(9);`);
    writeFileSync(home.config, JSON.stringify({ plugins: { crasher: { enabled: false } } }));
    const result = await runOkapi(['get', `${api.url}/anything`, '-o', 'json'], { env: home.env });
    expect(result.code).toBe(0);
  });

  it('rejects an unknown output format with exit 2, listing the known ones', async () => {
    const result = await runOkapi(['get', `${api.url}/anything`, '-o', 'nope'], { env: freshHome().env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('-o nope');
    expect(result.stderr).toContain('json');
  });
});

describe('plugin list', () => {
  it('shows built-ins, external plugins and why one was refused', async () => {
    const home = freshHome();
    writeScriptPlugin(home.plugins, 'old', { name: 'old', okapi_api_version: 1 });
    writeScriptPlugin(home.plugins, 'future', { name: 'future', okapi_api_version: 2, required_features: ['warp.drive'] });
    writeFileSync(join(home.plugins, 'okapi-notexec'), '#!/bin/sh\n');
    const result = await runOkapi(['plugin', 'list'], { env: home.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/json\s+\d+\.\d+\.\d+\s+formatter\s+builtin:json\s+active/);
    expect(result.stdout).toContain('refused: built for plugin protocol generation 1');
    expect(result.stdout).toContain('rebuild');
    expect(result.stdout).toContain('"warp.drive"');
    expect(result.stdout).toContain('not executable');
    const json = JSON.parse((await runOkapi(['plugin', 'list', '--json'], { env: home.env })).stdout);
    expect(json.find((p: { name: string }) => p.name === 'old').refused).toContain('rebuild');
  });
});

describe('commands printing data through -o and -f', () => {
  it('prints the plugins through -o and -f, as a request body prints', async () => {
    const home = freshHome();
    writeScriptPlugin(home.plugins, 'old', { name: 'old', okapi_api_version: 1 });
    const json = await runOkapi(['plugin', 'list', '-o', 'json'], { env: home.env });
    expect(json.code).toBe(0);
    const plugins = JSON.parse(json.stdout) as { name: string; hooks: string[]; path: string; builtin: boolean; enabled: boolean; refused?: string }[];
    expect(plugins.find((p) => p.name === 'json')).toMatchObject({ hooks: ['formatter'], path: 'builtin:json', builtin: true, enabled: true });
    expect(plugins.find((p) => p.name === 'old')?.refused).toContain('rebuild');

    const yaml = await runOkapi(['plugin', 'list', '-o', 'yaml'], { env: home.env });
    expect(yaml.code).toBe(0);
    expect(parseYaml(yaml.stdout)).toEqual(plugins);

    const refused = await runOkapi(['plugin', 'list', '-f', '[refused != null].name', '-o', 'json'], { env: home.env });
    expect(JSON.parse(refused.stdout)).toEqual(['old']);
    const names = await runOkapi(['plugin', 'list', '-f', '.[] | select(.builtin | not) | .name', '-o', 'raw'], { env: home.env });
    expect(names.stdout).toBe('old\n');
  });

  it('serves ctx.output to an external command over the wire', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'data',
      `{ manifest: { name: 'data', okapi_api_version: 2, hooks: ['command'] },
         commands: [{ name: 'data', short: 'Prints data' }],
         hooks: { async command(init, ctx) { await ctx.output(init.args[0] === 'none' ? undefined : { id: 7, tags: ['a', 'b'] }, { format: 'json' }); ctx.stdout('after\\n'); return 0; } } }`,
    );
    const own = await runOkapi(['data'], { env: home.env });
    expect(own.code).toBe(0);
    expect(own.stdout).toBe('{\n  "id": 7,\n  "tags": [\n    "a",\n    "b"\n  ]\n}\nafter\n');
    const filtered = await runOkapi(['data', '-f', 'tags[1]', '-o', 'yaml'], { env: home.env });
    expect(filtered.stdout).toBe('b\nafter\n');
    // No value is nothing to show, in any format; a formatter given undefined refuses it as CBOR's.
    for (const format of ['auto', 'json', 'table']) {
      expect(await runOkapi(['data', 'none', '-o', format], { env: home.env })).toMatchObject({ code: 0, stdout: 'after\n', stderr: '' });
    }
  });

  it('fails on a bad -o or -f with exit 2 and nothing on stdout', async () => {
    const home = freshHome();
    const format = await runOkapi(['plugin', 'list', '-o', 'nope'], { env: home.env });
    expect(format.code).toBe(2);
    expect(format.stdout).toBe('');
    expect(format.stderr).toContain('-o nope is not an output format okapi knows');
    const filter = await runOkapi(['plugin', 'list', '-f', 'name[> 1]'], { env: home.env });
    expect(filter.code).toBe(2);
    expect(filter.stdout).toBe('');
    expect(filter.stderr).toContain('at position');
  });
});

describe('durations longer than okapi can wait', () => {
  it('refuses a plugin whose hook_timeouts holds one, naming the longest', async () => {
    const home = freshHome();
    writeScriptPlugin(home.plugins, 'patient', { name: 'patient', okapi_api_version: 2, hooks: ['request-middleware'], hook_timeouts: { 'request-middleware': '1000h' } });
    const result = await runOkapi(['plugin', 'list'], { env: home.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('refused: ' + longerThanOkapiCanWait('"hook_timeouts.request-middleware" "1000h"'));
    const request = await runOkapi(['get', `${api.url}/anything`, '-o', 'json'], { env: home.env });
    expect(request.code).toBe(0);
    expect(request.stderr).not.toContain('TimeoutOverflowWarning');
  });

  it('answers a command asking for a longer request timeout with an error', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'patient',
      `{ manifest: { name: 'patient', okapi_api_version: 2, hooks: ['command'] },
         commands: [{ name: 'patient', short: 'Waits a long time' }],
         hooks: { async command(init, ctx) {
           try { await ctx.httpRequest({ method: 'GET', url: init.args[0], timeout_ms: 1e12 }); return 0; }
           catch (error) { ctx.stderr(error.message + '\\n'); return 3; } } } }`,
    );
    const result = await runOkapi(['patient', `${api.url}/anything`], { env: home.env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(longerThanOkapiCanWait('timeout_ms 1000000000000'));
  });
});

describe('command plugins', () => {
  const commandPlugin = `{
    manifest: { name: 'hello', okapi_api_version: 2, hooks: ['command'] },
    commands: [
      { name: 'hello', short: 'Say hello', long: 'Usage: okapi hello [name]' },
      { name: 'fetch', short: 'Fetch through okapi' },
      { name: 'cat', short: 'Echo stdin', passthrough_stdio: true },
      { name: 'config', short: 'Tries to shadow a built-in' },
    ],
    hooks: {
      async command(init, ctx) {
        if (init.command === 'hello') { ctx.stdout('hello ' + (init.args.join(' ') || 'world') + '\\n'); ctx.stderr('to stderr\\n'); return 7; }
        if (init.command === 'fetch') {
          const response = await ctx.httpRequest({ method: 'GET', url: init.args[0] });
          const apis = await ctx.listApis();
          ctx.stdout(JSON.stringify({ status: response.status, echo: JSON.parse(new TextDecoder().decode(response.body)), apis }) + '\\n');
          return 0;
        }
        if (init.command === 'cat') { let n = 0; for await (const chunk of ctx.stdin) { n += chunk.length; ctx.stdout(chunk); } ctx.stderr('bytes=' + n + '\\n'); return 0; }
        return 1;
      },
    },
  }`;

  it('adds declared commands with help, runs them, and exits with their code', async () => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'hello', commandPlugin);
    const help = await runOkapi(['--help'], { env: home.env });
    expect(help.stdout).toMatch(/hello\s+Say hello \(plugin hello\)/);
    expect(help.stdout).toContain('declares the command "config", which is built into okapi; it was not added');
    const commandHelp = await runOkapi(['hello', '--help'], { env: home.env });
    expect(commandHelp.stdout).toContain('Usage: okapi hello [name]');
    const run = await runOkapi(['hello', 'okapi', '0123'], { env: home.env });
    expect(run.code).toBe(7);
    expect(run.stdout).toBe('hello okapi 0123\n');
    expect(run.stderr).toBe('to stderr\n');
    // The built-in config command was not shadowed.
    expect((await runOkapi(['config', 'path'], { env: home.env })).stdout).toBe(`${home.config}\n`);
  });

  it('answers http-request through the full pipeline, and list-apis', async () => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'hello', commandPlugin, 'json');
    writeFileSync(home.config, JSON.stringify({ apis: { demo: { base_url: api.url, profiles: { default: {} } } } }));
    const result = await runOkapi(['fetch', `${api.url}/anything`, '-H', 'X-From-Host: yes'], { env: home.env });
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout);
    expect(out.status).toBe(200);
    expect(out.echo.headers['x-from-host']).toBe('yes');
    expect(out.echo.headers['user-agent']).toMatch(/^okapi\//);
    expect(out.apis).toEqual([{ name: 'demo', base_url: api.url, profiles: ['default'] }]);
  });

  it('applies an address_policy sent over the wire to the request, and refuses a malformed one as a protocol violation', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'guarded',
      `{
        manifest: { name: 'guarded', okapi_api_version: 2, hooks: ['command'] },
        commands: [{ name: 'guarded', short: 'Fetch under an address policy' }],
        hooks: {
          async command(init, ctx) {
            const response = await ctx.httpRequest({ method: 'GET', url: init.args[0], address_policy: JSON.parse(init.args[1]) });
            ctx.stdout(String(response.status) + '\\n');
            return 0;
          },
        },
      }`,
    );
    const target = `${api.url}/anything`;
    const local = await runOkapi(['guarded', target, JSON.stringify({ trusted_urls: [api.url] })], { env: home.env });
    expect(local.stdout, local.stderr).toBe('200\n');
    const fromPublic = await runOkapi(['guarded', target, JSON.stringify({ trusted_urls: ['https://api.example.com/'], allow_cross_origin: true })], { env: home.env });
    expect(fromPublic.code).toBe(1);
    expect(fromPublic.stderr).toContain(`refusing to fetch ${target}: 127.0.0.1 is a loopback address, and https://api.example.com is public`);
    const malformed = await runOkapi(['guarded', target, JSON.stringify({ trusted_urls: ['file:///etc/passwd'] })], { env: home.env });
    expect(malformed.code).toBe(1);
    expect(malformed.stdout).toBe('');
    expect(malformed.stderr).toContain(
      'okapi: plugin guarded: sent a "http-request" message with address_policy.trusted_urls: a list, which is not a list of one or more http or https URLs',
    );
  });

  it('forwards stdin to commands that declare passthrough_stdio', async () => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'hello', commandPlugin);
    const result = await runOkapi(['cat'], { env: home.env, stdin: 'piped text\n' });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('piped text\n');
    expect(result.stderr).toBe('bytes=11\n');
  });

  it('runs the plain Python example plugin', async () => {
    let python = true;
    try {
      execFileSync('python3', ['--version']);
    } catch {
      python = false;
    }
    if (!python) {
      console.warn('skipped: python3 is not installed');
      return;
    }
    const result = await runOkapi(['ping', `${api.url}/anything`, '2'], {
      env: { ...freshHome().env, OKAPI_PLUGIN_PATH: join(repo, 'examples/script-plugin') },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
    expect(result.stdout).toMatch(/^200 http:\/\/127\.0\.0\.1:\d+\/anything \d+ bytes [\d.]+ ms$/m);
  });
});
