import { afterAll, describe, expect, it } from 'vitest';
import { closeTransport, send, type TransportResponse } from '../../../kernel/transport/index.js';
import { http2Server, httpServer, httpsServer, stopAll, tlsPath } from './servers.js';

const MiB = 1024 * 1024;
const text = async (response: TransportResponse): Promise<string> => Buffer.from(await response.bytes()).toString('utf8');

afterAll(async () => {
  await closeTransport();
  await stopAll();
});

describe('send: plain requests', () => {
  it('GETs over HTTP/1.1 with lower-case, multi-valued headers', async () => {
    const server = await httpServer((_req, res) => {
      res.setHeader('X-Multi', ['one', 'two']);
      res.setHeader('Content-Type', 'text/plain');
      res.end('hello');
    });
    const response = await send({ method: 'GET', url: `${server.origin}/path?q=1`, headers: { 'X-Custom': ['a', 'b'] } }, { maxBodySize: MiB });
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('OK');
    expect(response.httpVersion).toBe('1.1');
    expect(response.url).toBe(`${server.origin}/path?q=1`);
    expect(response.headers['x-multi']).toEqual(['one', 'two']);
    expect(response.headers['content-type']).toEqual(['text/plain']);
    expect(response.tls).toBeUndefined();
    expect(await text(response)).toBe('hello');
    const seen = server.received[0]!;
    expect(seen.url).toBe('/path?q=1');
    expect(seen.headers['x-custom']).toBe('a, b');
    expect(seen.headers['accept-encoding']).toMatch(/^br, gzip, deflate/);
  });

  it('POSTs a body and keeps a caller-set Accept-Encoding', async () => {
    const server = await httpServer((_req, res, received) => {
      res.statusCode = 201;
      res.end(`got ${received.body.length} bytes`);
    });
    const body = new TextEncoder().encode(JSON.stringify({ name: 'okapi' }));
    const response = await send(
      { method: 'POST', url: `${server.origin}/items`, headers: { 'content-type': ['application/json'], 'Accept-Encoding': ['identity'] }, body },
      { maxBodySize: MiB },
    );
    expect(response.status).toBe(201);
    expect(await text(response)).toBe(`got ${body.length} bytes`);
    const seen = server.received[0]!;
    expect(seen.method).toBe('POST');
    expect(seen.body.toString()).toBe('{"name":"okapi"}');
    expect(seen.headers['accept-encoding']).toBe('identity');
    expect(seen.headers['content-length']).toBe(String(body.length));
  });

  it.each(['GET', 'DELETE', 'OPTIONS'])('frames a body sent with %s by its Content-Length', async (method) => {
    const server = await httpServer((_req, res, received) => res.end(`got ${received.body.length} bytes`));
    const body = new TextEncoder().encode('{"a":1}');
    const response = await send({ method, url: `${server.origin}/items`, headers: { 'content-type': ['application/json'] }, body }, { maxBodySize: MiB });
    expect(response.status).toBe(200);
    expect(await text(response)).toBe('got 7 bytes');
    const seen = server.received.at(-1)!;
    expect(seen.method).toBe(method);
    expect(seen.headers['content-length']).toBe('7');
    expect(seen.body.toString()).toBe('{"a":1}');
  });

  it('streams the body as an async iterable that can be consumed once', async () => {
    const server = await httpServer((_req, res) => {
      res.write('a'.repeat(100_000));
      setTimeout(() => res.end('b'.repeat(100_000)), 20);
    });
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB });
    let total = 0;
    for await (const chunk of response.body) total += chunk.byteLength;
    expect(total).toBe(200_000);
    expect(() => response.body[Symbol.asyncIterator]()).toThrow(/already been read/);
  });

  it('answers HEAD with an empty body and turns URL user information into Basic credentials', async () => {
    const server = await httpServer((_req, res) => {
      res.setHeader('Content-Length', '1234');
      res.end();
    });
    const url = `http://alice:s%40cret@127.0.0.1:${server.port}/me`;
    const response = await send({ method: 'HEAD', url, headers: {} }, { maxBodySize: MiB });
    expect(response.status).toBe(200);
    expect((await response.bytes()).byteLength).toBe(0);
    expect(response.url).toBe(`${server.origin}/me`);
    expect(server.received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('alice:s@cret').toString('base64')}`);
  });

  it('rejects a URL that is not http(s) without echoing its credentials', async () => {
    await expect(send({ method: 'GET', url: 'ftp://bob:hunter2@example.com/x', headers: {} }, { maxBodySize: MiB })).rejects.toThrow(
      /unsupported URL scheme ftp in ftp:\/\/\*\*\*@example\.com\/x/,
    );
  });

  it('refuses user information with a malformed escape (a URL a plugin gave), saying which part, never the part itself', async () => {
    const server = await httpServer((_req, res) => res.end());
    const error = await send({ method: 'GET', url: `http://bob:hunter2%zz@127.0.0.1:${server.port}/x`, headers: {} }, { maxBodySize: MiB }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'OkapiError', message: `cannot send the request to 127.0.0.1:${server.port}: the password in the URL has a "%" that is not followed by two hexadecimal digits` });
    expect(JSON.stringify(error)).not.toContain('hunter2');
    expect(server.received).toEqual([]);
  });
});

