/**
 * okapi's own code cache (kernel/startup/code-cache.ts): each kind of run adds the
 * functions it compiled to the kernel's cache in its first runs (kernel/startup/run-kinds.ts), so a
 * later run of any kind compiles none of what its kind used, whatever the first runs happened to
 * be; a kind seen often enough leaves the cache as it is.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENRICHING_RUNS, parseStoredCache, runKind } from '../../kernel/startup/run-kinds.js';
import { runOkapi } from '../helpers/run-okapi.js';
import { tempDir } from '../helpers/temp-dir.js';

const tls = join(import.meta.dirname, '../../fixtures/tls');
const server = createServer({ cert: readFileSync(join(tls, 'server.pem')), key: readFileSync(join(tls, 'server-key.pem')) }, (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
});
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A fresh temporary directory for the caches, and a run that answers the kernel's cache after it. */
function cacheHome() {
  const tmp = tempDir('okapi-code-cache-test-');
  const env = { TMPDIR: tmp, OKAPI_CONFIG: join(tmp, 'config.json') };
  const kernelCache = (): Buffer => {
    const dir = readdirSync(tmp).find((name) => name.startsWith('okapi-compile-cache-'))!;
    const file = readdirSync(join(tmp, dir)).find((name) => name.startsWith('kernel.cjs-'))!;
    return readFileSync(join(tmp, dir, file));
  };
  return async (args: string[]): Promise<Buffer> => {
    // Commands the kernel answers (--version and --help never load it).
    const result = await runOkapi(args, { env });
    expect(result.code, result.stderr).toBe(0);
    return kernelCache();
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

  it('is enriched by https requests too, whose V8 flags are set back before it is written', async () => {
    // The transport lowers WebAssembly tiering during an https request (transport/wasm-tiering.ts);
    // a cache written under other flags would be rejected by the next run, and rewritten by each.
    const run = cacheHome();
    const args = ['get', `https://127.0.0.1:${(server.address() as AddressInfo).port}/`, '--okapi-ca-cert', join(tls, 'ca.pem')];
    const kind = runKind(args);
    let cache: Buffer = Buffer.alloc(0);
    for (let i = 1; i <= ENRICHING_RUNS; i++) {
      cache = await run(args);
      expect(parseStoredCache(cache).kinds).toEqual(new Map([[kind, i]]));
    }
    expect((await run(args)).equals(cache)).toBe(true);
  });
});
