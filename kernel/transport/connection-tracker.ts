/**
 * Which connection served a request. undici's request API does not expose the socket, so okapi
 * listens on undici's documented diagnostics channels:
 * - `undici:client:connected` gives every new socket (its first error is kept, see below, and the
 *   first HTTP/1.1 connection means llhttp is compiled);
 * - `undici:client:sendHeaders` pairs each request with its socket (for HTTP/2, the session's);
 * - `undici:request:headers` and `undici:request:error` are published synchronously right before
 *   the request's handler hears of the response or the failure, so the handler takes the socket
 *   noted there.
 * A socket's first error matters for TLS 1.3: a server refusing the client certificate sends its
 * alert after the handshake, and undici then reports only "other side closed".
 */
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

interface ConnectedMessage {
  socket: Socket;
  connectParams?: { version?: string };
}

const socketOfRequest = new WeakMap<object, Socket>();
const firstErrorOf = new WeakMap<Socket, Error>();
let socketAtHeaders: Socket | undefined;
let socketAtError: Socket | undefined;
let installed = false;
let onHttp1Connection: (() => void) | undefined;

/** Installs the listeners (once); `firstHttp1Connection` runs at the first HTTP/1.1 connection. */
export function trackConnections(firstHttp1Connection: () => void): void {
  if (installed) return;
  installed = true;
  onHttp1Connection = firstHttp1Connection;
  diagnostics.subscribe('undici:client:connected', (message) => {
    const { socket, connectParams } = message as ConnectedMessage;
    socket.on('error', (error: Error) => {
      if (!firstErrorOf.has(socket)) firstErrorOf.set(socket, error);
    });
    if (connectParams?.version === 'h1' && onHttp1Connection) {
      const callback = onHttp1Connection;
      onHttp1Connection = undefined;
      callback();
    }
  });
  diagnostics.subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: object; socket: Socket };
    socketOfRequest.set(request, socket);
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    socketAtHeaders = socketOfRequest.get((message as { request: object }).request);
  });
  diagnostics.subscribe('undici:request:error', (message) => {
    socketAtError = socketOfRequest.get((message as { request: object }).request);
  });
}

/** The socket of the response whose headers are being delivered right now. */
export function takeSocketAtHeaders(): Socket | undefined {
  const socket = socketAtHeaders;
  socketAtHeaders = undefined;
  return socket;
}

/** The socket of the request whose failure is being delivered right now. */
export function takeSocketAtError(): Socket | undefined {
  const socket = socketAtError;
  socketAtError = undefined;
  return socket;
}

export function firstSocketError(socket: Socket | undefined): Error | undefined {
  return socket ? firstErrorOf.get(socket) : undefined;
}
