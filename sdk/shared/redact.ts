/**
 * Text as it may appear in messages: user information in URLs, credential-looking query values and
 * the values of credential-looking header or parameter entries are replaced by `***`, so an error
 * report never carries a secret. One rule decides what looks like a credential: a name that
 * isCredentialName accepts (credential-names.ts, which spells the rule out), or, where no name can
 * be told apart, a word shaped like a token.
 */
import { isCredentialName } from './credential-names.js';
import { queryEntryName } from './query-layers.js';

/** What stands in for a secret. */
export const MASK = '***';

/** What stands in for a whole value withheld: a header in a transcript, a field of a saved entry. */
export const REDACTED = '<redacted>';

const NO_NAMES: ReadonlySet<string> = new Set();

/** A `Name: value` or `key=value` entry cut at its first separator; a malformed entry's name is its first word. */
export function splitField(entry: string): { name: string; separator: string; value: string } {
  const match = /^(\s*[^\s:=]*)(\s*[:=]?\s*)([\s\S]*)$/.exec(entry)!;
  return { name: match[1]!, separator: match[2]!, value: match[3]! };
}

/**
 * A word that is probably a secret though nothing names it: a JWT, or a long run of letters and
 * digits such as an API key (`sk_live_…`, `ghp_…`). Ordinary words and header names do not match.
 */
function looksLikeToken(word: string): boolean {
  return /^eyJ[\w-]*\.[\w.-]*$/.test(word) || (word.length >= 16 && /\d/.test(word) && /[a-z]/i.test(word) && /^[\w-]+$/.test(word));
}

/**
 * A header or query entry as messages may show it: the value masked when the name looks like a
 * credential (`Authorization Bearer sk_…`, colon forgotten, becomes `Authorization ***`), and
 * every token-shaped word masked, wherever it stands.
 */
export function redactField(entry: string, mask: string = MASK): string {
  // The name ends at the first character that is not a word character, whatever okapi splits at
  // (`Authorization;sk_…`): what follows a credential's name is its value.
  const lead = /^(\s*[A-Za-z][\w-]*)([\s:=;,]*)/.exec(entry);
  if (lead && lead[0].length < entry.length && isCredentialName(lead[1]!.trim())) return `${maskTokens(lead[1]!, mask)}${lead[2]}${mask}`;
  const { name, separator, value } = splitField(entry);
  if (value !== '' && isCredentialName(name.trim())) return `${maskTokens(name, mask)}${separator}${mask}`;
  return maskTokens(entry, mask);
}

/**
 * Free text that quotes user input (a shorthand expression under a caret) with the same rule, each
 * masked character replaced by `*` so positions in the text stay where they were: the user
 * information of a URL and its credential-looking query values, the value after a
 * credential-looking name (up to `,`, `}`, `]`, a ` //` comment or the line's end) and every
 * token-shaped word.
 */