describe('send: TLS and HTTP/2', () => {
  it('speaks HTTP/2 to a server offering h2 and reports TLS details', async () => {
    const server = await http2Server((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
    const response = await send({ method: 'GET', url: `${server.origin}/h2`, headers: {} }, { maxBodySize: MiB, caCertPath: tlsPath('ca.pem') });
    expect(response.httpVersion).toBe('2');
    expect(response.statusText).toBe('OK');
    expect(await text(response)).toBe('{"ok":true}');
    expect(server.received[0]!.httpVersion).toBe('2.0');
    expect(response.tls).toMatchObject({ alpn: 'h2', subject: expect.stringContaining('CN=localhost'), issuer: expect.stringContaining('CN=okapi test CA') });
    expect(response.tls!.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(response.tls!.cipher).toBeTruthy();
    expect(response.tls!.validTo).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('speaks HTTP/1.1 over TLS to a server without h2', async () => {
    const server = await httpsServer((_req, res) => res.end('tls'));
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB, caCertPath: tlsPath('ca.pem') });
    expect(response.httpVersion).toBe('1.1');
    expect(response.tls).toMatchObject({ alpn: 'http/1.1', protocol: 'TLSv1.3' });
    expect(await text(response)).toBe('tls');
  });

  it('pairs each response with its own connection when requests run concurrently', async () => {
    const h2 = await http2Server((req, res) => setTimeout(() => res.end(`h2 ${req.url}`), 5));
    const h1 = await httpsServer((req, res) => setTimeout(() => res.end(`h1 ${req.url}`), 5));
    const options = { maxBodySize: MiB, caCertPath: tlsPath('ca.pem') };
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send({ method: 'GET', url: `${i % 2 === 0 ? h2.origin : h1.origin}/${i}`, headers: {} }, options)),
    );
    for (const [i, response] of responses.entries()) {
      const expected = i % 2 === 0 ? 'h2' : 'h1';
      expect(response.httpVersion).toBe(expected === 'h2' ? '2' : '1.1');
      expect(response.tls?.alpn).toBe(expected === 'h2' ? 'h2' : 'http/1.1');
      expect(await text(response)).toBe(`${expected} /${i}`);
    }
  });

  it('does not hold a 304 to its Content-Length', async () => {
    const server = await httpServer((_req, res) => {
      res.writeHead(304, { 'Content-Length': String(10 * MiB), ETag: '"v1"' });
      res.end();
    });
    const response = await send({ method: 'GET', url: server.origin, headers: { 'If-None-Match': ['"v1"'] } }, { maxBodySize: MiB });
    expect(response.status).toBe(304);
    expect((await response.bytes()).byteLength).toBe(0);
  });

  it('closeTransport closes pooled connections and later requests still work', async () => {
    const server = await httpServer((_req, res) => res.end('again'));
    expect(await text(await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB }))).toBe('again');
    await closeTransport();
    expect(await text(await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB }))).toBe('again');
  });

  it('closeTransport at exit leaves idle plain-HTTP connections to the system', async () => {
    const sockets = new Set<unknown>();
    const server = await httpServer((req, res) => {
      sockets.add(req.socket);
      res.end('pooled');
    });
    const get = async (): Promise<string> => text(await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB }));
    expect(await get()).toBe('pooled');
    await closeTransport({ exiting: true });
    expect(await get()).toBe('pooled');
    expect(sockets.size).toBe(1);
    await closeTransport();
    expect(await get()).toBe('pooled');
    expect(sockets.size).toBe(2);
  });
});
