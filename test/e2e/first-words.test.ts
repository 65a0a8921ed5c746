/**
 * What the first words of argv mean (issue #11, items 4, 5 and 10): paths on the -s server, words
 * okapi does not know refused without any network, `okapi help`, a repeated -f, a -p that cannot
 * apply. The built CLI, against the example API and a recording proxy.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi, type OkapiResult } from '../helpers/run-okapi.js';
import { startTinyProxy, type TinyProxy } from '../helpers/tiny-proxy.js';
import { writeSdkPlugin } from '../helpers/plugin-files.js';

let api: ExampleApi;
let proxy: TinyProxy;
beforeAll(async () => {
  api = await startExampleApi();
  // Every request okapi makes, to any host, goes through this proxy to the example API.
  proxy = await startTinyProxy(api.url);
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

/** okapi with both proxies set, so any attempt to reach a host shows up in `proxy` or `api`. */
function okapiThroughProxy(args: string[], env: NodeJS.ProcessEnv = freshHome().env): Promise<OkapiResult> {
  return runOkapi(args, { env: { ...env, HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url } });
}

function networkSeen(): number {
  return proxy.requests.length + proxy.connects.length + api.requests.length;
}

describe('-s and a target that is a path', () => {
  it('sends the whole path to the -s server, after the server path', async () => {
    const { env } = freshHome();
    const plain = await runOkapi(['-s', api.url, '/anything/status/404?x=1', '-o', 'json'], { env });
    expect(plain.stderr).toBe('');
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout).path).toBe('/anything/status/404');
    expect(JSON.parse(plain.stdout).query).toEqual({ x: '1' });

    const prefixed = await runOkapi(['-s', `${api.url}/anything`, '/status/404', '-o', 'json'], { env });
    expect(prefixed.code).toBe(0);
    expect(JSON.parse(prefixed.stdout).path).toBe('/anything/status/404');

    const status = await runOkapi(['-s', api.url, '/status/404'], { env });
    expect(status.code).toBe(4);
  });

  it("resolves a command plugin's path on its API's base_url, the profile's first", async () => {
    const home = freshHome();
    writeFileSync(
      home.config,
      JSON.stringify({ apis: { example: { base_url: `${api.url}/anything/base`, profiles: { staging: { base_url: `${api.url}/anything/staging` } } } } }),
    );
    writeSdkPlugin(
      home.plugins,
      'fetch',
      `{
        manifest: { name: 'fetch', okapi_api_version: 2, hooks: ['command'] },
        commands: [{ name: 'fetch', short: 'GET a path of an API' }],
        hooks: {
          async command(init, ctx) {
            const response = await ctx.httpRequest({ method: 'GET', url: init.args[1], api: init.args[0] });
            ctx.stdout(new TextDecoder().decode(response.body));
            return 0;
          },
        },
      }`,
    );
    const base = await runOkapi(['fetch', 'example', '/status/404'], { env: home.env });
    expect(base.stderr).toBe('');
    expect(JSON.parse(base.stdout).path).toBe('/anything/base/status/404');
    const staging = await runOkapi(['-p', 'staging', 'fetch', 'example', '/status/404'], { env: home.env });
    expect(JSON.parse(staging.stdout).path).toBe('/anything/staging/status/404');
  });

  it('refuses a path without -s, saying to add one, before any network', async () => {
    const before = networkSeen();
    const result = await okapiThroughProxy(['/status/404']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('"/status/404" is a path with no host to send it to');
    expect(result.stderr).toContain('-s');
    expect(networkSeen()).toBe(before);
  });
});

