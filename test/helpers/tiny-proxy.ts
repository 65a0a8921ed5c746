/**
 * A tiny forward HTTP proxy for end-to-end tests: absolute-form requests (`GET http://host/path`)
 * are forwarded to `upstream` when given (so made-up host names work), else to the host they name;
 * CONNECT requests are tunnelled the same way (to `upstream`'s host and port when given). Every
 * forwarded plain request gets `X-Okapi-Test-Proxy: 1`, so the server can tell that it came
 * through the proxy.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** The request target as the client sent it: absolute form for plain HTTP. */
  target: string;
  headers: IncomingHttpHeaders;
}

export interface TinyProxy {
  url: string;
  /** Absolute-form requests that were forwarded. */
  requests: ProxiedRequest[];
  /** `host:port` of each CONNECT request (tunnelled). */
  connects: string[];
  close(): Promise<void>;
}

export async function startTinyProxy(upstream?: string): Promise<TinyProxy> {
  const requests: ProxiedRequest[] = [];
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const target = req.url ?? '/';
    requests.push({ method: req.method ?? '', target, headers: req.headers });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('tiny proxy: not an absolute-form request\n');
      return;
    }
    const destination = upstream ? new URL(upstream) : url;
    const headers: IncomingHttpHeaders = { ...req.headers, 'x-okapi-test-proxy': '1' };
    delete headers['proxy-connection'];
    const outgoing = httpRequest(
      { host: destination.hostname, port: destination.port || 80, method: req.method, path: `${url.pathname}${url.search}`, headers },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    outgoing.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`tiny proxy: ${error.message}\n`);
    });
    req.pipe(outgoing);
  });
  server.on('connect', (req, socket: Socket, head: Buffer) => {
    const authority = req.url ?? '';
    connects.push(authority);
    const colon = authority.lastIndexOf(':');
    let host = authority.slice(0, colon).replace(/^\[|\]$/g, '');
    let port = Number(authority.slice(colon + 1));
    if (upstream) {
      const destination = new URL(upstream);
      host = destination.hostname;
      port = Number(destination.port);
    }
    const tunnel = connect({ host, port }, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) tunnel.write(head);
      tunnel.pipe(socket);
      socket.pipe(tunnel);
    });
    tunnel.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'));
    socket.on('error', () => tunnel.destroy());
    sockets.add(tunnel);
    tunnel.on('close', () => sockets.delete(tunnel));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TCP port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
