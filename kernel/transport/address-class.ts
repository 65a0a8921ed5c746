/**
 * Which kind of network an IP address is on, for the rule that a fetch which started on a public
 * address must not be led to a private one (docs/design/013-ssrf-address-policy.md). Pure: no DNS.
 *
 * IPv6 forms that carry an IPv4 address take that address's class: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32, whose
 * client address is stored inverted). The local-use NAT64 prefix 64:ff9b:1::/48 leads wherever the
 * local translator sends it, so all of it counts as private.
 */
import { isIP } from 'node:net';

export type AddressClass = 'public' | 'private' | 'loopback' | 'link-local' | 'unspecified';

/** The class of an IPv4 or IPv6 address literal (brackets and a zone allowed); anything else is `public`. */
export function classifyAddress(address: string): AddressClass {
  let ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const zone = ip.indexOf('%');
  if (zone !== -1) ip = ip.slice(0, zone);
  if (isIP(ip) === 4) return classifyV4(ip.split('.').map(Number) as Quad);
  if (isIP(ip) !== 6) return 'public';
  return classifyV6(expandV6(ip));
}

type Quad = [number, number, number, number];

function classifyV4([a, b, c]: Quad): AddressClass {
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10) return 'private';
  if (a === 172 && b >= 16 && b <= 31) return 'private';
  if (a === 192 && b === 168) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private'; // carrier-grade NAT, 100.64.0.0/10
  if (a === 192 && b === 0 && c === 0) return 'private'; // IETF protocol assignments, 192.0.0.0/24
  if (a === 198 && (b === 18 || b === 19)) return 'private'; // benchmarking networks, 198.18.0.0/15
  return 'public';
}

function classifyV6(words: number[]): AddressClass {
  const [w0, w1, w2, w3, w4, w5, w6, w7] = words as [number, number, number, number, number, number, number, number];
  const zeroUpTo = (end: number): boolean => words.slice(0, end).every((w) => w === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && w7 === 1) return 'loopback';
  if (zeroUpTo(5) && (w5 === 0xffff || w5 === 0)) return classifyV4(quadOf(w6, w7)); // mapped, compatible
  if (w0 === 0x64 && w1 === 0xff9b) {
    if (w2 === 1) return 'private'; // local-use NAT64, 64:ff9b:1::/48
    if (w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) return classifyV4(quadOf(w6, w7));
  }
  if (w0 === 0x2002) return classifyV4(quadOf(w1, w2)); // 6to4
  if (w0 === 0x2001 && w1 === 0) return classifyV4(quadOf(w6 ^ 0xffff, w7 ^ 0xffff)); // Teredo
  if ((w0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((w0 & 0xfe00) === 0xfc00) return 'private'; // unique local, fc00::/7
  if ((w0 & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated), fec0::/10
  return 'public';
}

function quadOf(high: number, low: number): Quad {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

/** Eight 16-bit words; a trailing dotted IPv4 part becomes the last two. */
function expandV6(ip: string): number[] {
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as Quad;
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headWords = head ? head.split(':').filter((w) => w !== '') : [];
  const tailWords = tail ? tail.split(':').filter((w) => w !== '') : [];
  const missing = 8 - headWords.length - tailWords.length;
  return [...headWords, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailWords].map((w) => parseInt(w, 16) || 0);
}