describe('words okapi does not know', () => {
  it('goes through the proxy for a real URL (the control for the tests below)', async () => {
    const before = networkSeen();
    const result = await okapiThroughProxy(['http://made-up.okapi.test/anything', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(networkSeen()).toBeGreaterThan(before);
  });

  it.each([
    [['help', 'me'], undefined],
    [['version'], '--version'],
    [['plugins'], 'plugin'],
    [['confg', 'path'], 'config'],
    [['cnofig'], 'config'],
    [['gte', 'made-up.okapi.test/anything'], 'get'],
  ])('refuses %j with exit 2 and no network, suggesting %s', async (args, suggestion) => {
    const before = networkSeen();
    const result = await okapiThroughProxy(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const word = args[0] === 'help' ? args[1] : args[0];
    expect(result.stderr).toContain(`"${word}" is not an okapi command, a registered API or a URL`);
    if (suggestion) {
      expect(result.stderr).toContain(`did you mean '${suggestion}'?`);
    } else {
      expect(result.stderr).not.toContain('did you mean');
      expect(result.stderr).toContain("okapi's commands: api, cache, completion, config, doctor, help, plugin");
    }
    expect(result.stderr).toContain(`write its URL: https://${word}/`);
    expect(networkSeen()).toBe(before);
  });

  it('suggests registered APIs and plugin commands, and lets a registered API through', async () => {
    const home = freshHome();
    writeFileSync(home.config, JSON.stringify({ apis: { example: { base_url: api.url } } }));
    writeSdkPlugin(home.plugins, 'greet', `{ manifest: { name: 'greet', okapi_api_version: 2, hooks: ['command'] }, commands: [{ name: 'greet', short: 'Say hello' }], hooks: { command: async () => 0 } }`);
    const before = networkSeen();
    const typoApi = await okapiThroughProxy(['exmaple/anything'], home.env);
    expect(typoApi.code).toBe(2);
    expect(typoApi.stderr).toContain('"exmaple" (in "exmaple/anything") is not a registered API');
    expect(typoApi.stderr).toContain("did you mean 'example'?");
    expect(typoApi.stderr).toContain('write its URL: https://exmaple/anything');
    const typoCommand = await okapiThroughProxy(['greeet'], home.env);
    expect(typoCommand.code).toBe(2);
    expect(typoCommand.stderr).toContain("did you mean 'greet'?");
    expect(networkSeen()).toBe(before);

    const real = await runOkapi(['example/anything', '-o', 'json'], { env: home.env });
    expect(real.code).toBe(0);
    expect(JSON.parse(real.stdout).path).toBe('/anything');
  });

  it('names a path on the -s server when -s is given', async () => {
    const before = networkSeen();
    const result = await okapiThroughProxy(['-s', api.url, 'items']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('write it as a path: /items');
    expect(networkSeen()).toBe(before);
  });

  it('still takes localhost, host:port and IP addresses as hosts', async () => {
    const { env } = freshHome();
    for (const target of [`localhost:${api.port}/anything`, `127.0.0.1:${api.port}/anything`, `:${api.port}/anything`]) {
      const result = await runOkapi([target, '-o', 'json'], { env });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).path).toBe('/anything');
    }
  });
});

describe('okapi and okapi help', () => {
  it('prints the short help on stderr and exits 2 when given nothing', async () => {
    const { env } = freshHome();
    const help = await runOkapi(['--help'], { env });
    const nothing = await runOkapi([], { env });
    expect(nothing.code).toBe(2);
    expect(nothing.stdout).toBe('');
    expect(nothing.stderr).toBe(help.stdout);
  });

  it('okapi help is okapi --help, and okapi help <command> is okapi <command> --help', async () => {
    const { env } = freshHome();
    const root = await runOkapi(['--help'], { env });
    const help = await runOkapi(['help'], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(root.stdout);
    // Twice: the second one is answered from the help cache, and must say the same.
    expect((await runOkapi(['help'], { env })).stdout).toBe(root.stdout);

    const config = await runOkapi(['config', '--help'], { env });
    const helpConfig = await runOkapi(['help', 'config'], { env });
    expect(helpConfig.code).toBe(0);
    expect(helpConfig.stdout).toBe(config.stdout);
    expect(helpConfig.stdout).toContain('okapi config:');
  });

  it('okapi help <unknown> is a usage error with the nearest command', async () => {
    const result = await runOkapi(['help', 'confg'], { env: freshHome().env });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`did you mean 'config'?`);
  });
});

describe('flags that cannot apply', () => {
  it('refuses -f given twice, naming both, before any network', async () => {
    const before = networkSeen();
    const result = await okapiThroughProxy(['-f', 'body.a', 'http://made-up.okapi.test/anything', '--okapi-filter', 'body.b']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('-f "body.a" and --okapi-filter "body.b" were both given; okapi takes one expression');
    expect(networkSeen()).toBe(before);
  });

  it('warns that -p applies only to registered APIs, naming the host, and sends the request', async () => {
    const home = freshHome();
    writeFileSync(home.config, JSON.stringify({ apis: { example: { base_url: api.url, profiles: { staging: {} } } } }));
    const plain = await runOkapi(['-p', 'staging', `${api.url}/anything`, '-o', 'json'], { env: home.env });
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout).path).toBe('/anything');
    const host = new URL(api.url).host;
    expect(plain.stderr).toBe(`okapi: warning: -p staging applies only to registered APIs (okapi <api>/<path>); ${host} is not one, so no profile was used\n`);

    const viaApi = await runOkapi(['-p', 'staging', 'example/anything', '-o', 'json'], { env: home.env });
    expect(viaApi.code).toBe(0);
    expect(viaApi.stderr).toBe('');
  });
});
