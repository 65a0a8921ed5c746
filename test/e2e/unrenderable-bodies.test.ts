/**
 * A body that says it is JSON (or YAML, CBOR) but is not: every format writes the body as the
 * server sent it instead of a partial rendering, says why on stderr and exits 1; a filter, which
 * needs values, writes nothing. Also the other things a new user meets with bodies in the first
 * hour: broken JSON on stdin, the output width, and the body size cap on downloads.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, runOkapi, type OkapiRunOptions } from '../helpers/run-okapi.js';

const INVALID = '{"a": [1, 2, 3], "b": "text", "c": nope}';
/** Valid for the first 6 MiB, past the 4 MiB a rendering is held for, then broken. */
const LARGE_INVALID = `[${'{"id":1,"name":"okapi"},'.repeat(260_000)}{"id":2},,]`;
const MiB = 1024 * 1024;

let server: Server;
let origin: string;
const received: Array<{ contentType: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      const path = req.url ?? '/';
      if (path === '/invalid.json') return send(res, 'application/json', INVALID);
      if (path === '/large-invalid.json') return send(res, 'application/json', LARGE_INVALID);
      if (path === '/invalid.yaml') return send(res, 'application/yaml', 'a: [1\n');
      if (path === '/rows') return send(res, 'application/json', JSON.stringify([{ id: 1, description: 'x'.repeat(200) }]));
      if (path === '/two-mib') return send(res, 'application/octet-stream', Buffer.alloc(2 * MiB, 'z'));
      send(res, 'application/json', '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function send(res: import('node:http').ServerResponse, type: string, body: string | Buffer): void {
  res.setHeader('Content-Type', type);
  res.end(body);
}

function okapi(args: string[], options: OkapiRunOptions = {}) {
  return runOkapi(args, { ...options, env: { ...freshHome().env, ...options.env } });
}

describe('a body that is not what its Content-Type says', () => {
  it.each(['json', 'yaml', 'toon', 'gron', 'table', 'ndjson', 'lines', 'cbor', 'auto'])('-o %s writes the body as received and exits 1', async (format) => {
    const result = await okapi([`${origin}/invalid.json`, '-o', format]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(INVALID);
    expect(result.stderr).toMatch(/^okapi: the response body says it is JSON.* but is not: /);
    expect(result.stderr).toContain(`stdout holds the body as the server sent it, not rendered as -o ${format}`);
  });

  it('the same for YAML', async () => {
    const result = await okapi([`${origin}/invalid.yaml`, '-o', 'json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('a: [1\n');
    expect(result.stderr).toContain('the response body says it is YAML (application/yaml) but is not: ');
  });

  it('-o raw and a plain download are not renderings: the body, exit 0', async () => {
    for (const args of [['-o', 'raw'], []]) {
      const result = await okapi([`${origin}/invalid.json`, ...args]);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(INVALID);
      expect(result.stderr).toBe('');
    }
  });

  it('a filter needs values: nothing on stdout, the reason on stderr, exit 1', async () => {
    for (const filter of ['body.a', '.body.a']) {
      const result = await okapi([`${origin}/invalid.json`, '-f', filter]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/the response body says it is JSON \(application\/json\) but is not: /);
    }
  });

  it('past the held 4 MiB, the rendering streams and the error says stdout holds only its start', async () => {
    const result = await okapi([`${origin}/large-invalid.json`, '-o', 'gron']);
    expect(result.code).toBe(1);
    expect(result.stdout.startsWith('json = [];\njson[0] = {};\n')).toBe(true);
    expect(result.stderr).toContain('stdout holds the -o gron rendering up to that point only; -o raw saves the body as the server sent it');
  });
});

describe('an -o okapi does not know', () => {
  it('is a usage error before the request is sent', async () => {
    const before = received.length;
    const result = await okapi(['post', `${origin}/echo`, 'name: okapi', '-o', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('-o nope is not an output format okapi knows');
    expect(received.length).toBe(before);
  });
});

describe('stdin that looks like JSON but is not', () => {
  it('is sent as text/plain with a warning that says why', async () => {
    const result = await okapi(['post', `${origin}/echo`], { stdin: '{"name": "okapi",}' });
    expect(result.code).toBe(0);
    expect(received.at(-1)).toEqual({ contentType: 'text/plain; charset=utf-8', body: '{"name": "okapi",}' });
    expect(result.stderr).toMatch(/^okapi: warning: stdin looks like JSON but it is not valid JSON: .*; it is sent as text\/plain \(say -c text\/plain to mean that, or fix the JSON\)\n$/);
  });

  it('says nothing when -c names the type', async () => {
    const result = await okapi(['post', `${origin}/echo`, '-c', 'text/plain'], { stdin: '{"name": "okapi",}' });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('COLUMNS', () => {
  it('sets the width of a table written to a pipe', async () => {
    for (const width of [40, 120]) {
      const result = await okapi([`${origin}/rows`, '-o', 'table'], { env: { COLUMNS: String(width) } });
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(Math.max(...lines.map((line) => [...line].length))).toBe(width);
    }
  });
});

describe('the body size cap', () => {
  it('holds for a download to a file, and the error names a limit that fits', async () => {
    const result = await okapi([`${origin}/two-mib`, '--okapi-max-body-size', '1']);
    expect(result.code).toBe(1);
    expect(result.stdoutBytes.length).toBeLessThanOrEqual(MiB);
    expect(result.stderr).toMatch(/the response body from 127\.0\.0\.1:\d+ is larger than the 1 MiB limit \(it declares 2 MiB\)/);
    expect(result.stderr).toContain('hint: the limit holds for downloads to a file too; to accept this body, add --okapi-max-body-size 2 (in MiB)');
    const taken = await okapi([`${origin}/two-mib`, '--okapi-max-body-size', '2']);
    expect(taken.code).toBe(0);
    expect(taken.stdoutBytes.length).toBe(2 * MiB);
  });
});
