/**
 * One plain-HTTP exchange (one hop of a redirect chain) over Node's own HTTP/1.1 client. A
 * cleartext URL cannot negotiate HTTP/2 and, without a proxy, needs nothing undici adds, while
 * loading undici and compiling its WebAssembly parser costs a one-shot request on Node 20 about as
 * much as the request itself (docs/design/006-plain-http-exchange.md).
 *
 * It keeps undici-hop.ts's contract: the promise settles at the response headers; the body is the
 * response stream, whose reader sets the pace (the socket pauses while it is behind) and which
 * aborts the download when destroyed; the same default waiting limits; connections pooled for
 * the life of the process.
 */
import { Agent, request, STATUS_CODES, type ClientRequest, type IncomingMessage } from 'node:http';
import type { PinnedLookup } from './address-guard.js';
import { fromRawHeaders, toDispatchHeaders } from './headers.js';
import { DEFAULT_WAIT_MS, type HopOptions, type HopResponse } from './hop.js';
import type { HopRequest } from './redirects.js';
import type { CloseOptions } from './types.js';

/** As undici's connect timeout. */
const CONNECT_WAIT_MS = 10_000;
/** An HTTP parser error code: error-translation.ts reports it as a response that is not valid HTTP. */
const UNASKED_UPGRADE = 'HPE_UNEXPECTED_UPGRADE';

let agent: Agent | undefined;
/** Pools of requests under an address policy, by policy: each socket went to a checked address. */
const pinnedAgents = new Map<string, Agent>();

export function sendOverNodeHttp(hop: HopRequest, options: HopOptions, pinned?: PinnedLookup): Promise<HopResponse> {
  const { signal } = options;
  return new Promise<HopResponse>((resolve, reject) => {
    signal.throwIfAborted();
    // Idle pooled sockets are unref'd by the agent: they never hold the process open. An invalid
    // method or header name or value throws here, before anything is sent, and so rejects.
    const req = request({
      agent: pinned ? pinnedAgent(pinned.key) : (agent ??= new Agent({ keepAlive: true })),
      ...(pinned ? { lookup: pinned.lookup } : {}),
      // URL.hostname keeps an IPv6 address in brackets; Node adds them back in the Host header.
      host: hop.url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: hop.url.port === '' ? 80 : Number(hop.url.port),
      path: `${hop.url.pathname}${hop.url.search}`,
      method: hop.method,
      // Node sets Host itself, but Content-Length for the body given to end() only for methods it
      // frames by default: a body on GET, DELETE or OPTIONS would go out unframed, and the
      // server would read it as the next request on the kept-alive connection.
      headers: withBodyLength(toDispatchHeaders(hop.headers), hop.body),
    });

    let response: IncomingMessage | undefined;
    const onAbort = (): void => {
      (response ?? req).destroy(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    req.once('close', () => signal.removeEventListener('abort', onAbort));

    // Node's request timeout is the socket's idle time: no bytes before the headers, then none
    // between body chunks (the agent clears it when the socket goes back to the pool).
    const headersWait = options.headersTimeout ?? DEFAULT_WAIT_MS;
    if (headersWait > 0) {
      req.setTimeout(headersWait, () => {
        if (!response) req.destroy(codedError(`no response headers within ${headersWait} ms`, 'UND_ERR_HEADERS_TIMEOUT'));
      });
    }

    // Node's client waits for a connection as long as the system does; undici gives up after 10 s.
    req.once('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => socket.destroy(codedError(`connect timed out (timeout: ${CONNECT_WAIT_MS}ms)`, 'UND_ERR_CONNECT_TIMEOUT')), CONNECT_WAIT_MS);
      timer.unref();
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });

    req.on('error', (error) => {
      if (!response) reject(error);
      else if (!response.destroyed) response.destroy(error);
    });
    // A 101 okapi never asked for comes as 'upgrade', not 'response', and then nothing more: without
    // these the request would never settle (exit 0 with no output, or no end at all while stdin is open).
    req.once('upgrade', (_res, socket) => {
      socket.destroy();
      reject(codedError('it switched protocols (101) though okapi asked for no upgrade', UNASKED_UPGRADE));
    });
    req.once('close', () => {
      if (!response) reject(codedError('the request closed without a response', UNASKED_UPGRADE));
    });
    req.on('response', (res) => {
      response = res;
      const bodyWait = options.bodyTimeout ?? DEFAULT_WAIT_MS;
      req.setTimeout(bodyWait, () => {
        if (!res.complete) res.destroy(codedError(`no response body bytes for ${bodyWait} ms`, 'UND_ERR_BODY_TIMEOUT'));
      });
      resolve({
        status: res.statusCode ?? 0,
        statusText: res.statusMessage || STATUS_CODES[res.statusCode ?? 0] || '',
        headers: fromRawHeaders(res.rawHeaders, 'latin1'),
        httpVersion: res.httpVersion,
        ...(options.recordHead ? writtenHead(req) : {}),
        body: res,
      });
    });

    req.end(hop.body);
  });
}

/**
 * Closes pooled connections so the process can exit promptly. At exit only the sockets still
 * carrying a request are destroyed: idle ones cannot hold the process open, and destroying them
 * costs a one-shot request ~0.6 ms (Node's Socket._destroy builds process.stderr for a debug check).
 */
export function closeNodeHttp(options: CloseOptions = {}): void {
  const agents = agent ? [agent, ...pinnedAgents.values()] : [...pinnedAgents.values()];
  if (options.exiting) {
    for (const each of agents) for (const sockets of Object.values(each.sockets)) for (const socket of sockets ?? []) socket.destroy();
    return;
  }
  for (const each of agents) each.destroy();
  agent = undefined;
  pinnedAgents.clear();
}

/** A body's Content-Length, unless the caller set one (request-header-rules.ts checked it). */
function withBodyLength(headers: Record<string, string | string[]>, body: Uint8Array | undefined): Record<string, string | string[]> {
  if (body === undefined || Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) return headers;
  return { ...headers, 'Content-Length': String(body.byteLength) };
}

function pinnedAgent(key: string): Agent {
  let pool = pinnedAgents.get(key);
  if (!pool) {
    pool = new Agent({ keepAlive: true });
    pinnedAgents.set(key, pool);
  }
  return pool;
}

/**
 * The head Node wrote, with the headers it added itself (Host, Connection, Content-Length). Node
 * keeps it, as written, in the request's `_header` from the moment it is flushed; no public API
 * gives it.
 */
function writtenHead(req: ClientRequest): { sentHead?: string } {
  const head = (req as ClientRequest & { _header?: unknown })._header;
  return typeof head === 'string' ? { sentHead: head } : {};
}

/** This exchange's own limits fail with the codes undici gives the same ones: error-translation.ts explains both alike. */
function codedError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}
