import { describe, expect, it } from 'vitest';
import { signInParams } from '../../../../plugins-builtin/oauth-authorization-code/sign-in-params.js';

const owner = 'the oauth-authorization-code auth of API a (profile default)';
const base = { client_id: 'c', issuer_url: 'https://idp.test' };

describe('oauth-authorization-code params', () => {
  it('reads a public client by discovery, with the default redirect and other params sent along', () => {
    expect(signInParams({ ...base, scopes: 'openid, read  write', audience: 'https://api.test', prompt: 'login' }, owner)).toEqual({
      clientId: 'c',
      authMethod: 'none',
      issuerUrl: 'https://idp.test',
      scopes: ['openid', 'read', 'write'],
      redirectPath: '/callback',
      redirectPort: 0,
      extra: { audience: 'https://api.test', prompt: 'login' },
    });
  });

  it('reads a confidential client at endpoints given directly, on a fixed redirect', () => {
    const params = { client_id: 'c', client_secret: 's3cret', authorization_url: 'https://idp.test/authorize', token_url: 'https://idp.test/token', redirect_path: '/oauth/done', redirect_port: '8484' };
    expect(signInParams(params, owner)).toEqual({
      clientId: 'c',
      clientSecret: 's3cret',
      authMethod: 'client_secret_basic',
      authorizationUrl: 'https://idp.test/authorize',
      tokenUrl: 'https://idp.test/token',
      scopes: [],
      redirectPath: '/oauth/done',
      redirectPort: 8484,
      extra: {},
    });
    expect(signInParams({ ...params, auth_method: 'client_secret_post' }, owner).authMethod).toBe('client_secret_post');
    expect(signInParams({ ...base, auth_method: 'none' }, owner).authMethod).toBe('none');
  });

  it.each([
    [{ issuer_url: 'https://idp.test' }, 'has no "client_id" param'],
    [{ client_id: 'c' }, 'needs either the param "issuer_url" or both "authorization_url" and "token_url"; it has none of them'],
    [{ client_id: 'c', authorization_url: 'https://idp.test/authorize' }, 'needs either the param "issuer_url" or both "authorization_url" and "token_url"; it has authorization_url'],
    [{ client_id: 'c', token_url: 'https://idp.test/token' }, 'needs either the param "issuer_url" or both "authorization_url" and "token_url"; it has token_url'],
    [{ ...base, token_url: 'https://idp.test/token' }, 'needs either the param "issuer_url" or both "authorization_url" and "token_url"; it has issuer_url and token_url'],
    [{ ...base, issuer_url: 'idp.test' }, 'param "issuer_url" is "idp.test", which is not an http or https URL'],
    [{ ...base, auth_method: 'client_secret_basic' }, 'param "auth_method" is client_secret_basic, which needs a "client_secret" param, and there is none'],
    [{ ...base, client_secret: 's3cret', auth_method: 'none' }, 'has a "client_secret" param, but its "auth_method" is none, which sends no secret'],
    [{ ...base, redirect_path: 'callback' }, 'param "redirect_path" is "callback", which is not a URL path'],
    [{ ...base, redirect_path: '/cb?x=1' }, 'param "redirect_path" is "/cb?x=1", which is not a URL path'],
    [{ ...base, redirect_path: '//evil.test/cb' }, 'param "redirect_path" is "//evil.test/cb", which is not a URL path'],
    [{ ...base, redirect_path: '/a b' }, 'param "redirect_path" is "/a b", which is not a URL path'],
    [{ ...base, redirect_port: '0' }, 'param "redirect_port" is "0", which is not a port number (1 to 65535)'],
    [{ ...base, redirect_port: '70000' }, 'param "redirect_port" is "70000", which is not a port number (1 to 65535)'],
    [{ ...base, redirect_port: 'http' }, 'param "redirect_port" is "http", which is not a port number (1 to 65535)'],
    [{ ...base, redirect_uri: 'http://localhost/cb' }, 'has a "redirect_uri" param, which it would send to the provider as it is'],
    [{ ...base, authorize_url: 'https://idp.test/authorize' }, 'has a "authorize_url" param, which it would send to the provider as it is'],
    [{ ...base, scope: 'read' }, 'has a "scope" param, which it would send to the provider as it is'],
    [{ ...base, state: 'x' }, 'has a "state" param, which it would send to the provider as it is'],
    [{ ...base, code_challenge_method: 'plain' }, 'has a "code_challenge_method" param, which it would send to the provider as it is'],
  ])('refuses %j', (params, message) => {
    expect(() => signInParams(params, owner)).toThrow(`${owner} ${message}`);
  });

  it('never quotes the secret in an error', () => {
    expect(() => signInParams({ ...base, client_secret: 's3cret', auth_method: 'x' }, owner)).toThrow(expect.objectContaining({ message: expect.not.stringContaining('s3cret') }));
  });
});
