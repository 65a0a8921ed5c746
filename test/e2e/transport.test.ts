/**
 * The transport as users meet it through the built CLI: TLS trust and mutual TLS, HTTP/2,
 * redirects across origins, decompression, timeouts, connection failures, the body size cap and
 * proxies, against real example API servers (and a tiny proxy) started by the test.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_TLS_FILES, startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi, type OkapiRunOptions } from '../helpers/run-okapi.js';
import { closedPort, startTinyProxy } from '../helpers/tiny-proxy.js';
import { longerThanOkapiCanWait } from '../../kernel/plugins/duration.js';

let api: ExampleApi;
let other: ExampleApi;
let secure: ExampleApi;
let h2: ExampleApi;
beforeAll(async () => {
  [api, other, secure, h2] = await Promise.all([
    startExampleApi(),
    startExampleApi(),
    startExampleApi({ protocol: 'https', requestClientCert: true }),
    startExampleApi({ protocol: 'http2' }),
  ]);
});
afterAll(async () => {
  await Promise.all([api, other, secure, h2].map((server) => server?.close()));
});

function okapi(args: string[], options: OkapiRunOptions = {}) {
  return runOkapi(args, { ...options, env: { ...freshHome().env, ...options.env } });
}

const CA = ['--okapi-ca-cert', EXAMPLE_TLS_FILES.ca];

describe('TLS', () => {
  it('trusts the server with --okapi-ca-cert', async () => {
    const result = await okapi([`${secure.url}/anything/ca`, ...CA]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).url).toBe(`${secure.url}/anything/ca`);
  });

  it('refuses an untrusted certificate with exit 1 and a hint naming --okapi-ca-cert', async () => {
    const result = await okapi([`${secure.url}/anything/untrusted`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--okapi-ca-cert');
    expect(secure.requests.filter((r) => r.path === '/anything/untrusted')).toEqual([]);
  });

  it('skips verification with --okapi-insecure', async () => {
    const result = await okapi([`${secure.url}/anything/insecure`, '--okapi-insecure']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).path).toBe('/anything/insecure');
  });

  it('presents a client certificate for mutual TLS', async () => {
    const result = await okapi([
      `${secure.url}/tls/client`,
      ...CA,
      '--okapi-client-cert',
      EXAMPLE_TLS_FILES.clientCert,
      '--okapi-client-key',
      EXAMPLE_TLS_FILES.clientKey,
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ tls: true, authorized: true, subject: { CN: 'okapi-test-client' } });

    const without = await okapi([`${secure.url}/tls/client`, ...CA]);
    expect(JSON.parse(without.stdout)).toMatchObject({ tls: true, authorized: false, subject: null });
  });

  it('accepts --okapi-tls-min-version TLS1.3 and refuses a TLS 1.2-only server with it', async () => {
    const result = await okapi([`${secure.url}/anything/tls13`, ...CA, '--okapi-tls-min-version', 'TLS1.3', '-vv']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('TLSv1.3');

    const old = createHttpsServer(
      { cert: readFileSync(EXAMPLE_TLS_FILES.cert), key: readFileSync(EXAMPLE_TLS_FILES.key), maxVersion: 'TLSv1.2' },
      (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"old":true}'),
    );
    await new Promise<void>((resolve) => old.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(old.address() as AddressInfo).port}/`;
      const tls12 = await okapi([url, ...CA]);
      expect(tls12.code).toBe(0);
      expect(JSON.parse(tls12.stdout)).toEqual({ old: true });
      const refused = await okapi([url, ...CA, '--okapi-tls-min-version', 'TLS1.3']);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).not.toBe('');
    } finally {
      old.closeAllConnections();
      await new Promise<void>((resolve) => old.close(() => resolve()));
    }
  });
});

describe('HTTP/2', () => {
  it('speaks HTTP/2 to a server that offers it', async () => {
    const printed = await okapi([`${h2.url}/anything/h2`, ...CA, '--okapi-print', 'h']);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/^HTTP\/2 200/);
    const verbose = await okapi([`${h2.url}/anything/h2-verbose`, ...CA, '-v']);
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toContain('HTTP/2');
    expect(JSON.parse(verbose.stdout).http_version).toBe('2.0');
    expect(h2.requests.find((r) => r.path === '/anything/h2')?.httpVersion).toBe('2.0');
  });
});

describe('redirects', () => {
  const auth = ['-H', 'Authorization: Bearer okapi-redirect-secret'];

  it('drops Authorization, Cookie and every other header the user added when a redirect leaves the origin', async () => {
    const target = `${other.url}/anything/cross-origin`;
    const result = await okapi([`${api.url}/redirect-to?url=${encodeURIComponent(target)}&status=302`, ...auth, '-H', 'Cookie: session=okapi-cookie', '-H', 'X-Plain: kept']);
    expect(result.code).toBe(0);
    const first = api.requests.find((r) => r.path.startsWith('/redirect-to?'));
    expect(first?.headers.authorization).toBe('Bearer okapi-redirect-secret');
    const landed = other.requests.filter((r) => r.path === '/anything/cross-origin');
    expect(landed).toHaveLength(1);
    expect(landed[0]?.headers.authorization).toBeUndefined();
    expect(landed[0]?.headers.cookie).toBeUndefined();
    expect(landed[0]?.headers['x-plain']).toBeUndefined();
    expect(landed[0]?.headers['user-agent']).toMatch(/^okapi\//);
    expect(JSON.parse(result.stdout).headers.authorization).toBeUndefined();
  });

  it('keeps Authorization on same-origin redirects', async () => {
    const before = api.requests.length;
    const result = await okapi([`${api.url}/redirect/2`, ...auth]);
    expect(result.code).toBe(0);
    const chain = api.requests.slice(before);
    expect(chain.map((r) => r.path)).toEqual(['/redirect/2', '/redirect/1', '/anything']);
    for (const request of chain) expect(request.headers.authorization).toBe('Bearer okapi-redirect-secret');
  });
});

describe('decompression', () => {
  it.each([
    ['/gzip', 'gzip'],
    ['/brotli', 'br'],
    ['/deflate', 'deflate'],
  ])('decodes %s', async (path, encoding) => {
    const raw = await okapi([`${api.url}${path}`]);
    expect(raw.code).toBe(0);
    expect(JSON.parse(raw.stdout)).toMatchObject({ encoding, message: 'This body was compressed by the server.' });
    const rendered = await okapi([`${api.url}${path}`, '-o', 'json']);
    expect(JSON.parse(rendered.stdout).encoding).toBe(encoding);
  });
});

describe('a truncated compressed body', () => {
  it('is an error (exit 1) naming the coding, not a shorter body with exit 0', async () => {
    const whole = gzipSync(Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, id) => ({ id })) })));
    const server = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(whole.subarray(0, whole.length - 8));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      for (const args of [[], ['-o', 'json'], ['-f', 'body.items[0]']]) {
        const result = await okapi([url, ...args]);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/the gzip-encoded response body from 127\.0\.0\.1:\d+ is truncated: it ends before its compressed stream does/);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('failures', () => {
  it('gives up after -t, naming the timeout', async () => {
    const result = await okapi([`${api.url}/slow?delay=3000`, '-t', '300ms']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('300ms');
  });

  it('refuses a -t longer than a timer can hold, stating the longest (exit 2, nothing sent)', async () => {
    const result = await okapi([`${api.url}/anything`, '-t', '1000h']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('okapi: ' + longerThanOkapiCanWait('-t "1000h"'));
    expect(result.stderr).not.toContain('TimeoutOverflowWarning');
    const longest = await okapi([`${api.url}/anything`, '-t', '596h31m23s', '-o', 'json']);
    expect(longest.code).toBe(0);
    expect(JSON.parse(longest.stdout).method).toBe('GET');
  });

  it('names host:port when the connection is refused', async () => {
    const port = await closedPort();
    const result = await okapi([`http://127.0.0.1:${port}/anything`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`127.0.0.1:${port}`);
  });

  it('fails with exit 1 for an unknown host', async () => {
    const result = await okapi(['http://nosuch.invalid/anything']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('nosuch.invalid');
  });

  it('stops at --okapi-max-body-size, naming the limit', async () => {
    const result = await okapi([`${api.url}/bytes/2000000`, '--okapi-max-body-size', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('1 MiB');
    const fits = await okapi([`${api.url}/bytes/1000000`, '--okapi-max-body-size', '1']);
    expect(fits.code).toBe(0);
    expect(fits.stdoutBytes.length).toBe(1_000_000);
  });
});

describe('proxies', () => {
  it('sends http:// requests through HTTP_PROXY in absolute form', async () => {
    const proxy = await startTinyProxy(api.url);
    try {
      // The host exists only for the proxy, which forwards everything to the example API.
      const result = await okapi(['get', 'http://api.okapi-proxied.test/anything/via-proxy?x=1'], { env: { HTTP_PROXY: proxy.url } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(proxy.requests.map((r) => r.target)).toEqual(['http://api.okapi-proxied.test/anything/via-proxy?x=1']);
      const echo = JSON.parse(result.stdout) as { headers: Record<string, string> };
      expect(echo.headers['x-okapi-test-proxy']).toBe('1');
      expect(echo.headers.host).toBe('api.okapi-proxied.test');
    } finally {
      await proxy.close();
    }
  });

  it('bypasses the proxy for hosts in NO_PROXY', async () => {
    const proxy = await startTinyProxy(api.url);
    try {
      const result = await okapi(['get', `${api.url}/anything/no-proxy`], { env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(proxy.requests).toEqual([]);
      expect(JSON.parse(result.stdout).headers['x-okapi-test-proxy']).toBeUndefined();
    } finally {
      await proxy.close();
    }
  });

  it('tunnels https:// requests through HTTPS_PROXY with CONNECT', async () => {
    const proxy = await startTinyProxy();
    try {
      const result = await okapi(['get', `${secure.url}/anything/via-tunnel`, ...CA], { env: { HTTPS_PROXY: proxy.url } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(proxy.connects).toEqual([`127.0.0.1:${secure.port}`]);
      expect(JSON.parse(result.stdout).path).toBe('/anything/via-tunnel');
    } finally {
      await proxy.close();
    }
  });
});
