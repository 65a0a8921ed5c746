/** The typed target URL: cases test/fuzz/request-input.fuzz.test.ts found. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../sdk/shared/errors.js';
import { normalizeTargetUrl } from '../../../sdk/shared/target-url.js';

function refusal(text: string): string {
  try {
    normalizeTargetUrl(text);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error(`${text} was accepted`);
}

describe('a mistyped scheme', () => {
  // With https:// put in front these went to the host "1ttps" or "https", the rest as a path.
  it.each(['1ttps://api.example.com/x', 'https//api.example.com/x', 'https:/api.example.com/x', 'http:api.example.com', 'h ttps://api.example.com'])('%s is refused, not sent to a guessed host', (text) => {
    expect(refusal(text)).toMatch(/is not a URL/);
  });

  it('a URL in a query is no scheme', () => {
    expect(normalizeTargetUrl('localhost:8080/r?to=http://x').href).toBe('http://localhost:8080/r?to=http://x');
    expect(normalizeTargetUrl('api.example.com/r?to=https://x').host).toBe('api.example.com');
  });
});

describe('errors show no secret', () => {
  it.each([
    ['1ttps://me:hunter2@api.example.com/x', 'hunter2'],
    ['https:/me:hunter2@api.example.com/x', 'hunter2'],
    ['/items?api_key=hunter2', 'hunter2'],
    ['\u0000ttps://me:sk9live4Zq8Xw2Lm7Np3@api.example.com/x', 'sk9live4Zq8Xw2Lm7Np3'],
    ['example.comhttp://?user:sk9live4Zq8Xw2Lm7Np3@', 'sk9live4Zq8Xw2Lm7Np3'],
  ])('%s', (text, secret) => {
    expect(refusal(text)).not.toContain(secret);
  });
});
