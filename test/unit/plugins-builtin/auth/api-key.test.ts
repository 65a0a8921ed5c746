import { describe, expect, it } from 'vitest';
import apiKey from '../../../../plugins-builtin/api-key/index.js';
import { authFailure, authenticateWith } from './fixtures.js';

describe('the api-key auth type', () => {
  it('sends the key as the named header or query parameter', async () => {
    expect(await authenticateWith(apiKey, { in: 'header', name: 'X-API-Key', value: 'k1' })).toEqual({ headers: { 'X-API-Key': 'k1' } });
    expect(await authenticateWith(apiKey, { in: 'query', name: 'api_key', value: 'k1' })).toEqual({ query: { api_key: 'k1' } });
  });

  it('adds a cookie to those the request has, replacing one of the same name', async () => {
    expect(await authenticateWith(apiKey, { in: 'cookie', name: 'sid', value: 'k1' })).toEqual({ headers: { Cookie: 'sid=k1' } });
    const update = await authenticateWith(apiKey, { in: 'cookie', name: 'sid', value: 'k1' }, { cookie: ['theme=dark; sid=old', 'lang=en'] });
    expect(update).toEqual({ headers: { Cookie: 'theme=dark; lang=en; sid=k1' } });
  });

  it('refuses a missing or unknown "in", naming the profile, the param and the value at fault', async () => {
    const missing = await authFailure(apiKey, { name: 'X-API-Key', value: 'k1' });
    expect(missing.message).toBe('the api-key auth of API shop (profile staging) needs the param "in", which is not set');
    expect(missing.hint).toBe("okapi api set shop 'profiles.staging.auth.params.in: header'");
    const wrong = await authFailure(apiKey, { in: 'body', name: 'X-API-Key', value: 'k1' });
    expect(wrong.message).toBe('the api-key auth of API shop (profile staging) has the param "in" set to "body", but it must be header, query or cookie');
    expect(wrong.hint).toBe("okapi api set shop 'profiles.staging.auth.params.in: header'");
    const swapped = await authFailure(apiKey, { in: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', name: 'X-API-Key', value: 'header' });
    expect(swapped.message).toContain(`has the param "in" set to "${'*'.repeat(32)}"`);
  });

  it('names a missing name or value, never showing the key', async () => {
    const noName = await authFailure(apiKey, { in: 'query', value: 'k1-secret' });
    expect(noName.message).toContain('needs the param "name"');
    expect(noName.hint).toBe("okapi api set shop 'profiles.staging.auth.params.name: api_key'");
    expect(`${noName.message}${noName.hint}`).not.toContain('k1-secret');
    expect((await authFailure(apiKey, { in: 'header', name: 'X-API-Key' })).hint).toBe("okapi api set shop 'profiles.staging.auth.params.value: env:MY_API_KEY'");
  });
});
