/**
 * The request service of command plugins, over the wire: `ctx.requestAndPrint` prints and exits
 * exactly as `okapi get URL` does, and `ctx.request` streams a body too large to hold.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSdkPlugin } from '../helpers/plugin-files.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

const MIB = 1024 * 1024;
const BIG_BODY = 50 * MIB;
/** What the server sends of the big body before it waits for the plugin to say it has some. */
const SENT_BEFORE_RELEASE = 2 * MIB;

let server: Server;
let base: string;
/** Bytes of the big body written when the plugin asked for the rest. */
let sentWhenReleased: number | undefined;
let release: (() => void) | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    // No Date header: two runs a second apart print the same heads.
    res.sendDate = false;
    if (req.url === '/item') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 1, name: 'first', tags: ['a', 'b'] }));
    } else if (req.url === '/missing') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'no such item' }));
    } else if (req.url === '/release') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sent: sentWhenReleased }));
      release?.();
    } else if (req.url === '/big') {
      void sendBig(res);
    } else {
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** 50 MiB; after the first 2 MiB it waits until /release is asked, so the plugin must read before it ends. */
async function sendBig(res: import('node:http').ServerResponse): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(BIG_BODY) });
  const piece = Buffer.alloc(256 * 1024, 0x61);
  const released = new Promise<void>((resolve) => (release = resolve));
  for (let sent = 0; sent < BIG_BODY; sent += piece.length) {
    if (sent === SENT_BEFORE_RELEASE) {
      sentWhenReleased = sent;
      await released;
    }
    if (!res.write(piece)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}

const servicePlugin = `{
  manifest: { name: 'svc', okapi_api_version: 2, hooks: ['command'] },
  commands: [
    { name: 'show', short: 'Prints a response as okapi get does' },
    { name: 'count', short: 'Streams a response body and counts it' },
  ],
  hooks: {
    async command(init, ctx) {
      if (init.command === 'show') return ctx.requestAndPrint({ method: 'GET', url: init.args[0] });
      const response = await ctx.request({ method: 'GET', url: init.args[0] + '/big' });
      let total = 0;
      let released;
      for await (const chunk of response.body) {
        total += chunk.length;
        if (released === undefined && total >= ${MIB}) {
          const answer = await ctx.httpRequest({ method: 'GET', url: init.args[0] + '/release' });
          released = { readBefore: total, serverSentBefore: JSON.parse(new TextDecoder().decode(answer.body)).sent };
        }
      }
      ctx.stdout(JSON.stringify({ status: response.status, length: response.headers['content-length'], total, released }) + '\\n');
      return 0;
    },
  },
}`;

describe('ctx.requestAndPrint', () => {
  const cases: [string, (url: string) => string[]][] = [
    ['-o yaml', (url) => [`${url}/item`, '-o', 'yaml']],
    ['-f with -o json', (url) => [`${url}/item`, '-f', 'body.tags', '-o', 'json']],
    ['a 404 and its exit code', (url) => [`${url}/missing`, '-o', 'json']],
    ['--okapi-print hb and -v', (url) => [`${url}/missing`, '--okapi-print', 'hb', '-v']],
    ['--okapi-ignore-status-code', (url) => [`${url}/missing`, '--okapi-ignore-status-code']],
    ['an unknown -o', (url) => [`${url}/item`, '-o', 'nope']],
    ['a refused connection', () => ['http://127.0.0.1:1/x']],
  ];
  it.each(cases)('prints and exits as okapi get does: %s', async (_name, args) => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'svc', servicePlugin);
    const generic = await runOkapi(['get', ...args(base)], { env: home.env });
    const viaPlugin = await runOkapi(['show', ...args(base)], { env: home.env });
    expect(viaPlugin.stderr).toBe(generic.stderr);
    expect(viaPlugin.stdout).toBe(generic.stdout);
    expect(viaPlugin.code).toBe(generic.code);
  });

  it('exits 4 for a 404, as okapi get does', async () => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'svc', servicePlugin, 'json');
    const result = await runOkapi(['show', `${base}/missing`, '-f', 'body.error', '-o', 'raw'], { env: home.env });
    expect(result).toMatchObject({ code: 4, stdout: 'no such item\n', stderr: '' });
  });
});

describe('ctx.request', () => {
  it('streams a 50 MiB body to the command as it arrives', async () => {
    const home = freshHome();
    writeSdkPlugin(home.plugins, 'svc', servicePlugin);
    const result = await runOkapi(['count', base], { env: home.env, timeoutMs: 150_000 });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out).toMatchObject({ status: 200, length: [String(BIG_BODY)], total: BIG_BODY });
    // The command read its first mebibyte while the server had sent only the first part and was
    // waiting for it: the body reached the command before the response ended.
    expect(out.released.readBefore).toBeGreaterThanOrEqual(MIB);
    expect(out.released.serverSentBefore).toBe(SENT_BEFORE_RELEASE);
  }, 180_000);
});
