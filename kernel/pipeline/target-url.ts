/**
 * The URL a user typed, made absolute the way curl, HTTPie and Restish users expect: `:8080/x` is
 * localhost, a bare host gets https://, localhost and loopback addresses get http://, and `/x` is
 * a path on the `-s` server.
 */
import { UsageError } from '../errors.js';
import { redactUrl } from '../transport/redact.js';
import { USERINFO_HINT, userinfoProblem } from '../transport/userinfo.js';
import { parseServer } from './server-override.js';

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
      throw new UsageError(`"${text}" is a path with no host to send it to`, {
        hint: `give the server with -s (okapi -s https://api.example.com ${candidate}), or write the whole URL: https://api.example.com${candidate}, or :8080${candidate} for localhost`,
      });
    }
    return parseUrl(candidate, parseServer(server), text);
  }
  if (candidate.startsWith(':')) candidate = `http://localhost${candidate}`;
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) {
    candidate = `${LOOPBACK_HOST.test(candidate) ? 'http' : 'https'}://${candidate}`;
  }
  const url = parseUrl(candidate, undefined, text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`"${redactUrl(text)}" uses ${url.protocol.slice(0, -1)}, but okapi speaks http and https only`);
  }
  const problem = userinfoProblem(url);
  if (problem) throw new UsageError(`"${redactUrl(text)}" cannot be sent: ${problem}`, { hint: USERINFO_HINT });
  return url;
}

function parseUrl(candidate: string, base: URL | undefined, typed: string): URL {
  try {
    return new URL(candidate, base);
  } catch {
    throw new UsageError(`"${redactUrl(typed)}" is not a URL`, { hint: 'give a URL such as https://api.example.com/items or :8080/items' });
  }
}

export function appendQuery(url: URL, query: Record<string, string[]>): URL {
  const next = new URL(url);
  for (const [name, values] of Object.entries(query)) for (const value of values) next.searchParams.append(name, value);
  return next;
}
