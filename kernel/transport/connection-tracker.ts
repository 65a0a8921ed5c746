/**
 * Which connection served a request. undici's request API does not expose the socket, so okapi
 * listens on undici's documented diagnostics channels:
 * - `undici:client:connected` gives every new socket (its first error is kept, see below);
 * - `undici:client:sendHeaders` pairs each request with its socket (for HTTP/2, the session's);
 * - `undici:request:headers` and `undici:request:error` are published synchronously right before
 *   the request's handler hears of the response or the failure, so the handler takes the socket
 *   noted there.
 * A socket's first error matters for TLS 1.3: a server refusing the client certificate sends its
 * alert after the handshake, and undici then reports only "other side closed".
 *
 * With `recordSentHeads`, the head of each request as written is kept for -v. `sendHeaders`
 * publishes it right before the write, complete for HTTP/2; for HTTP/1.1 undici appends
 * Content-Length in the write itself, so the head is taken from that write.
 */
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

interface ConnectedMessage {
  socket: Socket;
}

const socketOfRequest = new WeakMap<object, Socket>();
const sentHeadOfRequest = new WeakMap<object, string>();
let recordingHeads = false;
let sentHeadAtHeaders: string | undefined;
const firstErrorOf = new WeakMap<Socket, Error>();
let socketAtHeaders: Socket | undefined;
let socketAtError: Socket | undefined;
let installed = false;

/** Installs the listeners (once). */
export function trackConnections(): void {
  if (installed) return;
  installed = true;
  diagnostics.subscribe('undici:client:connected', (message) => {
    const { socket } = message as ConnectedMessage;
    socket.on('error', (error: Error) => {
      if (!firstErrorOf.has(socket)) firstErrorOf.set(socket, error);
    });
  });
  diagnostics.subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket, headers } = message as { request: object; socket: Socket; headers: string };
    socketOfRequest.set(request, socket);
    if (recordingHeads) recordSentHead(request, socket, headers);
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request } = message as { request: object };
    socketAtHeaders = socketOfRequest.get(request);
    sentHeadAtHeaders = sentHeadOfRequest.get(request);
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

/** From now on, keep each request's head as written (`takeSentHeadAtHeaders`). */
export function recordSentHeads(): void {
  recordingHeads = true;
}

/** The head, as written, of the request whose response headers are being delivered right now. */
export function takeSentHeadAtHeaders(): string | undefined {
  const head = sentHeadAtHeaders;
  sentHeadAtHeaders = undefined;
  return head;
}

/**
 * An HTTP/1.1 head (it starts with the request line) is completed by the socket write that follows
 * the message at once: that write is the head with Content-Length, as the server receives it.
 */
function recordSentHead(request: object, socket: Socket, published: string): void {
  sentHeadOfRequest.set(request, published);
  if (!/^\S+ \S+ HTTP\/1\.1\r\n/.test(published)) return;
  const write = socket.write;
  socket.write = function (this: Socket, chunk: unknown, ...rest: unknown[]): boolean {
    socket.write = write;
    if (typeof chunk === 'string' && chunk.startsWith(published)) {
      const end = chunk.indexOf('\r\n\r\n');
      sentHeadOfRequest.set(request, end < 0 ? chunk : chunk.slice(0, end + 2));
    }
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Socket['write'];
}

/** The first error of the socket under the request whose failure is being delivered right now. */
export function takeSocketErrorAtError(): Error | undefined {
  const socket = socketAtError;
  socketAtError = undefined;
  return socket ? firstErrorOf.get(socket) : undefined;
}
