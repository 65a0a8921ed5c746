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
 * mistyped scheme or a stray space, not the server meant. `flag` is the flag as the user typed it.
 */
export function parseServer(server: string, flag = '-s'): URL {
  if (/^https?:\/\/[^/?#]/i.test(server) && URL.canParse(server)) return new URL(server);
  throw new UsageError(`${flag} "${redactUrl(server)}" is not a server URL such as https://staging.example.com`);
}
