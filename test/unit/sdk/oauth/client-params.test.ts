/** The params every OAuth auth type reads alike (sdk/oauth/client-params.ts): what is read, what is refused and how. */
import { describe, expect, it } from 'vitest';
import { clientParams, firstRequestParams, type ClientParamRules } from '../../../../sdk/oauth/client-params.js';

const OWNER = 'the oauth-client-credentials auth of API shop (profile default)';
const CLIENT_CREDENTIALS: ClientParamRules = { endpoints: ['token_url'], secretRequired: true };
const AUTHORIZATION_CODE: ClientParamRules = { endpoints: ['authorization_url', 'token_url'], own: ['redirect_port'], mistaken: { redirect_uri: 'okapi chooses the loopback redirect itself' } };

describe('clientParams', () => {
  it('reads the client, its endpoints or issuer, its scopes and the params sent along', () => {
    const read = clientParams(
      { client_id: 'cli', client_secret: 's3cret', token_url: 'https://id.example/token', scopes: 'read write,admin ', audience: 'https://api.example' },
      OWNER,
      CLIENT_CREDENTIALS,
    );
    expect(read).toEqual({
      clientId: 'cli',
      clientSecret: 's3cret',
      authMethod: 'client_secret_basic',
      endpoints: { token_url: 'https://id.example/token' },
      scopes: ['read', 'write', 'admin'],
      extra: { audience: 'https://api.example' },
    });
    expect(firstRequestParams(read)).toEqual({ audience: 'https://api.example', scope: 'read write admin' });
    expect(clientParams({ client_id: 'cli', issuer_url: 'https://id.example', redirect_port: '8765' }, OWNER, AUTHORIZATION_CODE)).toMatchObject({
      issuerUrl: 'https://id.example',
      endpoints: {},
      authMethod: 'none',
      extra: {},
    });
    expect(firstRequestParams({ extra: {}, scopes: [] })).toEqual({});
  });

  it('takes an empty param as not given', () => {
    expect(() => clientParams({ client_id: '', client_secret: 's', token_url: 'https://id.example/token' }, OWNER, CLIENT_CREDENTIALS)).toThrow(`${OWNER} has no "client_id" param`);
    expect(clientParams({ client_id: 'cli', client_secret: '', issuer_url: 'https://id.example' }, OWNER, AUTHORIZATION_CODE).authMethod).toBe('none');
  });

  it('refuses the endpoints given both ways or only in part, and endpoints that are not http(s) URLs', () => {
    expect(() => clientParams({ client_id: 'cli', issuer_url: 'https://id.example', token_url: 'https://id.example/token' }, OWNER, AUTHORIZATION_CODE)).toThrow(
      'needs either the param "issuer_url" or both "authorization_url" and "token_url"; it has issuer_url and token_url',
    );
    expect(() => clientParams({ client_id: 'cli', token_url: 'https://id.example/token' }, OWNER, AUTHORIZATION_CODE)).toThrow('it has token_url');
    expect(() => clientParams({ client_id: 'cli', client_secret: 's' }, OWNER, CLIENT_CREDENTIALS)).toThrow('needs either the param "issuer_url" or "token_url"; it has none of them');
    expect(() => clientParams({ client_id: 'cli', client_secret: 's', token_url: 'file:///etc/passwd' }, OWNER, CLIENT_CREDENTIALS)).toThrow(
      'param "token_url" is "file:///etc/passwd", which is not an http or https URL',
    );
  });

  it('refuses params that would be sent along but mean something else, saying what to write instead', () => {
    expect(() => clientParams({ client_id: 'cli', client_secret: 's', token_url: 'https://id.example/token', scope: 'read' }, OWNER, CLIENT_CREDENTIALS)).toThrow(
      expect.objectContaining({ message: `${OWNER} has a "scope" param, which it would send to the provider as it is`, hint: 'remove it: scopes are the "scopes" param' }),
    );
    expect(() => clientParams({ client_id: 'cli', issuer_url: 'https://id.example', redirect_uri: 'http://localhost/cb' }, OWNER, AUTHORIZATION_CODE)).toThrow(
      expect.objectContaining({ hint: 'remove it: okapi chooses the loopback redirect itself' }),
    );
  });

  it('matches the client authentication method to the secret, and never quotes the secret', () => {
    const base = { client_id: 'cli', issuer_url: 'https://id.example' };
    expect(clientParams({ ...base, client_secret: 'hunter2', auth_method: 'client_secret_post' }, OWNER, AUTHORIZATION_CODE).authMethod).toBe('client_secret_post');
    const failures = [
      () => clientParams({ ...base, auth_method: 'client_secret_basic' }, OWNER, AUTHORIZATION_CODE),
      () => clientParams({ ...base, client_secret: 'hunter2', auth_method: 'none' }, OWNER, AUTHORIZATION_CODE),
      () => clientParams({ ...base, client_secret: 'hunter2', auth_method: 'private_key_jwt' }, OWNER, AUTHORIZATION_CODE),
      () => clientParams({ ...base, client_secret: 'hunter2', auth_method: 'none' }, OWNER, CLIENT_CREDENTIALS),
      () => clientParams({ ...base }, OWNER, CLIENT_CREDENTIALS),
    ];
    const messages = failures.map((fail) => {
      try {
        fail();
      } catch (error) {
        return `${(error as Error).message} ${(error as { hint?: string }).hint ?? ''}`;
      }
      throw new Error('expected a refusal');
    });
    expect(messages[0]).toContain('"auth_method" is client_secret_basic, which needs a "client_secret" param');
    expect(messages[1]).toContain('has a "client_secret" param, but its "auth_method" is none');
    expect(messages[2]).toContain('it must be one of none, client_secret_basic, client_secret_post');
    // A confidential-only type does not offer `none`.
    expect(messages[3]).toContain('it must be one of client_secret_basic, client_secret_post');
    expect(messages[4]).toContain('has no "client_secret" param');
    for (const message of messages) expect(message).not.toContain('hunter2');
  });
});
