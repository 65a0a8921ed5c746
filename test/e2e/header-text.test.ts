/**
 * Header values typed (-H, OKAPI_HEADER) or configured (a profile's headers) as text reach the
 * server as UTF-8, as curl and HTTPie send them; before, `é` went out as the Latin-1 byte E9 and
 * `日本` failed. -v shows them as typed. The example API records each header one byte per character.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { homeWithApi, runOkapi } from '../helpers/run-okapi.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api?.close();
});

const bytesOf = (value: string | undefined): string => Buffer.from(value ?? '', 'latin1').toString('hex');

describe('non-ASCII header values', () => {
  it('go on the wire as UTF-8 from -H, OKAPI_HEADER and a profile, and -v shows them as typed', async () => {
    const home = homeWithApi('demo', api.url, { headers: ['X-Profile: Zürich'] });
    const result = await runOkapi(['demo/anything/text', '-H', 'X-A: é', '-H', 'X-B: 日本', '-v', '-o', 'json'], {
      env: { ...home.env, OKAPI_HEADER: 'X-Env: naïve' },
    });
    expect(result.code, result.stderr).toBe(0);
    const seen = api.requests.find((r) => r.path === '/anything/text')!.headers;
    expect(bytesOf(seen['x-a'])).toBe(Buffer.from('é').toString('hex'));
    expect(bytesOf(seen['x-b'])).toBe(Buffer.from('日本').toString('hex'));
    expect(bytesOf(seen['x-env'])).toBe(Buffer.from('naïve').toString('hex'));
    expect(bytesOf(seen['x-profile'])).toBe(Buffer.from('Zürich').toString('hex'));
    for (const line of ['X-A: é', 'X-B: 日本', 'X-Env: naïve', 'X-Profile: Zürich']) expect(result.stderr.split('\n')).toContain(line);
  });
});
