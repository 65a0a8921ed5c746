import { describe, expect, it } from 'vitest';
import { authOwner, authParamHint } from '../../../sdk/auth-params.js';

describe('the auth param hint', () => {
  it('names where the auth is: the profile, a credential binding, or a shared auth profile', () => {
    const request = { api: 'shop', profile: 'staging' };
    expect(authParamHint(request, 'token', 'env:T')).toBe("okapi api set shop 'profiles.staging.auth.params.token: env:T'");
    expect(authParamHint({ ...request, credential: 'partner' }, 'token', 'env:T')).toBe("okapi api set shop 'profiles.staging.credentials.partner.auth.params.token: env:T'");
    expect(authParamHint({ ...request, credential: 'partner', auth_profile: 'corp' }, 'token', 'env:T')).toBe("okapi config set 'auth_profiles.corp.params.token: env:T'");
  });

  it('names the auth by type, API and profile', () => {
    expect(authOwner('bearer', { api: 'shop', profile: 'staging' })).toBe('the bearer auth of API shop (profile staging)');
  });
});
