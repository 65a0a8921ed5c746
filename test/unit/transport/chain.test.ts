/**
 * The seams of the transport chain (docs/design/018-transport-chain.md): interceptors contributed
 * at the cache and retry positions, against real servers, with test interceptors standing in for
 * the HTTP cache and retry plugins to come.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { closeTransport, send, type DispatchResponse, type Interceptor } from '../../../kernel/transport/index.js';
import { closedPort, httpServer, stopAll } from './servers.js';

const MiB = 1024 * 1024;

afterAll(async () => {
  await closeTransport();
  await stopAll();
});

async function text(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function* bodyOf(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text);
}

describe('the transport chain', () => {
  it('puts a retry-position interceptor around the whole redirect chain', async () => {
    let flakyCalls = 0;
    const server = await httpServer((req, res) => {
      if (req.url === '/flaky' && ++flakyCalls === 1) {
        res.writeHead(503).end('busy');
      } else if (req.url === '/flaky') {
        res.writeHead(302, { Location: '/done' }).end();
      } else {
        res.end('done');
      }
    });
    const seen: { status: number; url: string }[] = [];
    const retryOnce: Interceptor = (next) => async (request) => {
      let response = await next(request);
      seen.push({ status: response.status, url: response.url.pathname });
      if (response.status === 503) {
        response.cancel();
        response = await next(request);
        seen.push({ status: response.status, url: response.url.pathname });
      }
      return response;
    };
    const response = await send(
      { method: 'GET', url: `${server.origin}/flaky`, headers: {} },
      { maxBodySize: MiB, recordHops: true, interceptors: [{ position: 'retry', intercept: retryOnce }] },
    );
    // One call down the chain is a whole redirect chain: the retry saw 503, then the final 200.
    expect(seen).toEqual([
      { status: 503, url: '/flaky' },
      { status: 200, url: '/done' },
    ]);
    expect(await text(response.body)).toBe('done');
    expect(server.received.map((r) => r.url)).toEqual(['/flaky', '/flaky', '/done']);
    expect(response.hops?.map((hop) => hop.response.status)).toEqual([503, 302, 200]);
  });

  it('lets a cache-position interceptor answer without the network, before any retry', async () => {
    const port = await closedPort();
    const retried: string[] = [];
    const retry: Interceptor = (next) => (request) => {
      retried.push(request.url.href);
      return next(request);
    };
    const cache: Interceptor = () => async (request): Promise<DispatchResponse> => ({
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': ['text/plain'] },
      httpVersion: '1.1',
      url: request.url,
      body: bodyOf('from the cache'),
      cancel: () => undefined,
    });
    // Listed retry first: the position, not the list order, decides.
    const response = await send(
      { method: 'GET', url: `http://127.0.0.1:${port}/thing`, headers: {} },
      { maxBodySize: MiB, interceptors: [{ position: 'retry', intercept: retry }, { position: 'cache', intercept: cache }] },
    );
    expect(response.status).toBe(200);
    expect(await text(response.body)).toBe('from the cache');
    expect(retried).toEqual([]);
  });

  it('hands the cache position decoded bodies, and passes the network to it on a miss', async () => {
    const server = await httpServer((_req, res) => {
      res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync('plain text'));
    });
    const stored: string[] = [];
    const cache: Interceptor = (next) => async (request) => {
      const response = await next(request);
      const body = await text(response.body);
      stored.push(body);
      return { ...response, body: bodyOf(body) };
    };
    const response = await send({ method: 'GET', url: `${server.origin}/`, headers: {} }, { maxBodySize: MiB, interceptors: [{ position: 'cache', intercept: cache }] });
    expect(stored).toEqual(['plain text']);
    expect(await text(response.body)).toBe('plain text');
    expect(server.received).toHaveLength(1);
  });
});
