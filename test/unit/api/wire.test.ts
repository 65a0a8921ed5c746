/**
 * The command-session extensions on the wire: `load-document` → `document`, `http-request` with
 * `timeout_ms` / `max_body_size` and the answer's `url`, and `CommandInit.cache_dir` /
 * `output_format`. The built-in `api` command also runs as an external executable (both encodings)
 * and gives what it gives in-process.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandContext, CommandInit, HttpRequest, LoadDocumentRequest, PluginDefinition } from '../../../sdk/types.js';
import { InProcessRuntime } from '../../../kernel/plugins/in-process-runtime.js';
import { SubprocessRuntime } from '../../../kernel/plugins/subprocess-runtime.js';
import type { PluginRuntime } from '../../../kernel/plugins/runtime.js';
import openapi from '../../../plugins-builtin/openapi/index.js';
import { writeSdkPlugin } from '../../helpers/plugin-files.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { hostServices, testTokenStore } from '../../helpers/host-services.js';

const silent = () => () => undefined;
const dist = resolve(import.meta.dirname, '../../../dist/plugins');

function host(requests: HttpRequest[] = [], loads: LoadDocumentRequest[] = [], paths?: { config_path: string; cache_dir: string }): CommandContext & { out: string; err: string } {
  const h = {
    out: '',
    err: '',
    log: () => undefined,
    stdout: (d: Uint8Array | string) => void (h.out += typeof d === 'string' ? d : Buffer.from(d).toString('utf8')),
    stderr: (d: Uint8Array | string) => void (h.err += typeof d === 'string' ? d : Buffer.from(d).toString('utf8')),
    httpRequest: async (request: HttpRequest) => {
      requests.push(request);
      return { status: 200, headers: { 'content-type': ['application/json'] }, body: Buffer.from('{}'), url: `${request.url}?followed` };
    },
    listApis: async () => [],
    listPlugins: async () => [],
    prompt: async () => '',
    loadDocument: async (request: LoadDocumentRequest) => {
      loads.push(request);
      const output = await openapi.hooks.loader!({ hook: 'loader', protocol_version: 2, features: [], ...request });
      return output.document;
    },
    stdin: (async function* () {})(),
    ...hostServices(paths),
  };
  return h;
}

const init = (args: string[], more: Partial<CommandInit> = {}): CommandInit => ({
  command: 'api',
  args,
  tty: { stdin: false, stdout: false, stderr: false },
  width: 80,
  ...more,
});

describe('command-session extensions on the wire', () => {
  for (const encoding of ['cbor', 'json'] as const) {
    it(`load-document, http-request limits and init fields (${encoding})`, async () => {
      const dir = tempDir('okapi-wire-');
      const path = writeSdkPlugin(
        dir,
        'probe',
        `{
          manifest: { name: 'probe', okapi_api_version: 2, hooks: ['command'] },
          commands: [{ name: 'probe' }],
          hooks: {
            async command(init, ctx) {
              const document = await ctx.loadDocument({ body: new TextEncoder().encode('openapi: 3.1.0\\npaths: {}\\n'), content_type: 'application/yaml', source_url: 'https://x.test/spec.yaml' });
              const response = await ctx.httpRequest({ method: 'GET', url: 'https://x.test/', timeout_ms: 1234, max_body_size: 5678 });
              ctx.stdout(JSON.stringify({ document, url: response.url, cache: init.cache_dir, format: init.output_format, profile: init.profile }));
              try { await ctx.loadDocument({ body: new TextEncoder().encode('{"nope": 1}'), source_url: 'https://x.test/bad' }); } catch (e) { ctx.stderr(e.message); }
              return 3;
            },
          },
        }`,
        encoding,
      );
      const requests: HttpRequest[] = [];
      const loads: LoadDocumentRequest[] = [];
      const h = host(requests, loads);
      const runtime = new SubprocessRuntime({ name: 'probe', path, encoding }, { name: 'probe', okapi_api_version: 2, hooks: ['command'] }, { logger: silent, tokens: testTokenStore(), commands: [{ name: 'probe' }] });
      const code = await runtime.command(init([], { command: 'probe', cache_dir: '/c', output_format: 'json', profile: 'staging' }), h);
      expect(code).toBe(3);
      expect(JSON.parse(h.out)).toEqual({ document: { openapi: '3.1.0', paths: {} }, url: 'https://x.test/?followed', cache: '/c', format: 'json', profile: 'staging' });
      expect(requests[0]).toMatchObject({ method: 'GET', url: 'https://x.test/', timeout_ms: 1234, max_body_size: 5678 });
      expect(loads[0]).toMatchObject({ content_type: 'application/yaml', source_url: 'https://x.test/spec.yaml' });
      expect(h.err).toContain('https://x.test/bad is not an OpenAPI document');
    });
  }
});

describe('the api command in-process and as an external executable', () => {
  async function runtimes(): Promise<[string, PluginRuntime][]> {
    const definition = (await import('../../../plugins-builtin/api/index.js')).default as PluginDefinition;
    const list: [string, PluginRuntime][] = [['in-process', new InProcessRuntime('api', async () => definition, silent, testTokenStore())]];
    for (const encoding of ['cbor', 'json'] as const) {
      const dir = tempDir('okapi-wire-api-');
      const built = join(dist, 'api.cjs');
      const path = writeSdkPlugin(dir, 'api', `(await import('node:module')).createRequire(import.meta.url)(${JSON.stringify(built)}).default`, encoding);
      list.push([encoding, new SubprocessRuntime({ name: 'api', path, encoding }, definition.manifest, { logger: silent, tokens: testTokenStore(), commands: definition.commands! })]);
    }
    return list;
  }

  it('connect --spec, list -o json and inspect agree', async () => {
    const spec = join(tempDir('okapi-wire-spec-'), 'spec.yaml');
    writeFileSync(spec, 'openapi: 3.0.3\ninfo: {title: W, version: "1"}\npaths:\n  /a:\n    get: {operationId: getA, responses: {"200": {description: ok}}}\n');
    const outcomes = new Map<string, unknown>();
    for (const [how, runtime] of await runtimes()) {
      const dir = tempDir('okapi-wire-home-');
      const paths = { config_path: join(dir, 'config.json'), cache_dir: join(dir, 'cache') };
      const h = host([], [], paths);
      const connected = await runtime.command(init(['connect', 'wire', 'http://127.0.0.1:9', '--spec', spec], paths), h);
      const listed = host([], [], paths);
      await runtime.command(init(['list'], { ...paths, output_format: 'json' }), listed);
      const config = JSON.parse(readFileSync(paths.config_path, 'utf8'));
      delete config.apis.wire.discovery.synced_at;
      const [header, text] = readFileSync(join(paths.cache_dir, 'apis/wire/help.index'), 'utf8').split('\n', 2);
      const help = { ...JSON.parse(header!), text };
      delete help.key.okapi_version; // the source says 0.0.0-dev, the build the package version
      outcomes.set(how, { connected, err: h.err, list: JSON.parse(listed.out), config, help });
    }
    expect(outcomes.get('cbor')).toEqual(outcomes.get('in-process'));
    expect(outcomes.get('json')).toEqual(outcomes.get('in-process'));
    expect(outcomes.get('in-process')).toMatchObject({ connected: 0, list: [{ name: 'wire', base_url: 'http://127.0.0.1:9', operations: 1, profiles: 1 }] });
  });
});
