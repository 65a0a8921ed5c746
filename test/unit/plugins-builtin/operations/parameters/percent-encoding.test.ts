import { describe, expect, it } from 'vitest';
import { percentEncode } from '../../../../../plugins-builtin/operations/parameters/percent-encoding.js';

const ASCII = Array.from({ length: 0x80 }, (_, code) => String.fromCharCode(code));
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** An independent spelling: encodeURIComponent leaves `! ' ( ) *` raw, RFC 3986 does not. */
function strictlyEncoded(character: string): string {
  return encodeURIComponent(character).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

describe('percentEncode', () => {
  it('keeps exactly the RFC 3986 unreserved characters and escapes every other ASCII character', () => {
    for (const character of ASCII) {
      expect(percentEncode(character, 'unreserved')).toBe(UNRESERVED.test(character) ? character : strictlyEncoded(character));
    }
  });

  it('escapes each UTF-8 byte of other characters, in upper-case hex', () => {
    expect(percentEncode('ü€😀', 'unreserved')).toBe('%C3%BC%E2%82%AC%F0%9F%98%80');
    expect(percentEncode('ü€😀', 'query-reserved')).toBe('%C3%BC%E2%82%AC%F0%9F%98%80');
  });

  it('keeps, in the query set, the reserved characters that do not change a query, and nothing else', () => {
    const kept = ASCII.filter((character) => percentEncode(character, 'query-reserved') === character && !UNRESERVED.test(character));
    expect(kept.join('')).toBe('!$()*,/:;?@[]');
    expect(percentEncode("#&=+'% %25\"<>\\^`{|}", 'query-reserved')).toBe('%23%26%3D%2B%27%25%20%2525%22%3C%3E%5C%5E%60%7B%7C%7D');
  });

  it('never takes text as already encoded', () => {
    expect(percentEncode('100%25', 'unreserved')).toBe('100%2525');
    expect(percentEncode('100%25', 'query-reserved')).toBe('100%2525');
  });
});

describe("Node's WHATWG URL, which the host builds the request from", () => {
  const printable = ASCII.filter((character) => character >= ' ' && character < '\x7f');
  const samples = [...printable, 'ü€😀', 'a b+c%d', '%2B%20%25%7C%5B'];

  it('leaves every encoded query value and name as it is', () => {
    for (const text of samples) {
      for (const set of ['unreserved', 'query-reserved'] as const) {
        const query = `${percentEncode(text, set)}=${percentEncode(text, set)}&x=1`;
        expect(new URL(`http://example.test/p?${query}`).search).toBe(`?${query}`);
      }
    }
  });

  it('leaves every encoded path segment as it is', () => {
    for (const text of samples) {
      const segment = `x${percentEncode(text, 'unreserved')}`;
      expect(new URL(`http://example.test/a/${segment}/b`).pathname).toBe(`/a/${segment}/b`);
    }
  });

  it('drops a "." or ".." segment even when escaped, which is why a path value may not make one', () => {
    expect(new URL('http://example.test/a/%2E%2E/b').pathname).toBe('/b');
    expect(new URL('http://example.test/a/%2e/b').pathname).toBe('/a/b');
  });
});
