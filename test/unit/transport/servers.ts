/**
 * Real servers on 127.0.0.1 for the transport tests: HTTP/1.1, HTTPS, HTTP/2 and a forward proxy.
 * Each records what it received; `stopAll()` closes everything a test file started.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const tlsDir = fileURLToPath(new URL('../../../fixtures/tls/', import.meta.url));
export const tlsPath = (name: string): string => `${tlsDir}${name}`;
export const pem = (name: string): Buffer => readFileSync(tlsPath(name));

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  httpVersion: string;
  clientCN?: string;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, received: Received) => void;

export interface Running {
  port: number;
  origin: string;
  received: Received[];
}

const closers: (() => Promise<void>)[] = [];

export async function stopAll(): Promise<void> {
  await Promise.allSettled(closers.splice(0).map((close) => close()));
}

function collect(req: http.IncomingMessage | http2.Http2ServerRequest): Promise<Received> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', reject);
    req.on('end', () => {
      const socket = req.socket as { getPeerCertificate?: () => { subject?: { CN?: string } } };
      const cn = socket.getPeerCertificate?.()?.subject?.CN;
      resolve({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers as http.IncomingHttpHeaders,
        body: Buffer.concat(chunks),
        httpVersion: req.httpVersion,
        ...(cn ? { clientCN: cn } : {}),
      });
    });
  });
}

async function listen(server: net.Server, scheme: 'http' | 'https', received: Received[]): Promise<Running> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { port, origin: `${scheme}://127.0.0.1:${port}`, received };
}

function wrap(handler: Handler, received: Received[]) {
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    collect(req).then(
      (r) => {
        received.push(r);
        handler(req, res, r);
      },
      () => res.destroy(),
    );
  };
}

export function httpServer(handler: Handler): Promise<Running> {
  const received: Received[] = [];
  return listen(http.createServer(wrap(handler, received)), 'http', received);
}

export function httpsServer(handler: Handler, options: https.ServerOptions = {}): Promise<Running> {
  const received: Received[] = [];
  const server = https.createServer({ cert: pem('server.pem'), key: pem('server-key.pem'), ...options }, wrap(handler, received));
  return listen(server, 'https', received);
}

export function http2Server(handler: Handler): Promise<Running> {
  const received: Received[] = [];
  const server = http2.createSecureServer({ cert: pem('server.pem'), key: pem('server-key.pem'), allowHTTP1: true });
  server.on('request', (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    collect(req).then((r) => {
      received.push(r);
      handler(req as unknown as http.IncomingMessage, res as unknown as http.ServerResponse, r);
    });
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  closers.push(async () => {
    for (const session of sessions) session.destroy();
  });
  return listen(server, 'https', received);
}

export interface ProxyRunning extends Running {
  /** `CONNECT host:port` for tunnels, the absolute URL for forwarded requests. */
  log: string[];
}

/** A forward proxy: CONNECT tunnels and absolute-form requests, recording each. */
export async function proxyServer(): Promise<ProxyRunning> {
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    log.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: `${target.pathname}${target.search}`, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    log.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const running = await listen(server, 'http', []);
  return { ...running, log };
}

/** A port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
