/**
 * `-s https://staging.example.com/v2`: the request goes to that scheme, host and port, and the
 * server's path prefixes the request path. Paths are joined as already-encoded text, so nothing is
 * encoded twice.
 */
import { UsageError } from './errors.js';
import { redactUrl } from './redact.js';

export function applyServerOverride(target: URL, server: string | undefined): URL {
  if (server === undefined) return target;
  const base = parseServer(server);
  const prefix = base.pathname.replace(/\/+$/, '');
  const next = new URL(`${base.protocol}//${base.host}`);
  next.pathname = `${prefix}${target.pathname}` || '/';
  next.search = target.search;
  next.hash = target.hash;
  next.username = target.username;
  next.password = target.password;
  return next;
}

/**
 * The `-s` value, checked when argv is read and parsed where the request is planned: an http or
 * https URL typed with its `//` and a host. `https:/host` or ` https://host` would parse, but as a
 * mistyped scheme or a stray space, not the server meant. A server is a scheme, a host, a port and
 * a path prefix: credentials, a query or a fragment in it would not be sent, so they are refused
 * rather than dropped. `flag` is the flag as the user typed it.
 */
export function parseServer(server: string, flag = '-s'): URL {
  if (!/^https?:\/\/[^/?#]/i.test(server) || !URL.canParse(server)) {
    throw new UsageError(`${flag} "${redactUrl(server)}" is not a server URL such as https://staging.example.com`);
  }
  const url = new URL(server);
  const extra = serverExtra(url);
  if (extra) throw new UsageError(`${flag} "${redactUrl(server)}" has ${extra.what}, which a server URL does not send`, { hint: extra.hint });
  return url;
}

function serverExtra(url: URL): { what: string; hint: string } | undefined {
  if (url.username !== '' || url.password !== '') {
    return { what: 'a user name or password', hint: "put them in the request's URL (https://user:password@host/…), or send -H 'Authorization: …'" };
  }
  // `href`, not `search` or `hash`: a bare `?` or `#` leaves those empty.
  if (url.href.includes('?')) return { what: 'a query', hint: 'give query parameters with -q name=value' };
  if (url.href.includes('#')) return { what: 'a fragment', hint: 'leave out the part from "#"' };
  return undefined;
}
