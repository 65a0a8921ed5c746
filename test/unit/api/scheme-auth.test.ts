/** The auth each OpenAPI security scheme calls for, as `api auth add` prefills it. */
import { describe, expect, it } from 'vitest';
import { schemeAuth } from '../../../plugins-builtin/api/scheme-auth.js';

describe('schemeAuth', () => {
  it('maps http bearer and basic (any case), api keys and OpenID Connect', () => {
    expect(schemeAuth({ type: 'http', scheme: 'Bearer' })).toEqual({ type: 'bearer' });
    expect(schemeAuth({ type: 'http', scheme: 'basic' })).toEqual({ type: 'http-basic' });
    expect(schemeAuth({ type: 'http', scheme: 'digest' })).toBeUndefined();
    expect(schemeAuth({ type: 'apiKey', in: 'cookie', name: 'sid' })).toEqual({ type: 'api-key', params: { in: 'cookie', name: 'sid' } });
    expect(schemeAuth({ type: 'openIdConnect', open_id_connect_url: 'https://id.example.com/t/.well-known/openid-configuration' })).toEqual({
      type: 'oauth-authorization-code',
      params: { issuer_url: 'https://id.example.com/t' },
    });
    expect(schemeAuth({ type: 'mutualTLS' })).toBeUndefined();
  });

  it('maps the one OAuth flow okapi has a type for, with its URLs and scopes', () => {
    const flows = {
      implicit: { authorization_url: 'https://id/auth', scopes: [] },
      authorizationCode: { authorization_url: 'https://id/auth', token_url: 'https://id/token', scopes: ['read', 'write'] },
    };
    expect(schemeAuth({ type: 'oauth2', flows })).toEqual({
      type: 'oauth-authorization-code',
      params: { authorization_url: 'https://id/auth', token_url: 'https://id/token', scopes: 'read write' },
    });
    expect(schemeAuth({ type: 'oauth2', flows: { implicit: flows.implicit } })).toBeUndefined();
  });

  it('leaves the choice among several flows to the user, unless a type picks one', () => {
    const flows = {
      clientCredentials: { token_url: 'https://id/token', scopes: [] },
      deviceAuthorization: { device_authorization_url: 'https://id/device', token_url: 'https://id/token', scopes: ['a'] },
    };
    expect(() => schemeAuth({ type: 'oauth2', flows })).toThrow(
      expect.objectContaining({ message: 'the scheme offers several OAuth flows: clientCredentials, deviceAuthorization', hint: expect.stringContaining("'auth.type: <type>'") }),
    );
    expect(schemeAuth({ type: 'oauth2', flows }, 'oauth-device-code')).toEqual({
      type: 'oauth-device-code',
      params: { device_authorization_url: 'https://id/device', token_url: 'https://id/token', scopes: 'a' },
    });
    expect(schemeAuth({ type: 'oauth2', flows }, 'bearer')).toBeUndefined();
  });
});
