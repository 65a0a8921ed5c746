import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { closeTransport, send } from '../../../kernel/transport/index.js';
import { httpServer, stopAll } from './servers.js';

const KiB = 1024;
const MiB = 1024 * KiB;

afterAll(async () => {
  await closeTransport();
  await stopAll();
});

describe('body size cap', () => {
  it('aborts while reading, long before the server has sent everything', async () => {
    const total = 64 * MiB;
    const chunk = Buffer.alloc(64 * KiB, 'x');
    let written = 0;
    let finished = false;
    let closedEarly: Promise<void> = Promise.resolve();
    const server = await httpServer((_req, res) => {
      closedEarly = new Promise((resolve) => res.on('close', () => resolve()));
      const pump = (): void => {
        while (written < total) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        finished = true;
        res.end();
      };
      pump();
    });
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: 256 * KiB });
    let received = 0;
    const error = await (async () => {
      for await (const part of response.body) received += part.byteLength;
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'OkapiError',
      exitCode: 1,
      message: expect.stringMatching(/^the response body from 127\.0\.0\.1:\d+ is larger than the 0\.25 MiB \(262144 bytes\) limit$/),
      hint: expect.stringContaining('--okapi-max-body-size'),
    });
    expect(received).toBeLessThanOrEqual(256 * KiB);
    await closedEarly;
    expect(finished).toBe(false);
    expect(written).toBeLessThan(total / 4);
  });

  it('fails at once when Content-Length already says too much', async () => {
    const server = await httpServer((_req, res) => {
      res.setHeader('Content-Length', String(3 * MiB));
      res.write(Buffer.alloc(1000));
      // never finishes: the error must not wait for the body
    });
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: 2 * MiB });
    const error = await response.bytes().catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: expect.stringMatching(/larger than the 2 MiB limit \(it declares 3 MiB\)$/),
      hint: 'the limit holds for downloads to a file too; to accept this body, add --okapi-max-body-size 3 (in MiB)',
    });
  });

  it('counts decoded bytes, so a small gzip bomb is stopped', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(20 * MiB));
    expect(bomb.length).toBeLessThan(MiB / 10);
    const server = await httpServer((_req, res) => {
      res.setHeader('Content-Encoding', 'gzip');
      res.end(bomb);
    });
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB });
    await expect(response.bytes()).rejects.toThrow(/larger than the 1 MiB limit/);
  });

  it('lets a body of exactly the limit through', async () => {
    const server = await httpServer((_req, res) => res.end(Buffer.alloc(MiB, 'y')));
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB });
    expect((await response.bytes()).byteLength).toBe(MiB);
  });
});

describe('timeouts', () => {
  it('bounds the wait for a server that never answers, naming -t', async () => {
    const server = await httpServer(() => {
      // never responds
    });
    const error = await send({ method: 'GET', url: `${server.origin}/slow`, headers: {} }, { maxBodySize: MiB, timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'OkapiError',
      exitCode: 1,
      message: expect.stringMatching(/^the request to 127\.0\.0\.1:\d+ did not complete within 300ms: timed out \(-t 300ms\)$/),
      hint: expect.stringContaining('-t 1s'),
    });
  });

  it('takes a duration with a fraction of a millisecond', async () => {
    const server = await httpServer((_req, res) => res.end('ok'));
    const response = await send({ method: 'GET', url: server.origin, headers: {} }, { maxBodySize: MiB, timeoutMs: 1004.9999999999999 });
    expect(Buffer.from(await response.bytes()).toString()).toBe('ok');
  });

  it('bounds the whole request, body included', async () => {
    const slowBody = await httpServer((_req, res) => {
      res.write('start ');
      setTimeout(() => res.end('end'), 600);
    });
    const whole = await send({ method: 'GET', url: slowBody.origin, headers: {} }, { maxBodySize: MiB, timeoutMs: 300 });
    await expect(whole.bytes()).rejects.toThrow(/did not complete within 300ms: timed out \(-t 300ms\)/);
  });
});
