/**
 * An HTTP server on 127.0.0.1 that breaks the protocol on purpose: a raw TCP server that reads a
 * request head and answers with the bytes of the fault its path names (`/fault/<name>`), so every
 * way a server can misbehave on the wire is one URL away. Timed faults (a slow drip, an answer
 * that never comes) stop when the client goes, and close() ends every connection still open.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface HostileServer {
  readonly url: string;
  /** Every request head received, as text. */
  readonly heads: string[];
  close(): Promise<void>;
}

/** What the server does with a connection whose request asked for this fault. */
type Fault = (socket: Socket, head: string) => void;

const CRLF = '\r\n';
const json = (body: string, extra = '') => `HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Length: ${Buffer.byteLength(body)}${CRLF}${extra}${CRLF}${body}`;

/** Writes `text` and closes the connection. */
const answer = (text: string | Buffer): Fault => (socket) => socket.end(text);

/** Writes `parts` one after another, `everyMs` apart, until all are written or the client has gone. */
function drip(parts: (string | Buffer)[], everyMs: number, then: 'end' | 'hold' = 'end'): Fault {
  return (socket) => {
    let next = 0;
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      if (next < parts.length) socket.write(parts[next++]!);
      else {
        clearInterval(timer);
        if (then === 'end') socket.end();
      }
    }, everyMs);
    socket.on('close', () => clearInterval(timer));
  };
}

/** The request's path, from its request line. */
function requestPath(head: string): string {
  return head.split(' ')[1] ?? '/';
}

const GARBAGE = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0x02, 0x03, 0xff, 0xfe]);

