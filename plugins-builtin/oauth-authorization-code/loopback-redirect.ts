/**
 * The loopback listener the provider redirects the browser to (RFC 8252 §7.3): plain http on
 * 127.0.0.1, the port given or one the system picks. The first request to the redirect path is the
 * authorization response; the browser waits for its page until the sign-in is decided, then the
 * listener closes. Requests to other paths (a favicon) get a 404 and change nothing.
 */
import { createServer, type ServerResponse } from 'node:http';
import { OkapiError } from '../../sdk/shared/errors.js';
import { callbackPage, type CallbackOutcome } from './callback-page.js';

export interface RedirectArrival {
  /** The redirect's full URL, its query the authorization response. */
  url: URL;
  /** Shows the browser how the sign-in ended. */
  answer(outcome: CallbackOutcome): void;
}

export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port><path>`, to send as the `redirect_uri`. */
  redirectUri: string;
  /** The first request to the redirect path; never settles in `paste` mode. */
  arrival: Promise<RedirectArrival>;
  /** Answers a browser still waiting (okapi stopped waiting) and stops listening. */
  close(): Promise<void>;
}

/**
 * `mode` `receive` takes the first redirect as the response; `paste` (`--okapi-no-browser`) only
 * holds the port and tells a browser that lands there to paste its address at okapi's prompt.
 */
export async function listenForRedirect(port: number, path: string, owner: string, mode: 'receive' | 'paste'): Promise<LoopbackRedirect> {
  let pending: ServerResponse | undefined;
  let received = false;
  let arrived!: (arrival: RedirectArrival) => void;
  const arrival = new Promise<RedirectArrival>((resolve) => (arrived = resolve));
  const reply = (response: ServerResponse, status: number, outcome: CallbackOutcome) => {
    // Connection: close, so the socket does not keep the listener (and okapi) alive afterwards.
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' }).end(callbackPage(outcome));
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (request.method !== 'GET' || url.pathname !== path) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('not found\n');
      return;
    }
    if (mode === 'paste') return reply(response, 200, { kind: 'paste' });
    if (received) return reply(response, 409, { kind: 'failed', problem: 'this sign-in has already been answered; run the command again to sign in again' });
    received = true;
    pending = response;
    arrived({
      url: new URL(`${redirectUri}${url.search}`),
      answer: (outcome) => {
        pending = undefined;
        reply(response, outcome.kind === 'signed-in' ? 200 : 400, outcome);
      },
    });
  });
  port = await listen(server, port, owner);
  const redirectUri = `http://127.0.0.1:${port}${path}`;
  return {
    redirectUri,
    arrival,
    close: () =>
      new Promise<void>((resolve) => {
        if (pending) reply(pending, 503, { kind: 'failed', problem: 'okapi stopped waiting for this sign-in' });
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

function listen(server: ReturnType<typeof createServer>, port: number, owner: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new OkapiError(`${owner} cannot listen on 127.0.0.1:${port} for the sign-in redirect: ${error.code ?? error.message}`, {
          hint: error.code === 'EADDRINUSE' ? 'another program uses that port: stop it, or change the redirect_port param (and the redirect URI registered with the provider)' : undefined,
        }),
      );
    });
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}
