/**
 * `-v` and `--okapi-print` against what the server actually received: the built CLI follows a
 * redirect chain (307 keeps the POST and its body, 302 turns it into a GET) on servers started
 * here, which record every request head as it arrived, end with a response carrying repeated
 * headers, and echo the request headers of the final hop. Each exchange is covered: Node's
 * HTTP/1.1 client (plain http), undici over TLS, undici over HTTP/2, and undici through a proxy.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_TLS_FILES } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi, type OkapiRunOptions } from '../helpers/run-okapi.js';
import { startTinyProxy, type TinyProxy } from '../helpers/tiny-proxy.js';

interface ReceivedHead {
  method: string;
  target: string;
  httpVersion: string;
  /** Name/value pairs in the order they arrived, names as spelled on the wire. */
  pairs: [string, string][];
}

interface ChainServer {
  url: string;
  received: ReceivedHead[];
  close(): Promise<void>;
}

type Kind = 'http' | 'https' | 'h2';

async function startChainServer(kind: Kind): Promise<ChainServer> {
  const received: ReceivedHead[] = [];
  const handler = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse): void => {
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) pairs.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
    received.push({ method: req.method ?? '', target: req.url ?? '', httpVersion: req.httpVersion, pairs });
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/start') {
        res.writeHead(307, { location: '/middle' });
        res.end('moved');
      } else if (path === '/loop-a' || path === '/loop-b') {
        res.writeHead(302, { location: path === '/loop-a' ? '/loop-b' : '/loop-a' });
        res.end();
      } else if (path === '/middle') {
        res.writeHead(302, { location: '/final' });
        res.end();
      } else {
        res.setHeader('content-type', 'application/json');
        res.setHeader('set-cookie', ['first=okapi-cookie-1; Path=/', 'second=okapi-cookie-2; Path=/']);
        res.setHeader('x-multi', ['one', 'two']);
        res.writeHead(200);
        res.end(JSON.stringify({ received: pairs }));
      }
    });
  };
  const tls = { key: readFileSync(EXAMPLE_TLS_FILES.key), cert: readFileSync(EXAMPLE_TLS_FILES.cert) };
  const server = kind === 'http' ? createHttpServer(handler) : kind === 'https' ? createHttpsServer(tls, handler) : createSecureServer(tls, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${kind === 'http' ? 'http' : 'https'}://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const servers = {} as Record<Kind, ChainServer>;
let proxy: TinyProxy;
beforeAll(async () => {
  [servers.http, servers.https, servers.h2, proxy] = await Promise.all([startChainServer('http'), startChainServer('https'), startChainServer('h2'), startTinyProxy()]);
});
afterAll(async () => {
  await Promise.all([...Object.values(servers).map((server) => server.close()), proxy?.close()]);
});

function okapi(args: string[], options: OkapiRunOptions = {}) {
  return runOkapi(args, { ...options, env: { ...freshHome().env, ...options.env } });
}

const CA = ['--okapi-ca-cert', EXAMPLE_TLS_FILES.ca];
const PASSWORD = 'okapi-userinfo-s3cret';
const QUERY_TOKEN = 'okapi-query-s3cret';
const COOKIE = 'okapi-request-cookie';

/** The transcript's blank-line-separated blocks, each as its lines. */
function blocks(transcript: string): string[][] {
  return transcript
    .split(/\n{2,}/)
    .map((block) => block.split('\n').filter((line) => line !== ''))
    .filter((lines) => lines.length > 0);
}

const isRequestBlock = (lines: string[]): boolean => /^[A-Z]+ \S+ HTTP\/[\d.]+$/.test(lines[0]!);
const isResponseBlock = (lines: string[]): boolean => /^HTTP\/[\d.]+ \d{3}/.test(lines[0]!);

/** What -v must show for a header it sent: the value, or for a credential its scheme and a mask. */
function shown(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization') return `${name}: ${value.split(' ')[0]} <redacted>`;
  if (lower === 'cookie') return `${name}: <redacted>`;
  return `${name}: ${value}`;
}

function chainArgs(server: ChainServer): string[] {
  const url = new URL(`${server.url}/start?token=${QUERY_TOKEN}`);
  url.username = 'okapi-user';
  url.password = PASSWORD;
  return ['post', url.href, 'name: okapi', '-H', `Cookie: session=${COOKIE}`, '-H', 'X-Twice: 1', '-H', 'X-Twice: 2', ...(server.url.startsWith('https') ? CA : [])];
}

function chainOf(server: ChainServer): ReceivedHead[] {
  return server.received.filter((head) => /^\/(start|middle|final)/.test(head.target)).slice(-3);
}

describe.each(['http', 'https'] as const)('-v over HTTP/1.1 (%s) shows the whole exchange as the server received it', (kind) => {
  it('every request head as sent, every redirect, the repeated response headers and the final URL', async () => {
    const server = servers[kind];
    const result = await okapi([...chainArgs(server), '-v']);
    expect(result.code).toBe(0);
    const chain = chainOf(server);
    expect(chain.map((head) => `${head.method} ${head.target.split('?')[0]}`)).toEqual(['POST /start', 'POST /middle', 'GET /final']);

    const shownBlocks = blocks(result.stderr);
    const requests = shownBlocks.filter(isRequestBlock);
    expect(requests).toHaveLength(3);
    requests.forEach((lines, hop) => {
      const head = chain[hop]!;
      expect(lines[0]).toBe(`${head.method} ${head.target.replace(QUERY_TOKEN, '***')} HTTP/1.1`);
      // Every header line, in order, is one the server received: nothing guessed, nothing left out.
      expect(lines.slice(1)).toEqual(head.pairs.map(([name, value]) => shown(name, value)));
    });

    // What okapi adds itself is there, and was really sent.
    const named = (head: ReceivedHead, name: string) => head.pairs.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);
    expect(named(chain[0]!, 'authorization')).toEqual([`Basic ${Buffer.from(`okapi-user:${PASSWORD}`).toString('base64')}`]);
    expect(named(chain[0]!, 'accept-encoding')).toHaveLength(1);
    expect(named(chain[0]!, 'host')).toEqual([new URL(server.url).host]);
    expect(named(chain[0]!, 'content-length')).toEqual([String(Buffer.byteLength('{"name":"okapi"}'))]);
    expect(named(chain[1]!, 'content-length')).toEqual(named(chain[0]!, 'content-length'));
    expect(named(chain[2]!, 'content-length')).toEqual([]);
    expect(named(chain[0]!, 'x-twice')).toEqual(['1', '2']);

    const responses = shownBlocks.filter(isResponseBlock);
    expect(responses.map((lines) => lines[0])).toEqual(['HTTP/1.1 307 Temporary Redirect', 'HTTP/1.1 302 Found', 'HTTP/1.1 200 OK']);
    expect(responses[0]).toContain('location: /middle');
    expect(responses[1]).toContain('location: /final');
    expect(responses[2]!.filter((line) => line.startsWith('set-cookie:'))).toEqual(['set-cookie: <redacted>', 'set-cookie: <redacted>']);
    expect(responses[2]!.filter((line) => line.startsWith('x-multi:'))).toEqual(['x-multi: one', 'x-multi: two']);
    expect(result.stderr).toContain(`Followed 2 redirects; final URL: ${server.url}/final`);

    for (const secret of [PASSWORD, QUERY_TOKEN, COOKIE, 'okapi-cookie-1', Buffer.from(`okapi-user:${PASSWORD}`).toString('base64')]) {
      expect(result.stderr).not.toContain(secret);
    }
    // The body on stdout is the final hop's echo: the heads above are what it received.
    expect((JSON.parse(result.stdout) as { received: [string, string][] }).received).toEqual(chain[2]!.pairs);
  });
});

