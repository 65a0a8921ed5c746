import { afterAll, describe, expect, it } from 'vitest';
import { closeTransport, send } from '../../../kernel/transport/index.js';
import { nextHop, RedirectChain, type HopRequest } from '../../../kernel/transport/redirects.js';
import { httpServer, stopAll, type Running } from './servers.js';

const MiB = 1024 * 1024;

afterAll(async () => {
  await closeTransport();
  await stopAll();
});

/** `/r/<status>?to=<url>` redirects; anything else answers 200 with the method. */
function redirector(): Promise<Running> {
  return httpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const match = /^\/r\/(\d{3})$/.exec(url.pathname);
    if (match) {
      res.writeHead(Number(match[1]), { Location: url.searchParams.get('to') ?? '/' });
      res.end('moved');
      return;
    }
    res.end(`final ${req.method}`);
  });
}

const secrets = {
  Authorization: ['Bearer top'],
  'Proxy-Authorization': ['Basic cHJveHk='],
  Cookie: ['session=1'],
  'X-Api-Key': ['k'],
  'X-Auth-Token': ['t'],
  'X-Client-Secret': ['s'],
  'X-Trace': ['keep-me'],
  'X-Team': ['origin-bound'],
};

describe('redirects against a real server', () => {
  it.each([301, 302, 303])('%i turns POST into a bodiless GET', async (status) => {
    const server = await redirector();
    const response = await send(
      { method: 'POST', url: `${server.origin}/r/${status}?to=/done`, headers: { 'Content-Type': ['application/json'] }, body: new TextEncoder().encode('{"a":1}') },
      { maxBodySize: MiB },
    );
    expect(Buffer.from(await response.bytes()).toString()).toBe('final GET');
    expect(server.received.map((r) => r.url)).toEqual([`/r/${status}?to=/done`, '/done']);
    expect(response.url).toBe(`${server.origin}/done`);
    const followed = server.received[1]!;
    expect(followed.method).toBe('GET');
    expect(followed.body.length).toBe(0);
    expect(followed.headers['content-type']).toBeUndefined();
    expect(followed.headers['content-length']).toBeUndefined();
  });

  it('303 turns PUT into GET too; 301 keeps GET as GET', async () => {
    const server = await redirector();
    const put = await send({ method: 'PUT', url: `${server.origin}/r/303?to=/a`, headers: {}, body: new Uint8Array([1, 2]) }, { maxBodySize: MiB });
    expect(Buffer.from(await put.bytes()).toString()).toBe('final GET');
    const get = await send({ method: 'GET', url: `${server.origin}/r/301?to=/b`, headers: {} }, { maxBodySize: MiB });
    expect(Buffer.from(await get.bytes()).toString()).toBe('final GET');
  });

  it.each([307, 308])('%i keeps the method and the body', async (status) => {
    const server = await redirector();
    const response = await send(
      { method: 'PATCH', url: `${server.origin}/r/${status}?to=/keep`, headers: { 'Content-Type': ['text/plain'] }, body: new TextEncoder().encode('payload') },
      { maxBodySize: MiB },
    );
    expect(Buffer.from(await response.bytes()).toString()).toBe('final PATCH');
    const followed = server.received[1]!;
    expect(followed.method).toBe('PATCH');
    expect(followed.body.toString()).toBe('payload');
    expect(followed.headers['content-type']).toBe('text/plain');
  });

  it('resolves a relative Location and follows a chain', async () => {
    const server = await redirector();
    const response = await send(
      { method: 'GET', url: `${server.origin}/r/302?to=${encodeURIComponent('307?to=../final')}`, headers: {} },
      { maxBodySize: MiB },
    );
    expect(response.status).toBe(200);
    expect(server.received.map((r) => r.url.split('?')[0])).toEqual(['/r/302', '/r/307', '/final']);
    expect(response.url).toBe(`${server.origin}/final`);
  });

  it('keeps credentials on a same-origin redirect', async () => {
    const server = await redirector();
    await (await send({ method: 'GET', url: `${server.origin}/r/302?to=/same`, headers: secrets }, { maxBodySize: MiB })).bytes();
    const followed = server.received[1]!;
    expect(followed.headers.authorization).toBe('Bearer top');
    expect(followed.headers.cookie).toBe('session=1');
    expect(followed.headers['x-api-key']).toBe('k');
  });

  it('strips credentials and origin-bound headers when the origin changes (another port is another origin), for the rest of the chain', async () => {
    const first = await redirector();
    const second = await redirector();
    // first → second (cross-origin) → back to first: the credentials stay dropped.
    const back = `${first.origin}/home`;
    const hop2 = `${second.origin}/r/302?to=${encodeURIComponent(back)}`;
    const response = await send(
      { method: 'GET', url: `${first.origin}/r/301?to=${encodeURIComponent(hop2)}`, headers: secrets, originBound: ['X-Team'] },
      { maxBodySize: MiB, recordHops: true },
    );
    expect(response.url).toBe(back);
    expect(first.received[0]!.headers['x-team']).toBe('origin-bound');
    expect(response.hops!.map((hop) => hop.dropped)).toEqual([
      undefined,
      ['Authorization', 'Proxy-Authorization', 'Cookie', 'X-Api-Key', 'X-Auth-Token', 'X-Client-Secret', 'X-Team'],
      undefined,
    ]);
    for (const seen of [second.received[0]!, first.received[1]!]) {
      expect(seen.headers.authorization).toBeUndefined();
      expect(seen.headers['proxy-authorization']).toBeUndefined();
      expect(seen.headers.cookie).toBeUndefined();
      expect(seen.headers['x-api-key']).toBeUndefined();
      expect(seen.headers['x-auth-token']).toBeUndefined();
      expect(seen.headers['x-client-secret']).toBeUndefined();
      expect(seen.headers['x-trace']).toBe('keep-me');
      expect(seen.headers['x-team']).toBeUndefined();
    }
  });

  it('detects a loop', async () => {
    const server = await httpServer((req, res) => {
      res.writeHead(302, { Location: req.url === '/a' ? '/b' : '/a' });
      res.end();
    });
    await expect(send({ method: 'GET', url: `${server.origin}/a`, headers: {} }, { maxBodySize: MiB })).rejects.toMatchObject({
      name: 'OkapiError',
      exitCode: 1,
      message: expect.stringMatching(/^redirect loop: 127\.0\.0\.1:\d+ redirected back .*\/a → .*\/b → .*\/a\)$/),
    });
  });

  it('stops after 10 redirects', async () => {
    const server = await httpServer((req, res) => {
      const n = Number(new URL(req.url ?? '/0', 'http://x').pathname.slice(1));
      res.writeHead(302, { Location: `/${n + 1}?token=secret` });
      res.end();
    });
    const error = await send({ method: 'GET', url: `${server.origin}/0`, headers: {} }, { maxBodySize: MiB }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'OkapiError', message: expect.stringMatching(/^too many redirects: stopped after 10 /), hint: expect.stringMatching(/at most 10 redirects/) });
    expect((error as Error).message).toContain('token=***');
    expect((error as Error).message).not.toContain('secret');
    expect(server.received).toHaveLength(11);
  });
});

