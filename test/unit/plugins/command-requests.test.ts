/**
 * A command's request reaches the host's request service on two paths: in-process, where the
 * compiler has checked its fields' types, and over the wire, where the protocol check has
 * (test/e2e/hostile-plugins for the malformed ones). Either way the request service applies what
 * the fields mean: the address policy, the headers a command deletes, a timeout okapi cannot wait.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../../fixtures/example-api/index.mjs';
import { scanArgv } from '../../../kernel/cli/argv.js';
import { commandHost } from '../../../kernel/commands/command-host.js';
import { Invocation, type Streams } from '../../../kernel/invocation.js';
import { InProcessRuntime } from '../../../kernel/plugins/in-process-runtime.js';
import { SubprocessRuntime } from '../../../kernel/plugins/subprocess-runtime.js';
import type { CommandInit, HttpRequest, PluginDefinition, PluginManifest } from '../../../sdk/types.js';
import { Capture } from '../../helpers/capture-stream.js';
import { testTokenStore } from '../../helpers/host-services.js';
import { writeScriptPlugin } from '../../helpers/plugin-files.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { longerThanOkapiCanWait } from '../../../kernel/plugins/duration.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

const MANIFEST: PluginManifest = { name: 'asker', okapi_api_version: 2, hooks: ['command'] };
const INIT: CommandInit = { command: 'ask', args: [], tty: { stdin: false, stdout: false, stderr: false }, width: 80 };

function invocation(): Invocation {
  const home = tempDir('okapi-command-requests-');
  const io = { stdout: new Capture(), stderr: new Capture(), stdin: process.stdin } as unknown as Streams;
  const argv = scanArgv(['--okapi-config', join(home, 'config.json')]);
  return new Invocation(argv, { HOME: home, PATH: process.env.PATH }, io);
}

/** Runs an in-process command that makes `request` and writes the echoed headers, or the error, to stdout. */
async function inProcess(request: HttpRequest): Promise<{ code: number; stdout: string }> {
  const inv = invocation();
  const definition: PluginDefinition = {
    manifest: MANIFEST,
    commands: [{ name: 'ask', short: 'asks the host' }],
    hooks: {
      async command(_init, ctx) {
        try {
          const response = await ctx.httpRequest(request);
          ctx.stdout(JSON.stringify(JSON.parse(new TextDecoder().decode(response.body)).headers));
          return 0;
        } catch (error) {
          ctx.stdout(error instanceof Error ? error.message : String(error));
          return 1;
        }
      },
    },
  };
  const runtime = new InProcessRuntime('asker', async () => definition, inv.pluginLogger, testTokenStore());
  const code = await runtime.command(INIT, commandHost(inv, await inv.registry()));
  return { code, stdout: (inv.io.stdout as unknown as Capture).text };
}

describe('a command request in-process', () => {
  it('is held to its address policy', async () => {
    const url = `${api.url}/anything`;
    const trusted = await inProcess({ method: 'GET', url, address_policy: { trusted_urls: [api.url] } });
    expect(trusted.code, trusted.stdout).toBe(0);
    const publicOnly = { trusted_urls: ['https://api.example.com/'] };
    const elsewhere = await inProcess({ method: 'GET', url, address_policy: publicOnly });
    expect(elsewhere).toEqual({
      code: 1,
      stdout: `refusing to fetch ${url}: 127.0.0.1 is a loopback address, and https://api.example.com is public`,
    });
  });

  it('sets, replaces and deletes headers', async () => {
    const headers = { 'X-One': '1', 'X-Two': ['2a', '2b'], 'User-Agent': null };
    const result = await inProcess({ method: 'GET', url: `${api.url}/anything`, headers });
    expect(result.code, result.stdout).toBe(0);
    const echoed = JSON.parse(result.stdout);
    expect(echoed['x-one']).toBe('1');
    expect(echoed['x-two']).toBe('2a, 2b');
    expect(echoed['user-agent']).toBeUndefined();
  });

  it('is refused a timeout longer than okapi can wait', async () => {
    const result = await inProcess({ method: 'GET', url: `${api.url}/anything`, timeout_ms: 1e12 });
    expect(result).toEqual({
      code: 1,
      stdout: longerThanOkapiCanWait('timeout_ms 1000000000000'),
    });
  });
});

describe('a command request over the wire', () => {
  it('is a protocol violation naming the field when a field is malformed', async () => {
    const inv = invocation();
    const dir = tempDir('okapi-command-requests-bin-');
    const url = `${api.url}/anything`;
    const request = { type: 'http-request', id: 1, method: 'GET', url, address_policy: { trusted_urls: 'x' } };
    const session = `await readLine();\nsend(${JSON.stringify(request)});\nawait readLine();`;
    const path = writeScriptPlugin(dir, 'asker', MANIFEST, session);
    const runtime = new SubprocessRuntime({ name: 'asker', path, encoding: 'json' }, MANIFEST, {
      logger: inv.pluginLogger,
      tokens: testTokenStore(),
      commands: [{ name: 'ask', short: 'asks the host' }],
    });
    await expect(runtime.command(INIT, commandHost(inv, await inv.registry()))).rejects.toThrow(
      'plugin asker: sent a "http-request" message with address_policy.trusted_urls: "x", ' +
        'which is not a list of one or more http or https URLs',
    );
  });
});
