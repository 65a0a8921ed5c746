import { describe, expect, it } from 'vitest';
import { authorization, usableToken, useUntil } from '../../../../plugins-builtin/oauth-client-credentials/cached-token.js';

const stored = (fields: object) => JSON.stringify({ access_token: 'abc', token_type: 'bearer', use_until: 10_000, grant: 'g1', ...fields });

describe('the kept OAuth token', () => {
  it('is used for its grant until its time', () => {
    expect(usableToken(stored({}), 'g1', 9_999)).toEqual({ access_token: 'abc', token_type: 'bearer', use_until: 10_000, grant: 'g1' });
    expect(usableToken(stored({}), 'g1', 10_000)).toBeUndefined();
    expect(usableToken(stored({}), 'g2', 0)).toBeUndefined();
  });

  it('is ignored when absent or damaged', () => {
    expect(usableToken(undefined, 'g1', 0)).toBeUndefined();
    expect(usableToken('{not json', 'g1', 0)).toBeUndefined();
    expect(usableToken(stored({ use_until: '10000' }), 'g1', 0)).toBeUndefined();
  });

  it('stops a tenth of its life early, at most 30 s, and is not kept without a lifetime', () => {
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
