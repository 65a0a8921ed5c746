/** A server on 127.0.0.1 that answers each path with a fixed body and Content-Type, and `{}` otherwise. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BodyServer {
  origin: string;
  close(): Promise<void>;
}

/** `bodies`: path → [Content-Type, body]. */
export async function startBodyServer(bodies: Readonly<Record<string, readonly [string, string | Buffer]>>): Promise<BodyServer> {
  const server = createServer((req, res) => {
    req.resume();
    const [type, body] = bodies[req.url ?? '/'] ?? ['application/json', '{}'];
    res.setHeader('Content-Type', type);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
