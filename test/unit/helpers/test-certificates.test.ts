/**
 * The certificates test/helpers/test-certificates.ts makes: checked with node:crypto, and in a
 * real mutual-TLS handshake on 127.0.0.1 between Node's own TLS server and client.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect, createServer, type TLSSocket } from 'node:tls';
import { expect, it } from 'vitest';
import { createTestCertificates, createUnrelatedClient, describeWithOpenssl, type KeyPair } from '../../helpers/test-certificates.js';

const x509 = (pair: KeyPair): X509Certificate => new X509Certificate(pair.cert.pem);

/** What the server made of a client presenting `client` (or nothing): authorized, or why not. */
async function handshake(trusted: KeyPair, server: KeyPair, client: KeyPair | undefined): Promise<{ authorized: boolean; error: string | null; cn: string | null }> {
  const listener = createServer({ cert: server.cert.pem, key: server.key.pem, ca: trusted.cert.pem, requestCert: true, rejectUnauthorized: false }, (socket) => {
    socket.end(JSON.stringify({ authorized: socket.authorized, error: socket.authorizationError?.toString() ?? null, cn: socket.getPeerCertificate()?.subject?.CN ?? null }));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  try {
    const port = (listener.address() as AddressInfo).port;
    const credentials = client ? { cert: client.cert.pem, key: client.key.pem } : {};
    const socket: TLSSocket = connect({ host: '127.0.0.1', port, ca: trusted.cert.pem, ...credentials });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise<void>((resolve, reject) => socket.on('end', resolve).on('error', reject));
    return JSON.parse(Buffer.concat(chunks).toString());
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
}

describeWithOpenssl('createTestCertificates', () => {
  it('makes a CA, a server certificate for localhost and 127.0.0.1, and a client certificate, all signed by the CA', () => {
    const { ca, server, client } = createTestCertificates();
    for (const pair of [ca, server, client]) {
      expect(existsSync(pair.cert.path) && existsSync(pair.key.path)).toBe(true);
      expect(x509(pair).checkPrivateKey(createPrivateKey(pair.key.pem))).toBe(true);
    }
    expect(x509(ca).ca).toBe(true);
    expect(x509(ca).verify(x509(ca).publicKey)).toBe(true);
    expect(x509(server).checkIssued(x509(ca)) && x509(server).verify(x509(ca).publicKey)).toBe(true);
    expect(x509(client).checkIssued(x509(ca)) && x509(client).verify(x509(ca).publicKey)).toBe(true);
    expect(x509(server).ca).toBe(false);
    expect(x509(server).checkHost('localhost')).toBe('localhost');
    expect(x509(server).checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509(server).keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(x509(client).subject).toContain('CN=okapi-test-client');
    expect(x509(client).keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
  });

  it('makes certificates that complete a mutual-TLS handshake, the client named as asked', async () => {
    const { ca, server, client } = createTestCertificates('named-client');
    expect(await handshake(ca, server, client)).toEqual({ authorized: true, error: null, cn: 'named-client' });
  });

  it('makes a fresh CA each time', () => {
    const first = createTestCertificates();
    const second = createTestCertificates();
    expect(first.ca.cert.path).not.toBe(second.ca.cert.path);
    expect(x509(second.client).checkIssued(x509(first.ca))).toBe(false);
  });
});

describeWithOpenssl('createUnrelatedClient', () => {
  it('makes a client certificate from a CA of its own, which a server trusting the other CA does not authorize', async () => {
    const { ca, server } = createTestCertificates();
    const unrelated = createUnrelatedClient();
    expect(x509(unrelated.client).checkIssued(x509(unrelated.ca))).toBe(true);
    expect(x509(unrelated.client).checkIssued(x509(ca))).toBe(false);
    expect(x509(unrelated.client).keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
    expect(await handshake(ca, server, unrelated.client)).toEqual({ authorized: false, error: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', cn: 'okapi-unrelated-client' });
  });
});
