/** url_overrides: longest source prefix on a URL boundary, prefix checks, and the schema's patterns. */
import { describe, expect, it } from 'vitest';
import { OkapiError } from '../../../../sdk/shared/errors.js';
import { applyUrlOverrides, matchUrlOverride, URL_ORIGIN, URL_PREFIX, urlOriginProblem, urlPrefixProblem } from '../../../../sdk/shared/url-overrides.js';

const overrides = {
  'https://api.example.com': 'http://127.0.0.1:8080',
  'https://api.example.com/v1/files': 'https://files.example.com',
  'https://api.example.com/v2/': 'http://127.0.0.1:9090/two/',
  'https://api.example.com/v3/': 'http://127.0.0.1:9090/three',
};

describe('applyUrlOverrides', () => {
  it.each([
    ['https://api.example.com/v1/items', 'http://127.0.0.1:8080/v1/items'],
    ['https://api.example.com/v1/files/1', 'https://files.example.com/1'],
    ['https://api.example.com/v1/files', 'https://files.example.com/'],
    ['https://api.example.com/v1/files?x=1', 'https://files.example.com/?x=1'],
    // Not mid-segment: /v1/filesystem is not below /v1/files.
    ['https://api.example.com/v1/filesystem', 'http://127.0.0.1:8080/v1/filesystem'],
    ['https://api.example.com', 'http://127.0.0.1:8080/'],
    ['HTTPS://API.EXAMPLE.COM:443/x', 'http://127.0.0.1:8080/x'],
    // Not mid-host, and another port is another origin.
    ['https://api.example.com.evil.net/x', 'https://api.example.com.evil.net/x'],
    ['https://api.example.com:8443/x', 'https://api.example.com:8443/x'],
    ['https://other.example.com/x?y=1', 'https://other.example.com/x?y=1'],
    // A source with a trailing slash matches what is below it; exactly one slash joins.
    ['https://api.example.com/v2/pets', 'http://127.0.0.1:9090/two/pets'],
    ['https://api.example.com/v3/pets', 'http://127.0.0.1:9090/three/pets'],
    ['https://api.example.com/v2', 'http://127.0.0.1:8080/v2'],
  ])('%s → %s', (from, to) => expect(applyUrlOverrides(from, overrides)).toBe(to));

  it('keeps escapes as they are and leaves the URL alone without overrides', () => {
    expect(applyUrlOverrides('https://api.example.com/v1/a%2Fb?q=a%20b', overrides)).toBe('http://127.0.0.1:8080/v1/a%2Fb?q=a%20b');
    expect(applyUrlOverrides('https://api.example.com/x', undefined)).toBe('https://api.example.com/x');
    expect(applyUrlOverrides('https://api.example.com/x', {})).toBe('https://api.example.com/x');
  });

  it('lets the longest source win whatever the order of the entries', () => {
    const reversed = Object.fromEntries(Object.entries(overrides).reverse());
    expect(applyUrlOverrides('https://api.example.com/v1/files/1', reversed)).toBe('https://files.example.com/1');
    expect(matchUrlOverride('https://api.example.com/v1/files/1', reversed)).toEqual({
      source: 'https://api.example.com/v1/files',
      target: 'https://files.example.com',
    });
    expect(matchUrlOverride('https://elsewhere.example.com/', reversed)).toBeUndefined();
  });

  it('lets the later of two sources that are the same once normalised win (a profile extends the API)', () => {
    const merged = { ...{ 'https://api.example.com': 'http://127.0.0.1:1' }, ...{ 'HTTPS://API.EXAMPLE.COM': 'http://127.0.0.1:2/' } };
    expect(applyUrlOverrides('https://api.example.com/x', merged)).toBe('http://127.0.0.1:2/x');
  });

  it('checks every entry, not only the one that matches', () => {
    expect(() => applyUrlOverrides('https://a.com/x', { 'https://a.com': 'https://b.com', 'https://c.com': 'mailto:x' })).toThrow(
      /the value "mailto:x" \(of "https:\/\/c.com"\) is not an absolute http or https URL/,
    );
  });

  it('refuses an entry with user information, a query or a fragment, or not http(s), naming it', () => {
    const bad: [Record<string, string>, RegExp][] = [
      // The password is masked, never quoted.
      [{ 'https://u:p@a.com': 'https://b.com' }, /the key "https:\/\/\*\*\*@a.com\/" must not carry user information, a query or a fragment/],
      [{ 'https://a.com?x=1': 'https://b.com' }, /the key "https:\/\/a.com\?x=1" must not carry/],
      [{ 'https://a.com': 'https://b.com/#top' }, /the value "https:\/\/b.com\/#top" \(of "https:\/\/a.com"\) must not carry/],
      [{ 'https://a.com': 'ftp://b.com' }, /the value "ftp:\/\/b.com" \(of "https:\/\/a.com"\) is not an absolute http or https URL/],
      [{ 'a.com': 'https://b.com' }, /the key "a.com" is not an absolute http or https URL/],
      [{ 'https://a.com:99999': 'https://b.com' }, /the key "https:\/\/a.com:99999" is not a valid URL/],
    ];
    for (const [entries, message] of bad) {
      const error = (() => {
        try {
          applyUrlOverrides('https://a.com/x', entries, 'url_overrides of API example');
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(OkapiError);
      expect((error as OkapiError).message).toMatch(/^url_overrides of API example: /);
      expect((error as OkapiError).message).toMatch(message);
      expect((error as OkapiError).hint).toMatch(/okapi config edit/);
    }
  });
});

describe('URL prefix and origin checks (the config schema uses the patterns)', () => {
  it.each([
    ['https://api.example.com', undefined],
    ['http://127.0.0.1:8080/v1/', undefined],
    ['HTTPS://api.example.com/a@b', undefined],
    ['https://user@api.example.com', 'must not carry user information, a query or a fragment'],
    ['https://api.example.com/#x', 'must not carry user information, a query or a fragment'],
    ['https://', 'must not carry user information, a query or a fragment'],
    ['file:///etc', 'is not an absolute http or https URL such as https://api.example.com/v1'],
    ['/v1', 'is not an absolute http or https URL such as https://api.example.com/v1'],
  ])('prefix %s: %s', (text, problem) => {
    expect(urlPrefixProblem(text)).toBe(problem);
    if (problem === undefined) expect(URL_PREFIX.test(text)).toBe(true);
  });

  it.each([
    ['https://files.example.com', undefined],
    ['http://127.0.0.1:8080/', undefined],
    ['https://files.example.com/v1', 'is not an origin such as https://files.example.com (scheme, host and port only)'],
    ['https://u@files.example.com', 'is not an origin such as https://files.example.com (scheme, host and port only)'],
    ['files.example.com', 'is not an origin such as https://files.example.com (scheme, host and port only)'],
    ['https://files.example.com:70000', 'is not a valid URL'],
  ])('origin %s: %s', (text, problem) => {
    expect(urlOriginProblem(text)).toBe(problem);
    expect(URL_ORIGIN.test(text)).toBe(problem === undefined || problem === 'is not a valid URL');
  });
});
