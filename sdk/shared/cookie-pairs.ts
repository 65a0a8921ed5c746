/**
 * A Cookie header is a list of `name=value` pairs (RFC 6265 §4.2.1), not one value: whoever adds a
 * cookie (a profile, a command's cookie parameter, -H, an api-key auth) adds or replaces pairs by
 * name and keeps the others. Names compare exactly: cookie names are case-sensitive.
 */

/** Each pair of the Cookie header lines as `[name, pair]`, the pair as written; a pair without `=` is all name. */
export function cookiePairsOf(lines: readonly string[]): [string, string][] {
  return lines
    .flatMap((line) => line.split(';'))
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => [pair.split('=', 1)[0]!.trim(), pair]);
}

/** The one Cookie header line of `pairs`. */
export function cookieLine(pairs: readonly [string, string][]): string {
  return pairs.map(([, pair]) => pair).join('; ');
}
