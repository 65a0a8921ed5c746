/**
 * `url_overrides` (SPEC.md "API entry", "Generated operation request routing" 11): a map of URL
 * prefix to URL prefix that rewrites a request's URL after okapi has chosen it, for generated
 * operations and API-aware generic requests (`okapi <api>/<path>`) alike.
 *
 * Matching is on URL boundaries, never inside a name: the source `https://api.example.com/v1`
 * matches `https://api.example.com/v1`, `…/v1/items` and `…/v1?x=1`, but not `…/v10` nor
 * `https://api.example.com.evil.net` nor `https://api.example.com:8443`. A source written with a
 * trailing slash (`https://api.example.com/v1/`) matches only URLs below it. Scheme and host are
 * compared as the URL parser normalises them (case, default port); the path as written. The longest
 * matching source wins, so a deep entry can carve an exception out of a broad one.
 */
import { OkapiError } from './errors.js';
import { MASK, redactUrl } from './redact.js';

/**
 * An absolute http(s) URL prefix without user information, query or fragment, as a regular
 * expression the config schema checks `url_overrides` keys and values with. urlPrefixProblem says
 * the rest (a port out of range, a host the URL parser refuses).
 */
export const URL_PREFIX = /^[hH][tT][tT][pP][sS]?:\/\/[^/?#@\\\s]+(?:\/[^?#\s]*)?$/;

/** An origin (`https://files.example.com`, `http://127.0.0.1:8080`), for `allowed_operation_origins`. */
export const URL_ORIGIN = /^[hH][tT][tT][pP][sS]?:\/\/[^/?#@\\\s]+\/?$/;

/** What is wrong with `text` as a `url_overrides` key or value, or undefined when nothing is. */
export function urlPrefixProblem(text: string): string | undefined {
  if (!URL_PREFIX.test(text)) {
    return /^https?:\/\//i.test(text)
      ? 'must not carry user information, a query or a fragment'
      : 'is not an absolute http or https URL such as https://api.example.com/v1';
  }
  try {
    new URL(text);
  } catch {
    return 'is not a valid URL';
  }
  return undefined;
}

/** What is wrong with `text` as an entry of `allowed_operation_origins`, or undefined. */
export function urlOriginProblem(text: string): string | undefined {
  if (!URL_ORIGIN.test(text)) return 'is not an origin such as https://files.example.com (scheme, host and port only)';
  try {
    new URL(text);
  } catch {
    return 'is not a valid URL';
  }
  return undefined;
}

/**
 * A prefix for an error message: as written, unless it carries something that looks like a secret
 * (user information, a credential-like query parameter), which is masked.
 */
export function shownUrl(text: string): string {
  const redacted = redactUrl(text);
  return redacted.includes(MASK) ? redacted : text;
}

/** A source prefix that matches a URL, and the prefix it becomes. */
export interface UrlOverrideMatch {
  source: string;
  target: string;
}

/**
 * The entry of `overrides` that rewrites `url` (the longest matching source), or undefined.
 * `owner` names the map in errors (`url_overrides of API example`): a bad entry is a config error
 * naming it, since the file may have been edited by hand past the schema.
 */
export function matchUrlOverride(url: string, overrides: Record<string, string> | undefined, owner = 'url_overrides'): UrlOverrideMatch | undefined {
  if (overrides === undefined) return undefined;
  const href = normalised(url);
  let best: UrlOverrideMatch | undefined;
  for (const [from, to] of Object.entries(overrides)) {
    const source = checkedPrefix(from, `${owner}: the key "${shownUrl(from)}"`);
    const target = checkedPrefix(to, `${owner}: the value "${shownUrl(to)}" (of "${shownUrl(from)}")`);
    if (!href.startsWith(source)) continue;
    const next = href[source.length];
    const onBoundary = source.endsWith('/') || next === undefined || next === '/' || next === '?' || next === '#';
    // Of two sources that are the same once normalised, the later wins: a profile's entries come
    // after the API's.
    if (onBoundary && (best === undefined || source.length >= best.source.length)) best = { source, target };
  }
  return best;
}

/**
 * `url` with the longest matching source prefix of `overrides` replaced by its target; `url`
 * itself when no source matches. Exactly one `/` joins the target and the rest of the URL.
 */
export function applyUrlOverrides(url: string, overrides: Record<string, string> | undefined, owner = 'url_overrides'): string {
  const match = matchUrlOverride(url, overrides, owner);
  if (match === undefined) return url;
  const href = normalised(url);
  let rest = href.slice(match.source.length);
  if (match.target.endsWith('/') && rest.startsWith('/')) rest = rest.slice(1);
  else if (!match.target.endsWith('/') && match.source.endsWith('/') && rest !== '' && rest[0] !== '?' && rest[0] !== '#') rest = `/${rest}`;
  return new URL(`${match.target}${rest}`).href;
}

/**
 * A prefix as the URL parser normalises scheme, host and port, with its path as written and a
 * trailing slash only when it was written (the parser adds one to a bare origin).
 */
function checkedPrefix(text: string, what: string): string {
  const problem = urlPrefixProblem(text);
  if (problem !== undefined) throw new OkapiError(`${what} ${problem}`, { hint: FIX_HINT });
  const url = new URL(text);
  const origin = `${url.protocol}//${url.host}`;
  const path = url.pathname === '/' && !text.endsWith('/') ? '' : url.pathname;
  return `${origin}${path}`;
}

function normalised(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    throw new OkapiError(`"${shownUrl(url)}" is not an absolute URL`);
  }
}

const FIX_HINT = 'fix it with: okapi config edit (keys and values are absolute http or https URL prefixes such as https://api.example.com/v1)';
