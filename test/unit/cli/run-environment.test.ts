/**
 * okapi run in-process (`run(argv, env, io)`) reads the environment it is given, never the
 * process's: a host that embeds okapi chooses each run's environment.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../../fixtures/example-api/index.mjs';
import { run } from '../../../kernel/cli/run.js';
import type { Streams } from '../../../kernel/invocation.js';
import { Capture } from '../../helpers/capture-stream.js';
import { tempDir } from '../../helpers/temp-dir.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

describe('run', () => {
  it("fills a profile's env: params from the run's environment, not the process's", async () => {
    vi.stubEnv('SHOP_TENANT', 'from-the-process');
    const home = tempDir();
    const config = join(home, 'config.json');
    const profile = { params: { tenant: 'env:SHOP_TENANT' }, headers: ['X-Tenant: {tenant}'] };
    writeFileSync(config, JSON.stringify({ apis: { shop: { base_url: api.url, profiles: { default: profile } } } }));
    const env = { OKAPI_CONFIG: config, XDG_CACHE_HOME: join(home, 'cache'), NO_COLOR: '1', SHOP_TENANT: 'from-the-run' };
    const stderr = new Capture();
    // A terminal's stdin is never read as a body, so the test runner's own stdin stays out of the request.
    const stdin = Object.assign(Readable.from([]), { isTTY: true });
    const io = { stdout: new Capture(), stderr, stdin } as unknown as Streams;

    const code = await run(['shop/anything', '-S'], env, io);

    expect(stderr.text).toBe('');
    expect(code).toBe(0);
    expect(api.requests.at(-1)?.headers['x-tenant']).toBe('from-the-run');
  });
});
