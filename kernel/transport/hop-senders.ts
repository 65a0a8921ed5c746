/**
 * Which exchange carries a hop. Plain http:// with no proxy goes over Node's HTTP/1.1 client:
 * cleartext cannot negotiate HTTP/2, so undici would add only its start-up cost
 * (docs/design/006-plain-http-exchange.md). Everything else (https:// with HTTP/2 over ALPN and
 * mTLS, and every proxied request) goes through undici, loaded on the first such hop.
 */
import type { PinnedLookup } from './address-guard.js';
import type { SendHop } from './hop.js';
import { closeNodeHttp, sendOverNodeHttp } from './node-http-hop.js';
import { proxyFor } from './proxy-environment.js';
import type { TlsConnectOptions } from './tls-material.js';
import type { CloseOptions } from './types.js';

type UndiciHop = typeof import('./undici-hop.js');
let undici: Promise<UndiciHop> | undefined;

/**
 * With `pinned` (a request under an address policy), a direct connection resolves its host through
 * the pinned lookup, in pools of that policy's own; a proxied one is the proxy's to resolve.
 */
export async function hopSenderFor(url: URL, tls: TlsConnectOptions, pinned?: PinnedLookup): Promise<SendHop> {
  if (url.protocol === 'http:' && proxyFor('http:') === undefined) {
    return pinned ? (hop, options) => sendOverNodeHttp(hop, options, pinned) : sendOverNodeHttp;
  }
  undici ??= import('./undici-hop.js');
  return (await undici).undiciSender(tls, proxyFor(url.protocol) === undefined ? pinned : undefined);
}

/** Closes the pooled connections of both exchanges, so the process can exit promptly. */
export async function closeHopSenders(options: CloseOptions = {}): Promise<void> {
  closeNodeHttp(options);
  if (undici) await (await undici).closeUndici();
}
