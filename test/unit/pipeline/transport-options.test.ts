/** A profile's TLS files under the flags: which file each hop on the API's origin gets. */
import { describe, expect, it } from 'vitest';
import { originTls, transportOptionsFor } from '../../../kernel/pipeline/transport-options.js';
import type { ProfileTlsPlan } from '../../../kernel/pipeline/exchange.js';

const plan: ProfileTlsPlan = {
  origin: 'https://api.example.com',
  api: 'ex',
  profile: 'default',
  paths: { ca_cert: '/p/ca.pem', client_cert: '/p/c.pem', client_key: '/p/k.pem' },
};
const profile = { kind: 'profile', api: 'ex', profile: 'default' } as const;
const flags = { kind: 'flags' } as const;

describe('originTls', () => {
  it("takes the profile's files when no flag is given, bound to the planned origin", () => {
    expect(originTls({}, plan)).toEqual({
      origin: 'https://api.example.com',
      caCert: { path: '/p/ca.pem', source: profile },
      clientCert: { path: '/p/c.pem', source: profile },
      clientKey: { path: '/p/k.pem', source: profile },
    });
  });

  it('lets --okapi-ca-cert replace ca_cert and keep the client pair', () => {
    const tls = originTls({ caCertPath: 'flag-ca.pem' }, plan);
    expect(tls.caCert).toEqual({ path: 'flag-ca.pem', source: flags });
    expect(tls.clientCert).toEqual({ path: '/p/c.pem', source: profile });
  });

  it('lets either client flag replace both client fields: a certificate and its key are one setting', () => {
    const certOnly = originTls({ clientCertPath: 'both.pem' }, plan);
    expect(certOnly.clientCert).toEqual({ path: 'both.pem', source: flags });
    expect(certOnly.clientKey).toBeUndefined();
    expect(certOnly.caCert).toEqual({ path: '/p/ca.pem', source: profile });
    const keyOnly = originTls({ clientKeyPath: 'k.pem' }, plan);
    expect(keyOnly.clientCert).toBeUndefined();
    expect(keyOnly.clientKey).toEqual({ path: 'k.pem', source: flags });
  });
});

describe('transportOptionsFor', () => {
  it('adds origin TLS only for a plan with profile TLS files; the flags stay request-wide', () => {
    expect(transportOptionsFor({ caCertPath: 'ca.pem' }, false).originTls).toBeUndefined();
    const options = transportOptionsFor({ caCertPath: 'ca.pem' }, false, plan);
    expect(options.caCertPath).toBe('ca.pem');
    expect(options.originTls?.origin).toBe('https://api.example.com');
  });
});
