/**
 * How the host survives misbehaving plugins: real subprocesses that sleep past their deadline,
 * crash, print garbage, answer the wrong message type, or stop mid-message.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PluginManifest } from '../../../sdk/types.js';
import { SubprocessRuntime } from '../../../kernel/plugins/subprocess-runtime.js';
import { PluginRegistry } from '../../../kernel/plugins/registry.js';
import { writeScriptPlugin, writeSdkPlugin } from '../../helpers/plugin-files.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { testTokenStore } from '../../helpers/host-services.js';

const middleware: PluginManifest = { name: 'mw', okapi_api_version: 2, hooks: ['request-middleware'] };
const request = { request: { method: 'GET', url: 'http://127.0.0.1/', headers: {} } };
const silentLogger = () => () => undefined;

function runtimeFor(path: string, manifest: PluginManifest, encoding: 'cbor' | 'json' = 'json') {
  return new SubprocessRuntime({ name: manifest.name, path, encoding }, manifest, { logger: silentLogger, tokens: testTokenStore() });
}

function sessionDir(): string {
  return tempDir('okapi-session-');
}

describe('subprocess sessions', () => {
  it('answers a hook call through the SDK in both encodings', async () => {
    for (const encoding of ['cbor', 'json'] as const) {
      const path = writeSdkPlugin(
        sessionDir(),
        'mw',
        `{ manifest: ${JSON.stringify(middleware)}, hooks: { 'request-middleware': (input) => ({ headers: { 'X-Seen-Url': input.request.url, 'X-Protocol': String(input.protocol_version) } }) } }`,
        encoding,
      );
      const output = await runtimeFor(path, middleware, encoding).call('request-middleware', request);
      expect(output).toEqual({ headers: { 'X-Seen-Url': 'http://127.0.0.1/', 'X-Protocol': '2' } });
    }
  });

  it('stops a plugin that runs past its hook_timeouts deadline', async () => {
    const manifest = { ...middleware, hook_timeouts: { 'request-middleware': '300ms' } } as PluginManifest;
    const path = writeScriptPlugin(sessionDir(), 'mw', manifest, `await readLine(); setInterval(() => {}, 1000);`);
    await expect(runtimeFor(path, manifest).call('request-middleware', request)).rejects.toThrow(
      /did not finish the request-middleware hook within its 300ms deadline and was stopped/,
    );
  });

  it('kills a plugin that ignores SIGTERM past its deadline', async () => {
    const dir = sessionDir();
    const pidFile = join(dir, 'pid');
    // Long enough for Node to start on a loaded machine and write its pid.
    const manifest = { ...middleware, hook_timeouts: { 'request-middleware': '1500ms' } } as PluginManifest;
    const path = writeScriptPlugin(dir, 'mw', manifest, `(await import('node:fs')).writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); process.on('SIGTERM', () => {}); await readLine(); setInterval(() => {}, 1000);`);
    await expect(runtimeFor(path, manifest).call('request-middleware', request)).rejects.toThrow(/deadline/);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 1800));
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('reports a crash with the exit code and the plugin stderr', async () => {
    const path = writeScriptPlugin(sessionDir(), 'mw', middleware, `await readLine(); process.stderr.write('kaboom: database on fire\\n'); process.exit(3);`);
    const error = await runtimeFor(path, middleware).call('request-middleware', request).catch((e: Error) => e);
    expect(String(error)).toMatch(/plugin mw: exited with code 3 before sending a result/);
    expect(String(error)).toContain('kaboom: database on fire');
  });

  it('rejects garbage on the JSON channel', async () => {
    const path = writeScriptPlugin(sessionDir(), 'mw', middleware, `await readLine(); process.stdout.write('this is not json\\n'); setInterval(() => {}, 1000);`);
    await expect(runtimeFor(path, middleware).call('request-middleware', request)).rejects.toThrow(/sent a malformed message while okapi expected a result: not a JSON line/);
  });

  it('rejects garbage on the CBOR channel', async () => {
    const path = writeScriptPlugin(sessionDir(), 'mw', middleware, `process.stdin.once('data', () => { process.stdout.write(Buffer.from([0xff, 0xff, 0xff])); setInterval(() => {}, 1000); });`);
    await expect(runtimeFor(path, middleware, 'cbor').call('request-middleware', request)).rejects.toThrow(/malformed message/);
  });

  it('rejects a message without a type', async () => {
    const path = writeScriptPlugin(sessionDir(), 'mw', middleware, `await readLine(); send({ output: {} });`);
    await expect(runtimeFor(path, middleware).call('request-middleware', request)).rejects.toThrow(/no "type" string/);
  });

  it('rejects an answer of the wrong type', async () => {
    const path = writeScriptPlugin(sessionDir(), 'mw', middleware, `await readLine(); send({ type: 'item', value: 1 });`);
    await expect(runtimeFor(path, middleware).call('request-middleware', request)).rejects.toThrow(
      /answered with a "item" message where okapi expected a result/,
    );
  });

  it('reports a plugin that stops in the middle of a message', async () => {
    const path = writeScriptPlugin(sessionDir(), 'mw', middleware, `await readLine(); process.stdout.write('{"type":"res', () => process.exit(0));`);
    await expect(runtimeFor(path, middleware).call('request-middleware', request)).rejects.toThrow(/in the middle of a message/);
  });

  it('passes on an error the plugin reports', async () => {
    const path = writeScriptPlugin(sessionDir(), 'mw', middleware, `await readLine(); send({ type: 'error', message: 'token expired, run login' });`);
    await expect(runtimeFor(path, middleware).call('request-middleware', request)).rejects.toThrow(/plugin mw: token expired, run login/);
  });

  it('reports an executable that cannot start', async () => {
    await expect(runtimeFor('/nonexistent/okapi-mw', middleware).call('request-middleware', request)).rejects.toThrow(/could not be started/);
  });
});

describe('manifest cache', () => {
  async function load(dir: string) {
    return PluginRegistry.load({
      builtins: [],
      directories: [join(dir, 'plugins')],
      manifestCachePath: join(dir, 'plugin-manifests.json'),
      okapiVersion: 'test',
      disabled: new Set(),
      logger: silentLogger,
      tokens: testTokenStore(),
      subprocess: {},
    });
  }

  it('is reused when nothing changed and refreshed when the executable changes', async () => {
    const dir = sessionDir();
    const counter = join(dir, 'asked');
    const path = writeScriptPlugin(join(dir, 'plugins'), 'counted', { name: 'counted', version: '1.0.0', okapi_api_version: 2 });
    // Count manifest requests: the executable appends to a file each time it is asked.
    const original = readFileSync(path, 'utf8');
    const counting = (text: string) => text.replace('const manifest', `(await import('node:fs')).appendFileSync(${JSON.stringify(counter)}, 'x');\nconst manifest`);
    writeFileSync(path, counting(original));

    expect((await load(dir)).records[0]!.manifest?.version).toBe('1.0.0');
    expect((await load(dir)).records[0]!.manifest?.version).toBe('1.0.0');
    expect(readFileSync(counter, 'utf8')).toBe('x');

    writeFileSync(path, counting(original.replace('"1.0.0"', '"1.0.1"')));
    expect((await load(dir)).records[0]!.manifest?.version).toBe('1.0.1');
    expect(readFileSync(counter, 'utf8')).toBe('xx');
    expect(existsSync(join(dir, 'plugin-manifests.json'))).toBe(true);
  });
});
