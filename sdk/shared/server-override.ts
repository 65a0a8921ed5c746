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

export function parseServer(server: string): URL {
  try {
    return new URL(server);
  } catch {
    throw new UsageError(`-s "${redactUrl(server)}" is not a server URL such as https://staging.example.com`);
  }
}
