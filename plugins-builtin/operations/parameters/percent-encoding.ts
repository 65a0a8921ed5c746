/**
 * Percent-encoding for parameter text (RFC 3986 §2.1): every byte of the text's UTF-8 form becomes
 * `%XX` (upper-case hex) unless its character is in the set a caller keeps. The sets are chosen so
 * that Node's WHATWG `URL` (which the host builds the request from) leaves the text exactly as
 * written here: it never decodes an escape, and it would itself escape a raw `'` in an http(s) query,
 * so `'` is in no set.
 */

/** RFC 3986 §2.3: the characters that never need escaping. Everything else is escaped by default. */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/**
 * The reserved characters (RFC 3986 §2.2, as OpenAPI's `allowReserved` lists them) that may stand
 * raw in a query value or name without changing what it means: `! $ ( ) * , / : ; ? @ [ ]`.
 * Still escaped, although reserved: `#` (would start the fragment), `&` (would end the pair), `=`
 * (would end the name), `+` (form decoding reads it as a space), `'` (the URL would escape it);
 * and, not being reserved, `%` (as `%25`: text is never taken as already encoded), the space and
 * every other character.
 */
const QUERY_SAFE_RESERVED = "!$()*,/:;?@[]";

export type EncodingSet = 'unreserved' | 'query-reserved';

const KEPT: Record<EncodingSet, ReadonlySet<string>> = {
  unreserved: new Set(UNRESERVED),
  'query-reserved': new Set(UNRESERVED + QUERY_SAFE_RESERVED),
};

/** `text` with every character outside `set` percent-encoded as UTF-8; `text` must be well-formed UTF-16. */
export function percentEncode(text: string, set: EncodingSet): string {
  const kept = KEPT[set];
  let encoded = '';
  for (const character of text) {
    if (kept.has(character)) {
      encoded += character;
      continue;
    }
    for (const byte of Buffer.from(character, 'utf8')) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}