describe('-v when the chain fails part-way', () => {
  it('shows the hops that were made, then the error', async () => {
    const server = servers.http;
    const result = await okapi([`${server.url}/loop-a`, '-v']);
    expect(result.code).toBe(1);
    const loop = server.received.filter((head) => head.target.startsWith('/loop-')).slice(-2);
    expect(loop.map((head) => head.target)).toEqual(['/loop-a', '/loop-b']);
    const shownBlocks = blocks(result.stderr);
    expect(shownBlocks.filter(isRequestBlock).map((lines) => lines.slice(1))).toEqual(loop.map((head) => head.pairs.map(([name, value]) => shown(name, value))));
    expect(shownBlocks.filter(isResponseBlock).map((lines) => lines.slice(0, 2))).toEqual([
      ['HTTP/1.1 302 Found', 'location: /loop-b'],
      ['HTTP/1.1 302 Found', 'location: /loop-a'],
    ]);
    expect(result.stderr.indexOf('okapi: redirect loop')).toBeGreaterThan(result.stderr.indexOf('location: /loop-a'));
  });
});

describe('-v over HTTP/2', () => {
  it('shows the header list sent on each stream, pseudo-headers included', async () => {
    const server = servers.h2;
    const result = await okapi([...chainArgs(server), '-v']);
    expect(result.code).toBe(0);
    const chain = chainOf(server);
    const requests = blocks(result.stderr).filter(isRequestBlock);
    expect(requests).toHaveLength(3);
    requests.forEach((lines, hop) => {
      const head = chain[hop]!;
      expect(head.httpVersion).toBe('2.0');
      expect(lines[0]).toBe(`${head.method} ${head.target.replace(QUERY_TOKEN, '***')} HTTP/2`);
      // HTTP/2 sends pseudo-headers first whatever their order in the list; the request line holds :method and :path.
      const sent = head.pairs.filter(([name]) => name !== ':method' && name !== ':path').map(([name, value]) => shown(name, value));
      expect([...lines.slice(1)].sort()).toEqual(sent.sort());
    });
    expect(requests[0]).toContain(`:authority: ${new URL(server.url).host}`);
    expect(requests[0]).toContain('content-length: 16');
    expect(requests[2]!.some((line) => line.startsWith('content-length'))).toBe(false);
    // Node's HTTP/2 client hands undici a repeated field joined (Set-Cookie alone stays a list).
    const [, , final] = blocks(result.stderr).filter(isResponseBlock);
    expect(final!.filter((line) => /^(set-cookie|x-multi):/.test(line))).toEqual(['set-cookie: <redacted>', 'set-cookie: <redacted>', 'x-multi: one, two']);
    expect(result.stderr).toContain(`Followed 2 redirects; final URL: ${server.url}/final`);
    expect(result.stderr).not.toContain(PASSWORD);
  });
});