export function redactKeepingLength(text: string): string {
  const stars = (part: string) => '*'.repeat(part.length);
  const masked = text
    .replace(/(:\/\/)([^/\s@?#]+)@/g, (_whole, slashes: string, userinfo: string) => `${slashes}${stars(userinfo)}@`)
    // A query or fragment parameter first: the name rule below would read `https` as the name of the whole URL.
    .replace(/([?&#])([^=&#?\s]+)=([^&#\s,}\]]*)/g, (whole, separator: string, name: string, value: string) =>
      isCredentialName(name) ? `${separator}${name}=${stars(value)}` : whole,
    );
  return maskNamedValues(masked, stars).replace(/[\w.-]+/g, (word) => (looksLikeToken(word) ? stars(word) : word));
}

/**
 * A name, quoted (`"my password"`) or not, and the separator before its value. Made on first use:
 * V8 reads a pattern's Unicode property classes when the literal is created (~0.1 ms), and every
 * run of okapi loads this module.
 */
let nameBeforeValue: RegExp | undefined;

/**
 * The values of credential-looking names masked. The search goes on right behind each name, not
 * behind its value, so a name inside the value of another (`creds: {password: …}`,
 * `a: 1 //token: …`) is looked at too.
 */
function maskNamedValues(text: string, stars: (part: string) => string): string {
  let out = '';
  let copied = 0;
  const pattern = (nameBeforeValue ??= /("[^"\n]*"|[\p{L}\p{N}_.-]+)(\s*[:=]\s*|[ \t]+)(?=[^,}\]\n\s])/gu);
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const name = match[1]!.startsWith('"') ? match[1]!.slice(1, -1) : match[1]!;
    if (!isCredentialName(name)) continue;
    const start = match.index + match[0].length;
    const end = valueEnd(text, start);
    out += text.slice(copied, start) + stars(text.slice(start, end));
    copied = end;
    pattern.lastIndex = end;
  }
  return out + text.slice(copied);
}

/** Where the shorthand scanner ends an unquoted value: at `,`, `}`, `]`, a line break, or blank space before `//`. */
function valueEnd(text: string, start: number): number {
  let end = start;
  for (let i = start; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === ',' || char === '}' || char === ']' || char === '\n') break;
    if (char === '/' && text.charAt(i + 1) === '/' && i > start && /[ \t\r]/.test(text.charAt(i - 1))) break;
    if (!/[ \t\r]/.test(char)) end = i + 1;
  }
  return end;
}

/** `alsoSecret`: query parameter names to mask beyond those isCredentialName accepts (an auth's own). */
export function redactUrl(url: string | URL, alsoSecret: ReadonlySet<string> = NO_NAMES): string {
  // Without "scheme://", `user:pw@host` parses as the scheme "user:" and a path: not a URL to rebuild.
  if (typeof url === 'string' && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return redactLoosely(url);
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : new URL(url.href);
  } catch {
    return typeof url === 'string' ? redactLoosely(url) : MASK;
  }
  let userinfo = '';
  if (parsed.username !== '' || parsed.password !== '') {
    userinfo = `${MASK}@`;
    parsed.username = '';
    parsed.password = '';
  }
  const masked = (pair: string) => maskedParameter(pair, alsoSecret);
  const search = parsed.search.length > 1 ? '?' + parsed.search.slice(1).split('&').map(masked).join('&') : parsed.search;
  // A fragment can carry parameters too: OAuth's implicit flow returns `#access_token=…`, and a
  // client-side route its own query (`#/cb?code=…`).
  const hash = parsed.hash.replace(/[^#?&]+/g, masked);
  // `https://https://me:pw@host` parses with the host "https": the user information is in the path.
  const path = parsed.pathname.replace(/\/\/[^/?#@\s]*@/g, `//${MASK}@`);
  const base = `${parsed.protocol}//${userinfo}${parsed.host}${path}`;
  return `${base}${search}${hash}`;
}

/** A `name=value` parameter, kept with its original spelling, its value masked when the name is a credential's. */
function maskedParameter(pair: string, alsoSecret: ReadonlySet<string>): string {
  const eq = pair.indexOf('=');
  if (eq < 0) return pair;
  const rawName = pair.slice(0, eq);
  const name = queryEntryName(rawName);
  return isCredentialName(name) || alsoSecret.has(name) ? `${rawName}=${MASK}` : pair;
}

/** Every URL inside free text (an error message from a library, say) redacted. */
export function redactText(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi, (url) => redactUrl(url));
}

/** Every token-shaped word in `text` masked. */
function maskTokens(text: string, mask: string): string {
  return text.replace(/eyJ[\w-]*\.[\w.-]*|[\w-]+/g, (word) => (looksLikeToken(word) ? mask : word));
}

/**
 * Text that does not parse as a URL: user information, credential query values and token-shaped
 * words, by pattern. User information is looked for at the start, after a scheme with one slash or
 * none, and after any `//`, so a mistyped scheme (`h ttps://me:pw@host`, `https:/me:pw@host`)
 * does not unmask it.
 */
function redactLoosely(text: string): string {
  const masked = text
    .replace(/(^|^[a-z][a-z0-9+.-]*:\/?|\/\/)[^/?#@\s]*@/gi, (_, start: string) => `${start}${MASK}@`)
    .replace(/([?&#])([^=&#\s]+)=([^&#\s]*)/g, (whole, mark: string, name: string) => (isCredentialName(name) ? `${mark}${name}=${MASK}` : whole));
  return maskTokens(masked, MASK);
}
