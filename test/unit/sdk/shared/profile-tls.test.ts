/** A profile's TLS file paths as the config names them: relative to the config file, checked to be paths. */
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../sdk/shared/api-config.js';
import { profileHasClientCertificate, profileTlsKey, profileTlsPaths } from '../../../../sdk/shared/profile-tls.js';

describe('profileTlsPaths', () => {
  it("resolves a relative path against the config file's directory and keeps an absolute one", () => {
    expect(profileTlsPaths('ex', 'default', { ca_cert: 'certs/ca.pem', client_cert: '/etc/okapi/c.pem', client_key: '../k.pem' }, '/home/u/.config/okapi')).toEqual({
      ca_cert: '/home/u/.config/okapi/certs/ca.pem',
      client_cert: '/etc/okapi/c.pem',
      client_key: '/home/u/.config/k.pem',
    });
  });

  it('takes a file:// URI as the path it names, and leaves out the fields the profile does not set', () => {
    expect(profileTlsPaths('ex', 'staging', { client_cert: 'file:///srv/both.pem', headers: ['X: y'] }, '/cfg')).toEqual({ client_cert: '/srv/both.pem' });
    expect(profileTlsPaths('ex', 'default', {}, '/cfg')).toEqual({});
  });

  it('refuses a value that is not a path, naming the config key and the command that fixes it', () => {
    // Hand-edited configs are not schema-checked on read: any JSON value may be there.
    expect(() => profileTlsPaths('ex', 'prod', { client_key: 42 } as unknown as Profile, '/cfg')).toThrow(/^apis\.ex\.profiles\.prod\.client_key must be the path of a PEM file, but it is 42$/);
    try {
      profileTlsPaths('ex', 'prod', { ca_cert: '  ' }, '/cfg');
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe('apis.ex.profiles.prod.ca_cert must be the path of a PEM file, but it is "  "');
      expect((error as { hint?: string }).hint).toContain(`okapi api set ex 'profiles.prod.ca_cert: <file>'`);
    }
  });
});

describe('profileTlsKey and profileHasClientCertificate', () => {
  it('names the config key of a field', () => {
    expect(profileTlsKey('shop', 'default', 'client_cert')).toBe('apis.shop.profiles.default.client_cert');
  });

  it('says whether the profile presents a client certificate (what meets mutualTLS)', () => {
    expect(profileHasClientCertificate({ client_cert: 'c.pem', client_key: 'k.pem' })).toBe(true);
    expect(profileHasClientCertificate({ ca_cert: 'ca.pem' })).toBe(false);
    expect(profileHasClientCertificate({ client_cert: '' })).toBe(false);
  });
});
