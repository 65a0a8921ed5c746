/**
 * undici dispatchers, one per distinct TLS/proxy setting, kept for the life of the process so
 * connections are pooled across requests (pagination, retries, plugin requests).
 * - `allowH2`: HTTPS servers that offer h2 over ALPN are spoken to over HTTP/2.
 * - Proxies come from HTTP_PROXY / HTTPS_PROXY / NO_PROXY (either case) through undici's
 *   EnvHttpProxyAgent, built only when a proxy variable is set: it is costlier, and NO_PROXY alone
 *   changes nothing. http:// targets are sent to the proxy in absolute form, as curl does; https://
 *   targets go through a CONNECT tunnel.
 */
import type { Dispatcher } from 'undici';
// undici's index loads fetch, WebSocket, caches and mocks (~70 ms); okapi needs only the agents.
import Agent from 'undici/lib/dispatcher/agent.js';
import type { PinnedLookup } from './address-guard.js';
import { PROXY_VARIABLES, proxyEnvironment } from './proxy-environment.js';
import { connectOptions, type TlsConnectOptions } from './tls-material.js';

const dispatchers = new Map<string, Dispatcher>();

/** With `pinned`, a direct connection's own dispatcher, whose connections resolve through its lookup. */
export async function dispatcherFor(tls: TlsConnectOptions, pinned?: PinnedLookup): Promise<Dispatcher> {
  const proxies = proxyEnvironment();
  const key = JSON.stringify([tls.rejectUnauthorized, tls.minVersion, tls.ca ?? null, tls.cert ?? null, tls.key ?? null, proxies, pinned?.key ?? null]);
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    dispatcher = pinned ? new Agent({ allowH2: true, connect: { ...connectOptions(tls), lookup: pinned.lookup } }) : await create(tls, PROXY_VARIABLES.some((name) => name in proxies));
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}

async function create(tls: TlsConnectOptions, proxied: boolean): Promise<Dispatcher> {
  const connect = connectOptions(tls);
  if (!proxied) return new Agent({ allowH2: true, connect });
  // The proxy agent tunnels with the API methods that undici's index attaches to every
  // dispatcher, so a proxied run loads the whole package.
  const { EnvHttpProxyAgent } = await import('undici');
  return new EnvHttpProxyAgent({
    allowH2: true,
    connect,
    // The target connection inside a CONNECT tunnel is built from requestTls, not connect.
    requestTls: { ...connect, allowH2: true },
    // The connection to an https:// proxy: same trust settings, no client certificate.
    proxyTls: connectOptions(tls, false),
    proxyTunnel: false,
  });
}

/** Destroys every pooled dispatcher: open sockets closed, nothing left to keep the process alive. */
export async function closeDispatchers(): Promise<void> {
  const all = [...dispatchers.values()];
  dispatchers.clear();
  await Promise.allSettled(all.map((dispatcher) => dispatcher.destroy()));
}
