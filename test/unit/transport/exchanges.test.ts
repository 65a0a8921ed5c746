/**
 * The two exchanges under one contract: every case runs over Node's HTTP/1.1 client (what plain
 * http:// uses) and over undici (what https:// and proxies use), against the same real server,
 * and failures must read the same once translated.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { translateError } from '../../../kernel/transport/error-translation.js';
import { DEFAULT_WAIT_MS, type HopOptions, type SendHop } from '../../../kernel/transport/hop.js';
import { hopSenderFor } from '../../../kernel/transport/hop-senders.js';
import { closeNodeHttp, sendOverNodeHttp } from '../../../kernel/transport/node-http-hop.js';
import type { HopRequest } from '../../../kernel/transport/redirects.js';
import { loadTlsOptions } from '../../../kernel/transport/tls-material.js';
import { closeUndici, undiciSender } from '../../../kernel/transport/undici-hop.js';
import { httpServer, stopAll } from './servers.js';

const tls = loadTlsOptions({ insecure: false, minVersion: 'TLSv1.2' });
const exchanges: [string, () => Promise<SendHop>][] = [
  ['node:http', () => Promise.resolve(sendOverNodeHttp)],
  ['undici', () => undiciSender(tls)],
];

afterAll(async () => {
  closeNodeHttp();
  await closeUndici();
  await stopAll();
});

const hop = (url: string, method = 'GET', headers: Record<string, string[]> = {}, body?: string): HopRequest => ({
  method,
  url: new URL(url),
  headers,
  originBound: new Set(),
  ...(body === undefined ? {} : { body: new TextEncoder().encode(body) }),
});
const options = (extra: Partial<HopOptions> = {}): HopOptions => ({ signal: new AbortController().signal, ...extra });

async function text(body: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function failureMessage(promise: Promise<unknown>, url: string): Promise<string> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  return translateError(error, { url: new URL(url), tlsMinVersion: 'TLSv1.2', clientCertificate: false }).message;
}

describe.each(exchanges)('the %s exchange', (name, senderOf) => {
  it('settles at the headers, with the status text, multi-valued headers and the body', async () => {
    const server = await httpServer((_req, res) => {
      res.statusMessage = 'Made It';
      res.setHeader('X-Multi', ['one', 'two']);
      res.writeHead(201);
      res.end('created');
    });
    const send = await senderOf();
    const response = await send(hop(`${server.origin}/things?a=1`, 'POST', { 'X-Tag': ['a', 'b'] }, '{"x":1}'), options());
    expect(response).toMatchObject({ status: 201, statusText: 'Made It', httpVersion: '1.1' });
    expect(response.headers['x-multi']).toEqual(['one', 'two']);
    expect(await text(response.body)).toBe('created');
    expect(server.received[0]).toMatchObject({ method: 'POST', url: '/things?a=1', body: Buffer.from('{"x":1}') });
    expect(server.received[0]!.headers).toMatchObject({ 'x-tag': 'a, b', 'content-length': '7', host: `127.0.0.1:${server.port}` });
  });

  it('sends Content-Length: 0 for a POST without a body, and none for a GET', async () => {
    const server = await httpServer((_req, res) => res.end());
    const send = await senderOf();
    await text((await send(hop(server.origin, 'POST'), options())).body);
    await text((await send(hop(server.origin, 'GET'), options())).body);
    expect(server.received[0]!.headers['content-length']).toBe('0');
    expect(server.received[1]!.headers['content-length']).toBeUndefined();
    expect(server.received[1]!.headers['transfer-encoding']).toBeUndefined();
  });

  it('frames a body on GET and DELETE with Content-Length, so the connection stays usable', async () => {
    const server = await httpServer((_req, res) => res.end('ok'));
    const send = await senderOf();
    expect(await text((await send(hop(server.origin, 'DELETE', {}, '{"a":1}'), options())).body)).toBe('ok');
    expect(await text((await send(hop(server.origin, 'GET', {}, 'xy'), options())).body)).toBe('ok');
    expect(server.received.map((r) => [r.method, r.headers['content-length'], r.body.toString()])).toEqual([
      ['DELETE', '7', '{"a":1}'],
      ['GET', '2', 'xy'],
    ]);
  });

  it('reads no body for HEAD, 204 and 304, whatever their Content-Length says', async () => {
    const server = await httpServer((req, res) => {
      const status = req.url === '/304' ? 304 : req.url === '/204' ? 204 : 200;
      res.writeHead(status, { 'Content-Length': '5000' });
      res.end(req.method === 'HEAD' || status !== 200 ? undefined : 'x'.repeat(5000));
    });
    const send = await senderOf();
    for (const [method, path] of [['HEAD', '/'], ['GET', '/304'], ['GET', '/204']] as const) {
      const response = await send(hop(`${server.origin}${path}`, method), options());
      expect(await text(response.body)).toBe('');
    }
  });

  // undici's pool may open a second connection while the first is settling; Node's agent does not.
  it.runIf(name === 'node:http')('reuses the connection for the next request to the same origin', async () => {
    const server = await httpServer((req, res) => res.end(String(req.socket.remotePort)));
    const send = await senderOf();
    const first = await text((await send(hop(server.origin), options())).body);
    const second = await text((await send(hop(server.origin), options())).body);
    expect(second).toBe(first);
  });

  it('stops the download when the body is destroyed', async () => {
    let closed!: () => void;
    const serverClosed = new Promise<void>((resolve) => (closed = resolve));
    const server = await httpServer((_req, res) => {
      res.on('close', closed);
      const chunk = Buffer.alloc(64 * 1024);
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const send = await senderOf();
    const response = await send(hop(server.origin), options());
    response.body.destroy();
    await serverClosed;
  });

  it('gives back the abort reason, before and after the headers', async () => {
    const silent = await httpServer(() => undefined);
    const send = await senderOf();
    const before = new AbortController();
    const pending = send(hop(silent.origin), { signal: before.signal });
    setTimeout(() => before.abort(new Error('stop waiting')), 30);
    await expect(pending).rejects.toThrow('stop waiting');

    const trickle = await httpServer((_req, res) => res.write('start'));
    const after = new AbortController();
    const response = await send(hop(trickle.origin), { signal: after.signal });
    setTimeout(() => after.abort(new Error('stop reading')), 30);
    await expect(text(response.body)).rejects.toThrow('stop reading');
  });

  it('explains its own waiting limits the same way', async () => {
    const silent = await httpServer(() => undefined);
    const send = await senderOf();
    expect(await failureMessage(send(hop(silent.origin), options({ headersTimeout: 100 })), silent.origin)).toBe(
      `127.0.0.1:${silent.port} sent no response headers within the transport's default limit (300s)`,
    );
    const stalled = await httpServer((_req, res) => res.write('start'));
    const response = await send(hop(stalled.origin), options({ bodyTimeout: 100 }));
    expect(await failureMessage(text(response.body), stalled.origin)).toBe(
      `127.0.0.1:${stalled.port} stopped sending the response body (nothing received for 300s)`,
    );
    expect(DEFAULT_WAIT_MS).toBe(300_000);
  });

  it('explains a server that closes without answering, or in the middle of the body', async () => {
    const hangUp = await httpServer((req) => req.socket.destroy());
    const send = await senderOf();
    expect(await failureMessage(send(hop(hangUp.origin), options()), hangUp.origin)).toBe(`127.0.0.1:${hangUp.port} closed the connection without answering`);

    const cut = await httpServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': '100' });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const response = await send(hop(cut.origin), options());
    expect(await failureMessage(text(response.body), cut.origin)).toBe(
      `the connection to 127.0.0.1:${cut.port} was closed by the server before the response was complete`,
    );
  });

  it('refuses an invalid header name before sending anything', async () => {
    const server = await httpServer((_req, res) => res.end());
    const send = await senderOf();
    expect(await failureMessage(send(hop(server.origin, 'GET', { 'Bad Name': ['x'] }), options()), server.origin)).toMatch(
      new RegExp(`^cannot send the request to 127\\.0\\.0\\.1:${server.port}: `),
    );
    expect(server.received).toEqual([]);
  });
});

describe('which exchange carries a hop', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
  const clearProxies = (): void => {
    for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY']) delete process.env[name];
  };

  it('plain http:// without a proxy goes over node:http', async () => {
    clearProxies();
    expect(await hopSenderFor(new URL('http://127.0.0.1:1/'), tls)).toBe(sendOverNodeHttp);
    process.env.HTTPS_PROXY = 'http://127.0.0.1:9';
    expect(await hopSenderFor(new URL('http://127.0.0.1:1/'), tls)).toBe(sendOverNodeHttp);
  });

  it('https://, and http:// through a proxy, go through undici', async () => {
    clearProxies();
    expect(await hopSenderFor(new URL('https://127.0.0.1:1/'), tls)).not.toBe(sendOverNodeHttp);
    process.env.HTTP_PROXY = 'http://127.0.0.1:9';
    expect(await hopSenderFor(new URL('http://127.0.0.1:1/'), tls)).not.toBe(sendOverNodeHttp);
  });
});
