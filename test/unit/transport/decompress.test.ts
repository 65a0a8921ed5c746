import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { closeTransport, send } from '../../../kernel/transport/index.js';
import { acceptEncoding, canDecodeZstd, codingsToUndo } from '../../../kernel/transport/decompress.js';
import { httpServer, stopAll } from './servers.js';

const MiB = 1024 * 1024;
const original = Buffer.from(JSON.stringify({ items: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `item ${i}` })) }));

afterAll(async () => {
  await closeTransport();
  await stopAll();
});

const encoders: Record<string, (data: Buffer) => Buffer> = {
  gzip: (data) => zlib.gzipSync(data),
  'x-gzip': (data) => zlib.gzipSync(data),
  br: (data) => zlib.brotliCompressSync(data),
  deflate: (data) => zlib.deflateSync(data),
  'deflate (raw)': (data) => zlib.deflateRawSync(data),
};

/** Serves `original` encoded as `/<coding>` asks, in small chunks. */
async function encodingServer() {
  return httpServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    const encoded = encoders[name]!(original);
    res.setHeader('Content-Encoding', name === 'deflate (raw)' ? 'deflate' : name);
    res.setHeader('Content-Type', 'application/json');
    let offset = 0;
    const step = (): void => {
      if (offset >= encoded.length) {
        res.end();
        return;
      }
      res.write(encoded.subarray(offset, offset + 1000));
      offset += 1000;
      setImmediate(step);
    };
    step();
  });
}

describe('decompression', () => {
  it('advertises br, gzip and deflate (and zstd only where Node can decode it)', () => {
    expect(acceptEncoding()).toBe(canDecodeZstd() ? 'br, gzip, deflate, zstd' : 'br, gzip, deflate');
  });

  it.each(Object.keys(encoders))('decodes %s and keeps the Content-Encoding header', async (name) => {
    const server = await encodingServer();
    const response = await send({ method: 'GET', url: `${server.origin}/${encodeURIComponent(name)}`, headers: {} }, { maxBodySize: MiB });
    expect(Buffer.from(await response.bytes()).equals(original)).toBe(true);
    expect(response.headers['content-encoding']).toEqual([name === 'deflate (raw)' ? 'deflate' : name]);
  });

  it.skipIf(!canDecodeZstd())('decodes zstd', async () => {
    const compress = (zlib as unknown as { zstdCompressSync: (data: Buffer) => Buffer }).zstdCompressSync;
    const server = await httpServer((_req, res) => {
      res.setHeader('Content-Encoding', 'zstd');
      res.end(compress(original));
    });
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB });
    expect(Buffer.from(await response.bytes()).equals(original)).toBe(true);
  });

  it('undoes stacked codings in reverse order', async () => {
    const server = await httpServer((_req, res) => {
      res.setHeader('Content-Encoding', 'gzip, br');
      res.end(zlib.brotliCompressSync(zlib.gzipSync(original)));
    });
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB });
    expect(Buffer.from(await response.bytes()).equals(original)).toBe(true);
  });

  it('leaves an empty encoded body (204, HEAD) empty', async () => {
    const server = await httpServer((req, res) => {
      res.setHeader('Content-Encoding', 'gzip');
      res.statusCode = req.method === 'HEAD' ? 200 : 204;
      res.end();
    });
    for (const method of ['GET', 'HEAD']) {
      const response = await send({ method, url: server.origin, headers: {} }, { maxBodySize: MiB });
      expect((await response.bytes()).byteLength).toBe(0);
    }
  });

  it('passes a coding it cannot decode through untouched', async () => {
    const server = await httpServer((_req, res) => {
      res.setHeader('Content-Encoding', 'compress');
      res.end('opaque');
    });
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB });
    expect(Buffer.from(await response.bytes()).toString()).toBe('opaque');
    expect(codingsToUndo(['compress'])).toEqual([]);
    expect(codingsToUndo(['identity'])).toEqual([]);
  });

  it('explains a body that does not match its Content-Encoding', async () => {
    const server = await httpServer((_req, res) => {
      res.setHeader('Content-Encoding', 'gzip');
      res.end('this is not gzip at all');
    });
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB });
    await expect(response.bytes()).rejects.toMatchObject({
      name: 'OkapiError',
      exitCode: 1,
      message: expect.stringMatching(/^could not decode the gzip-encoded response body from 127\.0\.0\.1:\d+: incorrect header check$/),
      hint: expect.stringContaining('Accept-Encoding: identity'),
    });
  });

  it.each([
    ['gzip', (data: Buffer) => zlib.gzipSync(data)],
    ['deflate', (data: Buffer) => zlib.deflateSync(data)],
    ['br', (data: Buffer) => zlib.brotliCompressSync(data)],
  ] as const)('a %s body cut before its end is an error, never a shorter body', async (coding, compress) => {
    const whole = compress(original);
    const server = await httpServer((_req, res) => {
      res.setHeader('Content-Encoding', coding);
      res.end(whole.subarray(0, whole.length - 6));
    });
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB });
    await expect(response.bytes()).rejects.toMatchObject({
      name: 'OkapiError',
      exitCode: 1,
      message: expect.stringMatching(new RegExp(`^the ${coding}-encoded response body from 127\\.0\\.0\\.1:\\d+ is truncated: it ends before its compressed stream does$`)),
    });
  });
});
