import { describe, expect, it } from 'vitest';
import bearer from '../../../../plugins-builtin/bearer/index.js';
import { OkapiError } from '../../../../sdk/shared/errors.js';
import { authFailure, authenticateWith } from './fixtures.js';

describe('the bearer auth type', () => {
  it('sends the token as an Authorization bearer header', async () => {
    expect(await authenticateWith(bearer, { token: 'tok-123' })).toEqual({ headers: { Authorization: 'Bearer tok-123' } });
  });

  it('needs its secret params', () => {
    expect(bearer.manifest.needs_auth_secrets).toBe(true);
  });

  it('names the API, profile and param of a missing or empty token, and the command that sets it', async () => {
    for (const params of [{}, { token: '' }] as Record<string, string>[]) {
      const error = await authFailure(bearer, params);
      expect(error).toBeInstanceOf(OkapiError);
      expect(error.message).toContain('the bearer auth of API shop (profile staging) needs the param "token"');
      expect(error.hint).toBe("okapi api set shop 'profiles.staging.auth.params.token: env:MY_TOKEN'");
    }
    expect((await authFailure(bearer, { token: '' })).message).toContain('which is empty');
  });
});
