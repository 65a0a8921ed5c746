/**
 * okapi's own code cache (kernel/startup/code-cache.ts): each kind of run adds the
 * functions it compiled to the kernel's cache in its first runs (kernel/startup/run-kinds.ts), so a
 * later run of any kind compiles none of what its kind used, whatever the first runs happened to
 * be; a kind seen often enough leaves the cache as it is.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENRICHING_RUNS, parseStoredCache, runKind } from '../../kernel/startup/run-kinds.js';
import { runOkapi } from '../helpers/run-okapi.js';
import { tempDir } from '../helpers/temp-dir.js';

const tls = join(import.meta.dirname, '../../fixtures/tls');
const certificate = { cert: readFileSync(join(tls, 'server.pem')), key: readFileSync(join(tls, 'server-key.pem')) };
const json = { 'content-type': 'application/json' };
const http1 = createServer(certificate, (_req, res) => res.writeHead(200, json).end('{"ok":true}'));
// Offers HTTP/2 alone: okapi's request then never uses undici's HTTP/1.1 client.
const http2Only = createSecureServer(certificate, (_req, res) => res.writeHead(200, json).end('{"ok":true}'));
beforeAll(() => Promise.all([http1, http2Only].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)))));
afterAll(() => Promise.all([http1, http2Only].map((server) => new Promise<void>((resolve) => server.close(() => resolve())))));

const httpsGet = (server: typeof http1 | typeof http2Only, ...flags: string[]): string[] => [
  'get',
  `https://127.0.0.1:${(server.address() as AddressInfo).port}/`,
  '--okapi-ca-cert',
  join(tls, 'ca.pem'),
  ...flags,
];

/**
 * A fresh temporary directory for the caches, and a run that answers the cache of one built file
 * after it (the kernel's unless another is named: `plugins/json.cjs` is `json.cjs`).
 */
function cacheHome() {
  const tmp = tempDir('okapi-code-cache-test-');
  const env = { TMPDIR: tmp, OKAPI_CONFIG: join(tmp, 'config.json') };
  const cacheOf = (builtFile: string): Buffer => {
    const dir = readdirSync(tmp).find((name) => name.startsWith('okapi-compile-cache-'))!;
    const file = readdirSync(join(tmp, dir)).find((name) => name.startsWith(`${builtFile}-`))!;
    return readFileSync(join(tmp, dir, file));
  };
  return async (args: string[], builtFile = 'kernel.cjs'): Promise<Buffer> => {
    // Commands the kernel answers (--version and --help never load it).
    const result = await runOkapi(args, { env });
    expect(result.code, result.stderr).toBe(0);
    return cacheOf(builtFile);
  };
}

describe("the kernel's code cache", () => {
  it('is enriched by the first runs of each kind, then kept', async () => {
    const run = cacheHome();
    const pluginList = runKind(['plugin', 'list']);
    let cache: Buffer = Buffer.alloc(0);
    for (let i = 1; i <= ENRICHING_RUNS; i++) {
      cache = await run(['plugin', 'list']);
      expect(parseStoredCache(cache).kinds).toEqual(new Map([[pluginList, i]]));
    }
    // Its kind has enriched the cache enough: the run read it and wrote nothing.
    expect((await run(['plugin', 'list'])).equals(cache)).toBe(true);
    // Another kind of run still adds what it compiled.
    const configPath = await run(['config', 'path']);
    expect(parseStoredCache(configPath).kinds).toEqual(new Map([[pluginList, ENRICHING_RUNS], [runKind(['config', 'path']), 1]]));
    expect(configPath.length).toBeGreaterThan(cache.length);
  });

  it.each([
    ['HTTP/1.1', http1],
    ['HTTP/2', http2Only],
  ])("is enriched by https requests over %s too, the formatter plugin's as well", async (_protocol, server) => {
    // llhttp, undici's HTTP/1.1 parser, is compiled with WebAssembly tiering lowered (sdk/wasm-compile.ts);
    // a file loaded under other V8 flags than the process started with would have its cache
    // rejected, and a cache written then would be rejected by the next run: each run would start
    // it afresh (one kind, one run) instead of reading it.
    const args = httpsGet(server, '-o', 'json');
    const kind = runKind(args);
    for (const builtFile of ['kernel.cjs', 'json.cjs']) {
      const run = cacheHome();
      let cache: Buffer = Buffer.alloc(0);
      for (let i = 1; i <= ENRICHING_RUNS; i++) {
        cache = await run(args, builtFile);
        expect(parseStoredCache(cache).kinds, builtFile).toEqual(new Map([[kind, i]]));
      }
      expect((await run(args, builtFile)).equals(cache), builtFile).toBe(true);
    }
  });
});
