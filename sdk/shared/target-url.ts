/**
 * The URL a user typed, made absolute the way curl, HTTPie and Restish users expect: `:8080/x` is
 * localhost, a bare host gets https://, localhost and loopback addresses get http://, and `/x` is
 * a path on the `-s` server.
 */
import { UsageError } from './errors.js';
import { redactKeepingLength, redactUrl } from './redact.js';
import { USERINFO_HINT, userinfoProblem } from './userinfo.js';
import { parseServer } from './server-override.js';

/**
 * A typed URL as its errors show it. Text that is no URL may hold user information or a key
 * anywhere (`example.comhttp://?me:sk_…@`), so token-shaped words are masked too.
 */
function shown(text: string): string {
  return redactKeepingLength(redactUrl(text));
}

const URL_HINT = 'give a URL such as https://api.example.com/items or :8080/items';
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?(?:[/?#]|$)/i;

/**
 * `server`: the `-s` value. A target starting with one `/` is a path on that server, resolved here
 * on its origin (applyServerOverride then puts the server's own path in front, as for any
 * target); without a server there is no host to send it to.
 */
export function normalizeTargetUrl(text: string, server?: string): URL {
  let candidate = text.trim();
  if (candidate.startsWith('/') && !candidate.startsWith('//')) {
    if (server === undefined) {
      // The path may carry a query with a key in it (`/items?api_key=…`).
      const path = shown(candidate);
      throw new UsageError(`"${path}" is a path with no host to send it to`, {
        hint: `give the server with -s (okapi -s https://api.example.com ${path}), or write the whole URL: https://api.example.com${path}, or :8080${path} for localhost`,
      });
    }
    return parseUrl(candidate, parseServer(server), text);
  }
  if (candidate.startsWith(':')) candidate = `http://localhost${candidate}`;
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) {
    // `1ttps://me:pw@host`, `https//host` or `https:/host` with https:// put in front would go to
    // the host "1ttps" or "https" with the rest as a path: a mistyped scheme, not a host.
    if (/^[^/?#]*:?\/\/|^https?:/i.test(candidate)) throw new UsageError(`"${shown(text)}" is not a URL: its scheme is mistyped`, { hint: URL_HINT });
    candidate = `${LOOPBACK_HOST.test(candidate) ? 'http' : 'https'}://${candidate}`;
  }
  const url = parseUrl(candidate, undefined, text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`"${shown(text)}" uses ${url.protocol.slice(0, -1)}, but okapi speaks http and https only`);
  }
  const problem = userinfoProblem(url);
  if (problem) throw new UsageError(`"${shown(text)}" cannot be sent: ${problem}`, { hint: USERINFO_HINT });
  return url;
}

function parseUrl(candidate: string, base: URL | undefined, typed: string): URL {
  try {
    return new URL(candidate, base);
  } catch {
    throw new UsageError(`"${shown(typed)}" is not a URL`, { hint: URL_HINT });
  }
}

export function appendQuery(url: URL, query: Record<string, string[]>): URL {
  const next = new URL(url);
  for (const [name, values] of Object.entries(query)) for (const value of values) next.searchParams.append(name, value);
  return next;
}
