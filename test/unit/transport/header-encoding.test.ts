/**
 * Header values are text sent as UTF-8, as curl and HTTPie send them, on every exchange: Node's
 * HTTP/1.1 client (http://), undici over HTTPS and over HTTP/2. The servers below report the bytes
 * they received (Node's servers read a header one byte per character), the recorded head shows the
 * value as given, and a response value is read as UTF-8 when its bytes are UTF-8, else as Latin-1.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeTransport, send } from '../../../kernel/transport/index.js';
import { http2Server, httpServer, httpsServer, stopAll, tlsPath, type Handler, type Running } from './servers.js';

const MiB = 1024 * 1024;

afterAll(async () => {
  await closeTransport();
  await stopAll();
});

const bytesOf = (value: string): string => Buffer.from(value, 'latin1').toString('hex');

/** Answers with one value in UTF-8 bytes and one in Latin-1, and a body given as bytes so Node writes the head one byte per character. */
const answer: Handler = (_req, res) => {
  res.setHeader('X-Utf8', Buffer.from('日本 é', 'utf8').toString('latin1'));
  res.setHeader('X-Latin1', 'caf\xe9');
  res.end(Buffer.from('ok'));
};

const exchanges: [string, () => Promise<Running>, string][] = [
  ['HTTP/1.1 over Node', () => httpServer(answer), '1.1'],
  ['HTTP/1.1 over undici', () => httpsServer(answer), '1.1'],
  ['HTTP/2 over undici', () => http2Server(answer), '2'],
];

describe.each(exchanges)('header values on %s', (_name, start, version) => {
  it('sends typed text as UTF-8, shows it as typed, and reads UTF-8 back', async () => {
    const server = await start();
    const response = await send(
      { method: 'GET', url: `${server.origin}/h`, headers: { 'X-A': ['é'], 'X-B': ['日本'], 'X-Plain': ['ascii'] } },
      { maxBodySize: MiB, caCertPath: tlsPath('ca.pem'), recordHops: true },
    );
    await response.bytes();
    expect(response.httpVersion).toBe(version);
    const seen = server.received[0]!.headers;
    expect(bytesOf(seen['x-a'] as string)).toBe('c3a9');
    expect(bytesOf(seen['x-b'] as string)).toBe('e697a5e69cac');
    expect(seen['x-plain']).toBe('ascii');
    const sent = response.hops![0]!.request.headers;
    expect(sent[version === '2' ? 'x-a' : 'X-A']).toEqual(['é']);
    expect(sent[version === '2' ? 'x-b' : 'X-B']).toEqual(['日本']);
    expect(response.headers['x-utf8']).toEqual(['日本 é']);
    expect(response.headers['x-latin1']).toEqual(['café']);
  });
});

describe('a redirect whose Location holds UTF-8 bytes', () => {
  it('is followed to the URL those characters spell', async () => {
    const server = await httpServer((req, res) => {
      if (req.url === '/from') res.writeHead(302, { Location: Buffer.from('/to/é', 'utf8').toString('latin1') });
      res.end(Buffer.from(''));
    });
    await (await send({ method: 'GET', url: `${server.origin}/from`, headers: {} }, { maxBodySize: MiB })).bytes();
    expect(server.received.map((r) => r.url)).toEqual(['/from', '/to/%C3%A9']);
  });
});
