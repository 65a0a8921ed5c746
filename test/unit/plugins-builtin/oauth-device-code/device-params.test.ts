import { describe, expect, it } from 'vitest';
import { deviceParams } from '../../../../plugins-builtin/oauth-device-code/device-params.js';

const owner = 'the oauth-device-code auth of API a (profile default)';
const endpoints = { client_id: 'c', device_authorization_url: 'https://idp.test/device', token_url: 'https://idp.test/token' };

describe('oauth-device-code params', () => {
  it('reads a public client by discovery, with no client authentication and other params sent along', () => {
    expect(deviceParams({ client_id: 'c', issuer_url: 'https://idp.test', scopes: 'read, offline_access', audience: 'https://api.test' }, owner)).toEqual({
      clientId: 'c',
      issuerUrl: 'https://idp.test',
      scopes: ['read', 'offline_access'],
      authMethod: 'none',
      extra: { audience: 'https://api.test' },
    });
  });

  it('reads a confidential client with both endpoints, client_secret_basic by default', () => {
    expect(deviceParams({ ...endpoints, client_secret: 's3cret' }, owner)).toEqual({
      clientId: 'c',
      clientSecret: 's3cret',
      deviceAuthorizationUrl: 'https://idp.test/device',
      tokenUrl: 'https://idp.test/token',
      scopes: [],
      authMethod: 'client_secret_basic',
      extra: {},
    });
  });

  it.each([
    [{ client_id: 'c' }, 'needs either the param "issuer_url" or both "device_authorization_url" and "token_url"; it has none of them'],
    [{ client_id: 'c', token_url: 'https://idp.test/token' }, 'needs either the param "issuer_url" or both "device_authorization_url" and "token_url"; it has token_url'],
    [{ ...endpoints, issuer_url: 'https://idp.test' }, 'needs either the param "issuer_url" or both "device_authorization_url" and "token_url"; it has issuer_url, device_authorization_url and token_url'],
    [{ ...endpoints, token_url: 'ftp://idp.test/token' }, 'param "token_url" is "ftp://idp.test/token", which is not an http or https URL'],
    [{ ...endpoints, client_id: '' }, 'has no "client_id" param'],
    [{ ...endpoints, auth_method: 'private_key_jwt' }, 'param "auth_method" is "private_key_jwt"; it must be one of none, client_secret_basic, client_secret_post'],
    [{ ...endpoints, auth_method: 'client_secret_post' }, 'param "auth_method" is client_secret_post, which needs a "client_secret" param, and there is none'],
    [{ ...endpoints, auth_method: 'none', client_secret: 's3cret' }, 'has a "client_secret" param, but its "auth_method" is none, which sends no secret'],
    [{ ...endpoints, scope: 'read' }, 'has a "scope" param, which it would send to the provider as it is'],
    [{ ...endpoints, grant_type: 'password' }, 'has a "grant_type" param, which it would send to the provider as it is'],
  ])('refuses %j', (params, message) => {
    expect(() => deviceParams(params, owner)).toThrow(`${owner} ${message}`);
  });
});
