import type { ServerOptions } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTransport, send, type TransportOptions } from '../../../kernel/transport/index.js';
import { startOpensslServer } from '../../helpers/openssl-server.js';
import { createTestCertificates, createUnrelatedClient, describeWithOpenssl, type TestCertificates } from '../../helpers/test-certificates.js';
import { closedPort, httpServer, httpsServer, pem, stopAll, tlsPath } from './servers.js';

const MiB = 1024 * 1024;
const ca = tlsPath('ca.pem');
const get = (url: string, options: Partial<TransportOptions> = {}) => send({ method: 'GET', url, headers: {} }, { maxBodySize: MiB, ...options });
const failure = (promise: Promise<unknown>): Promise<{ name: string; message: string; hint?: string; exitCode: number }> =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as { name: string; message: string; hint?: string; exitCode: number },
  );

afterAll(async () => {
  await closeTransport();
  await stopAll();
});

describe('network failures', () => {
  it('connection refused names host:port', async () => {
    const port = await closedPort();
    const error = await failure(get(`http://user:pw@127.0.0.1:${port}/x?token=abc`));
    expect(error).toMatchObject({ name: 'OkapiError', exitCode: 1, message: `connection refused by 127.0.0.1:${port}` });
    expect(error.hint).toMatch(/server is running/);
    expect(`${error.message} ${error.hint}`).not.toMatch(/pw|abc/);
  });

  it('unknown host', async () => {
    const error = await failure(get('https://okapi-test.invalid/'));
    expect(error).toMatchObject({ name: 'OkapiError', exitCode: 1, message: expect.stringMatching(/^could not resolve host okapi-test\.invalid\b/) });
    expect(error.hint).toMatch(/host name/);
  });

  it('a server that drops the connection mid-response', async () => {
    const server = await httpServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': '100' });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const response = await get(server.origin);
    const error = await failure(response.bytes());
    expect(error.message).toBe(`the connection to 127.0.0.1:${server.port} was closed by the server before the response was complete`);
  });

  it('https:// to a plain HTTP port', async () => {
    const server = await httpServer((_req, res) => res.end('plain'));
    const error = await failure(get(`https://127.0.0.1:${server.port}/`));
    expect(error.message).toBe(`127.0.0.1:${server.port} did not answer with TLS`);
    expect(error.hint).toMatch(/http:\/\//);
  });
});

describe('server certificates', () => {
  it('fails on a certificate from an unknown CA, then succeeds with caCertPath or insecure', async () => {
    const server = await httpsServer((_req, res) => res.end('secure'));
    const error = await failure(get(server.origin));
    expect(error).toMatchObject({ name: 'OkapiError', exitCode: 1, message: `the certificate of 127.0.0.1:${server.port} was issued by a certificate authority okapi does not trust` });
    expect(error.hint).toContain('--okapi-ca-cert <file>');
    expect(error.hint).toContain('--okapi-insecure');

    expect(Buffer.from(await (await get(server.origin, { caCertPath: ca })).bytes()).toString()).toBe('secure');
    expect(Buffer.from(await (await get(server.origin, { insecure: true })).bytes()).toString()).toBe('secure');
  });

  it('fails on a certificate that is not a server certificate (the CA itself, self-signed)', async () => {
    const server = await httpsServer((_req, res) => res.end('x'), { cert: pem('ca.pem'), key: pem('ca-key.pem') });
    const error = await failure(get(server.origin, { caCertPath: ca }));
    expect(error.message).toMatch(/is not meant for a TLS server/);
    expect(error.hint).toContain('--okapi-insecure');
    expect(Buffer.from(await (await get(server.origin, { insecure: true })).bytes()).toString()).toBe('x');
  });

  it('TLS 1.3 minimum against a TLS 1.2-only server', async () => {
    const server = await httpsServer((_req, res) => res.end('old'), { maxVersion: 'TLSv1.2' });
    const error = await failure(get(server.origin, { caCertPath: ca, tlsMinVersion: 'TLSv1.3' }));
    expect(error.message).toBe(`127.0.0.1:${server.port} does not support TLS 1.3, the minimum okapi was asked for`);
    expect(error.hint).toContain('--okapi-tls-min-version TLS1.2');
    const ok = await get(server.origin, { caCertPath: ca });
    expect(ok.tls?.protocol).toBe('TLSv1.2');
  });
});

describeWithOpenssl('client certificates (mTLS)', () => {
  let certs: TestCertificates;
  let mtls: ServerOptions;
  let trustCa: Partial<TransportOptions>;
  beforeAll(() => {
    certs = createTestCertificates();
    mtls = { cert: certs.server.cert.pem, key: certs.server.key.pem, ca: certs.ca.cert.pem, requestCert: true, rejectUnauthorized: true };
    trustCa = { caCertPath: certs.ca.cert.path };
  });

  it('presents the client certificate', async () => {
    const server = await httpsServer((_req, res, received) => res.end(`hello ${received.clientCN}`), mtls);
    const response = await get(server.origin, { ...trustCa, clientCertPath: certs.client.cert.path, clientKeyPath: certs.client.key.path });
    expect(Buffer.from(await response.bytes()).toString()).toBe('hello okapi-test-client');
  });

  it('explains a missing client certificate (TLS 1.3 and TLS 1.2)', async () => {
    const tls13 = await httpsServer((_req, res) => res.end('no'), mtls);
    const error13 = await failure(get(tls13.origin, trustCa));
    expect(error13.message).toBe(`127.0.0.1:${tls13.port} requires a client certificate`);
    expect(error13.hint).toContain('--okapi-client-cert <file>');

    const tls12 = await httpsServer((_req, res) => res.end('no'), { ...mtls, maxVersion: 'TLSv1.2' });
    const error12 = await failure(get(tls12.origin, trustCa));
    expect(error12.message).toMatch(/TLS handshake with 127\.0\.0\.1:\d+ failed/);
    expect(error12.hint).toContain('--okapi-client-cert');
  });

  it('explains a client certificate from a CA the server does not trust', async () => {
    const stranger = createUnrelatedClient().client;
    // Node's TLS 1.3 server checks the certificate after the handshake and just closes: no alert.
    const server = await httpsServer((_req, res) => res.end('no'), mtls);
    const error = await failure(get(server.origin, { ...trustCa, clientCertPath: stranger.cert.path, clientKeyPath: stranger.key.path }));
    expect(error.message).toBe(`127.0.0.1:${server.port} closed the connection without answering`);
    expect(error.hint).toMatch(/may not accept this client certificate/);
  });

  it('names the alert of a server that refuses it in the handshake', async () => {
    const stranger = createUnrelatedClient().client;
    const server = await startOpensslServer(certs.server, certs.ca);
    try {
      const error = await failure(get(server.origin, { ...trustCa, clientCertPath: stranger.cert.path, clientKeyPath: stranger.key.path }));
      expect(error).toMatchObject({ name: 'OkapiError', exitCode: 1, message: `${server.origin.slice('https://'.length)} rejected okapi's client certificate (unknown ca)` });
      expect(error.hint).toContain('issued by a CA the server trusts');
    } finally {
      await server.close();
    }
  });
});

describe('TLS files are checked before connecting', () => {
  // A port nothing listens on: reaching the network would fail differently.
  const url = 'https://127.0.0.1:1/';

  it.each([
    [{ caCertPath: '/nonexistent/ca.pem' }, 'cannot read the CA certificate file /nonexistent/ca.pem: no such file or directory (ENOENT)', '--okapi-ca-cert'],
    [{ clientCertPath: '/nonexistent/c.pem', clientKeyPath: tlsPath('client-key.pem') }, 'cannot read the client certificate file /nonexistent/c.pem: no such file or directory (ENOENT)', '--okapi-client-cert'],
    [{ clientCertPath: tlsPath('client.pem'), clientKeyPath: '/nonexistent/k.pem' }, 'cannot read the client key file /nonexistent/k.pem: no such file or directory (ENOENT)', '--okapi-client-key'],
    [{ caCertPath: tlsPath('') }, `cannot read the CA certificate file ${tlsPath('')}: it is a directory (EISDIR)`, '--okapi-ca-cert'],
    [{ caCertPath: tlsPath('client-key.pem') }, `the CA certificate file ${tlsPath('client-key.pem')} does not contain a PEM certificate`, '--okapi-ca-cert'],
    [{ clientCertPath: tlsPath('client.pem'), clientKeyPath: tlsPath('server-key.pem') }, `the client certificate ${tlsPath('client.pem')} and the key ${tlsPath('server-key.pem')} do not belong together`, 'private key'],
    [{ clientCertPath: tlsPath('client.pem') }, `the client certificate ${tlsPath('client.pem')} was given without its private key`, '--okapi-client-key'],
    [{ clientKeyPath: tlsPath('client-key.pem') }, `a client key (${tlsPath('client-key.pem')}) was given without a client certificate`, '--okapi-client-cert'],
  ] as [Partial<TransportOptions>, string, string][])('%o', async (options, message, hint) => {
    const error = await failure(get(url, options));
    expect(error).toMatchObject({ name: 'OkapiError', exitCode: 1, message });
    expect(error.hint).toContain(hint);
  });
});

describe("a profile's TLS files (originTls)", () => {
  const source = { kind: 'profile', api: 'ex', profile: 'default' } as const;

  describeWithOpenssl('against a server asking for a client certificate', () => {
    it("presents the client certificate on the profile's origin only", async () => {
      const certs = createTestCertificates();
      const server = await httpsServer((_req, res, received) => res.end(received.clientCN ?? 'none'), {
        cert: certs.server.cert.pem,
        key: certs.server.key.pem,
        ca: certs.ca.cert.pem,
        requestCert: true,
        rejectUnauthorized: false,
      });
      const profileFiles = (origin: string) => ({
        origin,
        caCert: { path: certs.ca.cert.path, source },
        clientCert: { path: certs.client.cert.path, source },
        clientKey: { path: certs.client.key.path, source },
      });
      const onOrigin = await get(server.origin, { originTls: profileFiles(server.origin) });
      expect(Buffer.from(await onOrigin.bytes()).toString()).toBe('okapi-test-client');
      // Another origin (another port) gets the request-wide settings: here only the CA flag.
      const elsewhere = await get(server.origin, { caCertPath: certs.ca.cert.path, originTls: profileFiles('https://127.0.0.1:1') });
      expect(Buffer.from(await elsewhere.bytes()).toString()).toBe('none');
    });
  });

  it('names the config key of a file it cannot read, before connecting', async () => {
    const error = await failure(get('https://127.0.0.1:1/', { originTls: { origin: 'https://127.0.0.1:1', caCert: { path: '/nonexistent/ca.pem', source } } }));
    expect(error.message).toBe('cannot read the CA certificate file /nonexistent/ca.pem (apis.ex.profiles.default.ca_cert): no such file or directory (ENOENT)');
    expect(error.hint).toContain("okapi api set ex 'profiles.default.ca_cert: <file>'");
    expect(error.hint).toContain('--okapi-ca-cert');
  });

  it('asks for the missing half of a pair by its config key', async () => {
    const error = await failure(get('https://127.0.0.1:1/', { originTls: { origin: 'https://127.0.0.1:1', clientCert: { path: tlsPath('client.pem'), source } } }));
    expect(error.message).toBe(`the client certificate ${tlsPath('client.pem')} (apis.ex.profiles.default.client_cert) was given without its private key`);
    expect(error.hint).toContain('set apis.ex.profiles.default.client_key to the key <file>');
  });
});
