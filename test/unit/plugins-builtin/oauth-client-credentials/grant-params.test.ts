import { describe, expect, it } from 'vitest';
import { grantParams } from '../../../../plugins-builtin/oauth-client-credentials/grant-params.js';

const owner = 'the oauth-client-credentials auth of API a (profile default)';
const base = { client_id: 'c', client_secret: 's3cret', token_url: 'https://idp.test/token' };

describe('oauth-client-credentials params', () => {
  it('reads the grant, with client_secret_basic by default and other params sent along', () => {
    expect(grantParams({ ...base, scopes: 'read, write  admin', audience: 'https://api.test' }, owner)).toEqual({
      clientId: 'c',
      clientSecret: 's3cret',
      tokenUrl: 'https://idp.test/token',
      scopes: ['read', 'write', 'admin'],
      authMethod: 'client_secret_basic',
      extra: { audience: 'https://api.test' },
    });
  });

  it.each([
    [{ client_id: 'c', client_secret: 's3cret' }, 'needs either the param "issuer_url" or "token_url"; it has none of them'],
    [{ ...base, issuer_url: 'https://idp.test' }, 'needs either the param "issuer_url" or "token_url"; it has issuer_url and token_url'],
    [{ ...base, token_url: 'ftp://idp.test/token' }, 'param "token_url" is "ftp://idp.test/token", which is not an http or https URL'],
    [{ ...base, auth_method: 'private_key_jwt' }, 'param "auth_method" is "private_key_jwt"; it must be one of client_secret_basic, client_secret_post'],
    [{ ...base, client_secret: '' }, 'has no "client_secret" param'],
    [{ ...base, token_endpoint_auth_method: 'client_secret_post' }, 'has a "token_endpoint_auth_method" param, which it would send to the provider as it is'],
    [{ ...base, grant_type: 'password' }, 'has a "grant_type" param, which it would send to the provider as it is'],
  ])('refuses %j', (params, message) => {
    expect(() => grantParams(params, owner)).toThrow(`${owner} ${message}`);
  });

  it('never quotes the secret in an error', () => {
    expect(() => grantParams({ ...base, auth_method: 'x' }, owner)).toThrow(expect.objectContaining({ message: expect.not.stringContaining('s3cret') }));
  });
});