export const FAULTS: Record<string, Fault> = {
  'close-at-once': (socket) => socket.destroy(),
  'reset-at-once': (socket) => socket.resetAndDestroy(),
  'never-answers': () => {},
  'garbage-status-line': answer(`GARBAGE${CRLF}${CRLF}`),
  'non-numeric-status': answer(`HTTP/1.1 abc OK${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'status-999': answer(`HTTP/1.1 999 Weird${CRLF}Content-Length: 2${CRLF}${CRLF}hi`),
  'status-000': answer(`HTTP/1.1 000 Zero${CRLF}Content-Length: 2${CRLF}${CRLF}hi`),
  'http-0.9-body': answer('{"no": "head"}'),
  'http-2-preface': answer(`HTTP/2 200${CRLF}${CRLF}`),
  'huge-reason-phrase': answer(`HTTP/1.1 200 ${'x'.repeat(70_000)}${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'lf-only-lines': answer(`HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 2\n\n{}`),
  'header-without-colon': answer(`HTTP/1.1 200 OK${CRLF}Bad Header Line${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'header-with-nul': answer(`HTTP/1.1 200 OK${CRLF}X-Odd: a\u0000b${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'header-folded': answer(`HTTP/1.1 200 OK${CRLF}X-Folded: a${CRLF} b${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'header-huge': answer(`HTTP/1.1 200 OK${CRLF}X-Huge: ${'h'.repeat(256 * 1024)}${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'headers-many': answer(`HTTP/1.1 200 OK${CRLF}${Array.from({ length: 5000 }, (_, i) => `X-H${i}: ${i}${CRLF}`).join('')}Content-Length: 0${CRLF}${CRLF}`),
  'content-length-twice-differing': answer(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Length: 2${CRLF}Content-Length: 7${CRLF}${CRLF}{"a":1}`),
  'content-type-twice': answer(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Type: application/yaml${CRLF}Content-Length: 7${CRLF}${CRLF}{"a":1}`),
  'content-type-broken': answer(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json; charset="${CRLF}Content-Length: 7${CRLF}${CRLF}{"a":1}`),
  'content-length-negative': answer(`HTTP/1.1 200 OK${CRLF}Content-Length: -1${CRLF}${CRLF}{}`),
  'content-length-not-a-number': answer(`HTTP/1.1 200 OK${CRLF}Content-Length: abc${CRLF}${CRLF}{}`),
  'content-length-short': answer(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Length: 100${CRLF}${CRLF}{"a": [1, 2`),
  'content-length-long': answer(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Length: 2${CRLF}${CRLF}{}{"extra": "bytes past the length"}`),
  'content-length-and-chunked': answer(`HTTP/1.1 200 OK${CRLF}Content-Length: 3${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}2${CRLF}{}${CRLF}0${CRLF}${CRLF}`),
  'chunked-truncated': answer(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}5${CRLF}{"a":${CRLF}`),
  'chunk-size-invalid': answer(`HTTP/1.1 200 OK${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}zz${CRLF}hello${CRLF}0${CRLF}${CRLF}`),
  'chunk-size-huge': answer(`HTTP/1.1 200 OK${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}ffffffffffffffffff${CRLF}hello${CRLF}0${CRLF}${CRLF}`),
  'chunk-size-negative': answer(`HTTP/1.1 200 OK${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}-5${CRLF}hello${CRLF}0${CRLF}${CRLF}`),
  'chunk-without-crlf': answer(`HTTP/1.1 200 OK${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}2${CRLF}{}XX0${CRLF}${CRLF}`),
  'chunked-garbage-trailer': answer(`HTTP/1.1 200 OK${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}2${CRLF}{}${CRLF}0${CRLF}Bad Trailer${CRLF}${CRLF}`),
  'gzip-garbage': answer(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Encoding: gzip${CRLF}Content-Length: ${GARBAGE.length}${CRLF}${CRLF}`), GARBAGE])),
  'deflate-garbage': answer(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK${CRLF}Content-Encoding: deflate${CRLF}Content-Length: ${GARBAGE.length}${CRLF}${CRLF}`), GARBAGE])),
  'brotli-garbage': answer(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK${CRLF}Content-Encoding: br${CRLF}Content-Length: ${GARBAGE.length}${CRLF}${CRLF}`), GARBAGE])),
  'zstd-garbage': answer(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK${CRLF}Content-Encoding: zstd${CRLF}Content-Length: ${GARBAGE.length}${CRLF}${CRLF}`), GARBAGE])),
  'gzip-twice-declared-once-applied': (() => {
    const body = gzipSync('{"a":1}');
    return answer(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Encoding: gzip, gzip${CRLF}Content-Length: ${body.length}${CRLF}${CRLF}`), body]));
  })(),
  'unknown-encoding': answer(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Encoding: x-okapi-unknown${CRLF}Content-Length: 2${CRLF}${CRLF}{}`),
  'json-that-is-not': answer(json('{"a": 1.5e, "b": "\\x"}')),
  'json-binary-garbage': answer(Buffer.concat([Buffer.from(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Length: ${GARBAGE.length}${CRLF}${CRLF}`), GARBAGE])),
  'slow-drip-head': drip([...'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}'], 400),
  'slow-drip-body': drip([`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}`, ...Array.from({ length: 100 }, () => `1${CRLF} ${CRLF}`)], 300),
  'reset-mid-body': (socket) => {
    socket.write(`HTTP/1.1 200 OK${CRLF}Content-Type: application/json${CRLF}Content-Length: 1000${CRLF}${CRLF}{"items": [1, 2, 3`);
    setTimeout(() => socket.resetAndDestroy(), 100);
  },
  'close-mid-head': answer(`HTTP/1.1 200 OK${CRLF}Content-Ty`),
  'redirect-location-garbage': answer(`HTTP/1.1 302 Found${CRLF}Location: http://[::1${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'redirect-location-empty': answer(`HTTP/1.1 302 Found${CRLF}Location: ${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'redirect-location-ftp': answer(`HTTP/1.1 302 Found${CRLF}Location: ftp://127.0.0.1/x${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'redirect-location-javascript': answer(`HTTP/1.1 301 Moved${CRLF}Location: javascript:alert(1)${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'redirect-location-huge': answer(`HTTP/1.1 302 Found${CRLF}Location: /${'r'.repeat(60_000)}${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'redirect-location-twice': answer(`HTTP/1.1 302 Found${CRLF}Location: /a${CRLF}Location: /b${CRLF}Connection: close${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'redirect-without-location': answer(`HTTP/1.1 307 Temporary${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  // Sends the client back to where it was, query (and any key in it) included: a loop.
  'redirect-loop-echoing-the-url': (socket, head) => socket.end(`HTTP/1.1 302 Found${CRLF}Location: ${requestPath(head)}${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'url-headers-echoing-the-url': (socket, head) =>
    socket.end(`HTTP/1.1 200 OK${CRLF}Content-Location: ${requestPath(head)}${CRLF}Link: <${requestPath(head)}&page=3>; rel="next"${CRLF}Content-Type: application/json${CRLF}Content-Length: 2${CRLF}${CRLF}{}`),
  'informational-flood': answer(`${`HTTP/1.1 100 Continue${CRLF}${CRLF}`.repeat(2000)}${json('{"after": "the flood"}')}`),
  'informational-only': drip(Array.from({ length: 200 }, () => `HTTP/1.1 103 Early Hints${CRLF}Link: </x>; rel=preload${CRLF}${CRLF}`), 20, 'hold'),
  'switching-protocols-unasked': answer(`HTTP/1.1 101 Switching Protocols${CRLF}Upgrade: websocket${CRLF}Connection: Upgrade${CRLF}${CRLF}garbage frames`),
  'www-authenticate-garbage': answer(`HTTP/1.1 401 Unauthorized${CRLF}WWW-Authenticate: Bearer realm="${'"'.repeat(100)}, error=${CRLF}Content-Length: 0${CRLF}${CRLF}`),
  'link-header-garbage': answer(`HTTP/1.1 200 OK${CRLF}Link: <<>>;;rel=="next,,<${CRLF}Content-Type: application/json${CRLF}Content-Length: 2${CRLF}${CRLF}{}`),
};

export function startHostileServer(): Promise<HostileServer> {
  const heads: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const head = received.slice(0, end);
      heads.push(head);
      const name = /^\S+ \/fault\/([\w.-]+)/.exec(head)?.[1];
      const fault = name === undefined ? undefined : FAULTS[name];
      if (fault) fault(socket, head);
      else socket.end(`HTTP/1.1 404 Not Found${CRLF}Content-Length: 0${CRLF}${CRLF}`);
    };
    socket.on('data', onData);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        heads,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
