/**
 * The URL a user typed, made absolute the way curl, HTTPie and Restish users expect: `:8080/x` is
 * localhost, a bare host gets https://, localhost and loopback addresses get http://.
 */
import { UsageError } from '../errors.js';
import { redactUrl } from '../transport/redact.js';

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?(?:[/?#]|$)/i;

export function normalizeTargetUrl(text: string): URL {
  let candidate = text.trim();
  if (candidate.startsWith(':')) candidate = `http://localhost${candidate}`;
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) {
    candidate = `${LOOPBACK_HOST.test(candidate) ? 'http' : 'https'}://${candidate}`;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new UsageError(`"${redactUrl(text)}" is not a URL`, { hint: 'give a URL such as https://api.example.com/items or :8080/items' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`"${redactUrl(text)}" uses ${url.protocol.slice(0, -1)}, but okapi speaks http and https only`);
  }
  return url;
}

export function appendQuery(url: URL, query: Record<string, string[]>): URL {
  const next = new URL(url);
  for (const [name, values] of Object.entries(query)) for (const value of values) next.searchParams.append(name, value);
  return next;
}
