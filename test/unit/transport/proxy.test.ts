import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeTransport, send } from '../../../kernel/transport/index.js';
import { closedPort, http2Server, httpServer, proxyServer, stopAll, tlsPath } from './servers.js';

const MiB = 1024 * 1024;
const VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));

function setProxyEnv(values: Record<string, string>): void {
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
}

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

afterAll(async () => {
  await closeTransport();
  await stopAll();
});

const text = async (promise: ReturnType<typeof send>): Promise<string> => Buffer.from(await (await promise).bytes()).toString();

describe('proxies from the environment', () => {
  it('sends http:// requests to HTTP_PROXY in absolute form', async () => {
    const proxy = await proxyServer();
    const target = await httpServer((_req, res) => res.end('via proxy'));
    setProxyEnv({ HTTP_PROXY: proxy.origin });
    expect(await text(send({ method: 'GET', url: `${target.origin}/thing?x=1`, headers: {} }, { maxBodySize: MiB }))).toBe('via proxy');
    expect(proxy.log).toEqual([`GET ${target.origin}/thing?x=1`]);
  });

  it('tunnels https:// through HTTPS_PROXY with CONNECT, still negotiating HTTP/2 inside', async () => {
    const proxy = await proxyServer();
    const target = await http2Server((_req, res) => res.end('tunnelled'));
    setProxyEnv({ https_proxy: proxy.origin });
    const response = await send({ method: 'GET', url: target.origin, headers: {} }, { maxBodySize: MiB, caCertPath: tlsPath('ca.pem') });
    expect(Buffer.from(await response.bytes()).toString()).toBe('tunnelled');
    expect(response.httpVersion).toBe('2');
    expect(response.tls?.subject).toContain('CN=localhost');
    expect(proxy.log).toEqual([`CONNECT 127.0.0.1:${target.port}`]);
  });

  it('bypasses the proxy for hosts in NO_PROXY', async () => {
    const proxy = await proxyServer();
    const direct = await httpServer((_req, res) => res.end('direct'));
    const proxied = await httpServer((_req, res) => res.end('proxied'));
    setProxyEnv({ HTTP_PROXY: proxy.origin, NO_PROXY: `example.invalid, 127.0.0.1:${direct.port}` });
    expect(await text(send({ method: 'GET', url: direct.origin, headers: {} }, { maxBodySize: MiB }))).toBe('direct');
    expect(await text(send({ method: 'GET', url: proxied.origin, headers: {} }, { maxBodySize: MiB }))).toBe('proxied');
    expect(proxy.log).toEqual([`GET ${proxied.origin}/`]);
  });

  it('names the proxy when it refuses connections', async () => {
    const port = await closedPort();
    const target = await httpServer((_req, res) => res.end('never'));
    setProxyEnv({ HTTP_PROXY: `http://user:secret@127.0.0.1:${port}` });
    const error = await send({ method: 'GET', url: target.origin, headers: {} }, { maxBodySize: MiB }).then(
      () => ({ message: 'no error', hint: undefined }),
      (e: unknown) => e as Error & { hint?: string },
    );
    expect(error.message).toBe(`connection refused by the proxy 127.0.0.1:${port} (used for 127.0.0.1:${target.port})`);
    expect(error.hint).toContain('NO_PROXY');
    expect(error.message).not.toContain('secret');
  });

  it('explains a proxy that wants credentials (forwarded and tunnelled)', async () => {
    const strict = http.createServer((_req, res) => {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="proxy"' });
      res.end();
    });
    strict.on('connect', (_req, socket) => socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n'));
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(strict.address() as AddressInfo).port}`;
    try {
      setProxyEnv({ HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl });
      for (const url of ['http://127.0.0.1:9/', 'https://127.0.0.1:9/']) {
        const error = await send({ method: 'GET', url, headers: {} }, { maxBodySize: MiB }).then(
      () => ({ message: 'no error', hint: undefined }),
      (e: unknown) => e as Error & { hint?: string },
    );
        expect(error.message).toMatch(/^the proxy 127\.0\.0\.1:\d+ requires authentication to reach 127\.0\.0\.1:9 \(status 407\)$/);
        expect(error.hint).toContain('user:password@');
      }
    } finally {
      strict.closeAllConnections();
      await new Promise<void>((resolve) => strict.close(() => resolve()));
    }
  });
});
