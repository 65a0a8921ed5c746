import { describe, expect, it } from 'vitest';
import { authorization, inUse, keptToken, useUntil } from '../../../../sdk/oauth/kept-token.js';

const stored = (fields: object) => JSON.stringify({ access_token: 'abc', token_type: 'bearer', use_until: 10_000, grant: 'g1', ...fields });

describe('the kept OAuth token', () => {
  it('is read for its grant, and in use until its time', () => {
    const token = keptToken(stored({ refresh_token: 'r' }), 'g1')!;
    expect(token).toEqual({ access_token: 'abc', token_type: 'bearer', use_until: 10_000, refresh_token: 'r', grant: 'g1' });
    expect(inUse(token, 9_999)).toBe(true);
    expect(inUse(token, 10_000)).toBe(false);
    expect(keptToken(stored({}), 'g2')).toBeUndefined();
  });

  it('without a lifetime is in use until a 401 renews it', () => {
    const token = keptToken(stored({ use_until: undefined }), 'g1')!;
    expect(token.use_until).toBeUndefined();
    expect(inUse(token, Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('is ignored when absent or damaged', () => {
    expect(keptToken(undefined, 'g1')).toBeUndefined();
    expect(keptToken('{not json', 'g1')).toBeUndefined();
    expect(keptToken(stored({ use_until: '10000' }), 'g1')).toBeUndefined();
    expect(keptToken(stored({ refresh_token: 7 }), 'g1')).toBeUndefined();
  });

  it('stops a tenth of its life early, at most 30 s, and has no end without a lifetime', () => {
    expect(useUntil(0, 60)).toBe(54_000);
    expect(useUntil(0, 3600)).toBe(3_570_000);
    expect(useUntil(0, undefined)).toBeUndefined();
    expect(useUntil(0, 0)).toBeUndefined();
  });

  it('is sent as RFC 6750 writes a bearer token', () => {
    expect(authorization({ access_token: 'abc', token_type: 'bearer' })).toBe('Bearer abc');
    expect(authorization({ access_token: 'abc', token_type: 'mac' })).toBe('mac abc');
  });
});
