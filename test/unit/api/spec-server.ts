/**
 * A small real HTTP server for API-registry tests: serves files from a directory (content type by
 * extension) and any route a test sets, records requests, and listens on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

export interface Route {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface SpecServer {
  url: string;
  origin: string;
  port: number;
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  routes: Map<string, Route | ((req: IncomingMessage, res: ServerResponse) => void)>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
};

export async function startSpecServer(options: { root?: string; host?: string } = {}): Promise<SpecServer> {
  const routes: SpecServer['routes'] = new Map();
  const requests: SpecServer['requests'] = [];
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers });
    const route = routes.get(path);
    if (typeof route === 'function') return route(req, res);
    if (route) {
      res.writeHead(route.status ?? 200, route.headers ?? { 'content-type': 'application/json' });
      res.end(route.body ?? '');
      return;
    }
    if (options.root) {
      const file = normalize(join(options.root, decodeURIComponent(path)));
      if (file.startsWith(options.root)) {
        try {
          if ((await stat(file)).isFile()) {
            const body = await readFile(file);
            res.writeHead(200, { 'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream', 'content-length': body.length });
            res.end(body);
            return;
          }
        } catch {
          // not found below
        }
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url: origin,
    origin,
    port,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