describe('redirect policy (pure)', () => {
  const hop = (method: string, url: string, headers: HopRequest['headers'] = {}, body?: Uint8Array, originBound: string[] = []): HopRequest => ({
    method,
    url: new URL(url),
    headers,
    originBound: new Set(originBound),
    ...(body ? { body } : {}),
  });

  it('counts a written default port as the same origin', () => {
    const headers = { Authorization: ['x'], 'X-Team': ['a'] };
    expect(nextHop(hop('GET', 'https://a.example/x', headers, undefined, ['x-team']), 302, 'https://a.example:443/y')!.headers).toEqual(headers);
    expect(nextHop(hop('GET', 'http://a.example:80/x', headers, undefined, ['x-team']), 302, 'http://a.example/y')!.headers).toEqual(headers);
  });

  it('treats scheme and port changes as cross-origin and drops a caller-set Host', () => {
    const next = nextHop(hop('GET', 'https://a.example/x', { Host: ['a.example'], Authorization: ['x'], Accept: ['*/*'] }), 302, 'http://a.example/y')!;
    expect(next.headers).toEqual({ Accept: ['*/*'] });
  });

  it('drops the origin-bound headers on a change of origin and says which, keeping a 307 body and its Content-Type', () => {
    const body = new TextEncoder().encode('{}');
    const headers = { 'Content-Type': ['application/json'], 'X-Team': ['a'], 'X-JWT': ['j'], 'User-Agent': ['okapi'] };
    const bound = ['content-type', 'x-team'];
    const moved = nextHop(hop('POST', 'http://a.example/x', headers, body, bound), 307, 'http://b.example/y')!;
    expect(moved.headers).toEqual({ 'Content-Type': ['application/json'], 'User-Agent': ['okapi'] });
    expect(moved.body).toBe(body);
    expect(moved.dropped).toEqual(['X-Team', 'X-JWT']);
    // A 302 turns the POST into a GET: the body and its headers go, and nothing else is said dropped.
    const got = nextHop(hop('POST', 'http://a.example/x', headers, body, bound), 302, 'http://b.example/y')!;
    expect(got.headers).toEqual({ 'User-Agent': ['okapi'] });
    expect(got.dropped).toEqual(['X-Team', 'X-JWT']);
    const same = nextHop(hop('GET', 'http://a.example/x', headers, undefined, bound), 302, '/y')!;
    expect(same.headers).toEqual(headers);
    expect(same.dropped).toBeUndefined();
  });

  it('changes the method as Fetch, curl and HTTPie do: 301/302 only for POST, 303 for all but HEAD', () => {
    const body = new Uint8Array([1]);
    const headers = { 'Content-Type': ['text/plain'], Accept: ['*/*'] };
    const methodAfter = (method: string, status: number) => nextHop(hop(method, 'http://a.example/x', headers, method === 'HEAD' ? undefined : body), status, '/y')!;
    const table: [string, number, string][] = [
      ['POST', 301, 'GET'], ['POST', 302, 'GET'], ['POST', 303, 'GET'], ['POST', 307, 'POST'], ['POST', 308, 'POST'],
      ['PUT', 301, 'PUT'], ['PATCH', 302, 'PATCH'], ['DELETE', 301, 'DELETE'], ['OPTIONS', 302, 'OPTIONS'],
      ['PUT', 303, 'GET'], ['DELETE', 303, 'GET'], ['OPTIONS', 303, 'GET'], ['HEAD', 301, 'HEAD'], ['HEAD', 303, 'HEAD'],
    ];
    for (const [method, status, expected] of table) {
      const next = methodAfter(method, status);
      expect(next.method, `${method} ${status}`).toBe(expected);
      if (expected === 'GET') {
        expect(next.body, `${method} ${status}`).toBeUndefined();
        expect(next.headers, `${method} ${status}`).toEqual({ Accept: ['*/*'] });
      } else if (method !== 'HEAD') {
        expect(next.body, `${method} ${status}`).toBe(body);
        expect(next.headers, `${method} ${status}`).toEqual(headers);
      }
    }
  });

  it('keeps HEAD on 303 and inherits the fragment', () => {
    const next = nextHop(hop('HEAD', 'http://a.example/x#frag'), 303, '/y')!;
    expect(next.method).toBe('HEAD');
    expect(next.url.href).toBe('http://a.example/y#frag');
  });

  it('does not follow what it cannot', () => {
    expect(nextHop(hop('GET', 'http://a.example/'), 302, undefined)).toBeUndefined();
    expect(nextHop(hop('GET', 'http://a.example/'), 300, '/x')).toBeUndefined();
    expect(nextHop(hop('GET', 'http://a.example/'), 304, '/x')).toBeUndefined();
    expect(nextHop(hop('GET', 'http://a.example/'), 302, 'myapp://callback?code=1')).toBeUndefined();
    expect(nextHop(hop('GET', 'http://a.example/'), 302, 'http://[bad')).toBeUndefined();
  });

  it('a 303 after a POST to the same URL is not a loop', () => {
    const first = hop('POST', 'http://a.example/form');
    const chain = new RedirectChain(10, first);
    expect(() => chain.admit(nextHop(first, 303, '/form')!)).not.toThrow();
  });
});