describe('-v through a proxy', () => {
  it('shows the absolute-form target the proxy received', async () => {
    const server = servers.http;
    const result = await okapi(['get', `${server.url}/final?via=proxy`, '-v'], { env: { HTTP_PROXY: proxy.url } });
    expect(result.code).toBe(0);
    const sentToProxy = proxy.requests.at(-1)!;
    expect(sentToProxy.target).toBe(`${server.url}/final?via=proxy`);
    const [request] = blocks(result.stderr).filter(isRequestBlock);
    expect(request![0]).toBe(`GET ${sentToProxy.target} HTTP/1.1`);
    const shownNames = request!.slice(1).map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
    expect(shownNames.sort()).toEqual(Object.keys(sentToProxy.headers).sort());
  });
});

describe('--okapi-print follows the same rule', () => {
  it('H, B and h show every hop as sent, on stdout', async () => {
    const server = servers.http;
    const result = await okapi([...chainArgs(server), '--okapi-print', 'HBh']);
    expect(result.code).toBe(0);
    const chain = chainOf(server);
    const printed = blocks(result.stdout);
    const requests = printed.filter(isRequestBlock);
    expect(requests.map((lines) => lines.slice(1))).toEqual(chain.map((head) => head.pairs.map(([name, value]) => shown(name, value))));
    // The body went with the two POSTs, not with the GET the 302 asked for.
    expect(printed.filter((lines) => lines[0] === '{"name":"okapi"}')).toHaveLength(2);
    expect(printed.filter(isResponseBlock).map((lines) => lines[0])).toEqual(['HTTP/1.1 307 Temporary Redirect', 'HTTP/1.1 302 Found', 'HTTP/1.1 200 OK']);
    expect(result.stdout).not.toContain(PASSWORD);
  });
});

describe('repeated response headers keep every value', () => {
  it('--okapi-headers and -f headers: an array when repeated, a string otherwise', async () => {
    const url = `${servers.http.url}/final`;
    const shortcut = await okapi([url, '--okapi-headers']);
    expect(shortcut.code).toBe(0);
    const headers = JSON.parse(shortcut.stdout) as Record<string, unknown>;
    expect(headers['set-cookie']).toEqual(['first=okapi-cookie-1; Path=/', 'second=okapi-cookie-2; Path=/']);
    expect(headers['x-multi']).toEqual(['one', 'two']);
    expect(headers['content-type']).toBe('application/json');
    const filtered = JSON.parse((await okapi([url, '-f', 'headers'])).stdout) as Record<string, unknown>;
    // The same shape (Date may have moved on a second between the two requests).
    expect(Object.keys(filtered)).toEqual(Object.keys(headers));
    expect(filtered['set-cookie']).toEqual(headers['set-cookie']);
    const one = await okapi([url, '-f', 'headers.x-multi']);
    expect(JSON.parse(one.stdout)).toEqual(['one', 'two']);
    const jq = await okapi([url, '-f', '.headers["set-cookie"] | length']);
    expect(JSON.parse(jq.stdout)).toBe(2);
  });
});
