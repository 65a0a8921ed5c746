/**
 * A base URL okapi would not send as written is refused: user information (dropped from every
 * request, so a request meant to carry credentials went out without them, exit 0) and a fragment
 * (never sent), by `api set` and `config set` (exit 2) and, in a file edited by hand, at the
 * request (exit 1, nothing sent). The password is never shown. base_url's own query is kept
 * when the request has one too.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api?.close();
});

function withUserinfo(path: string): string {
  return api.url.replace('://', '://alice:hunter2@') + path;
}

async function connected(): Promise<ReturnType<typeof freshHome>> {
  const home = freshHome();
  const result = await runOkapi(['api', 'connect', 'bq', `${api.url}/d`, '--no-discover'], { env: home.env });
  expect(result.code, result.stderr).toBe(0);
  return home;
}

describe('base_url', () => {
  it.each([
    ['base_url', 'apis.bq.base_url', 'default'],
    ['profiles.default.base_url', 'apis.bq.profiles.default.base_url', 'default'],
    ['profiles.staging.base_url', 'apis.bq.profiles.staging.base_url', 'staging'],
  ])('api set refuses user information in %s (exit 2), naming the key, without the credentials', async (key, shown, profile) => {
    const home = await connected();
    const result = await runOkapi(['api', 'set', 'bq', `${key}: "${withUserinfo('/d')}"`], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${shown}: "${api.url.replace('://', '://***@')}/d" carries user information, which okapi does not send from a base URL`);
    expect(result.stderr).toContain(`give the credentials to a profile's auth (okapi api set bq 'profiles.${profile}.auth: {type: http-basic`);
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stderr).not.toContain('alice');
  });

  it('config set refuses a fragment (exit 2)', async () => {
    const home = await connected();
    const result = await runOkapi(['config', 'set', `apis.bq.base_url: "${api.url}/d#top"`], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`apis.bq.base_url: "${api.url}/d#top" has a fragment (#…), which is never sent: remove it`);
  });

  it('a hand-edited base_url with user information sends nothing (exit 1) and says which key, without the password', async () => {
    const home = freshHome();
    writeFileSync(home.config, JSON.stringify({ apis: { bq: { base_url: withUserinfo('/hand-edited') } } }));
    const result = await runOkapi(['bq/items'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('okapi: config: apis.bq.base_url: "http://***@');
    expect(result.stderr).toContain('fix it with: okapi config edit');
    expect(result.stderr).not.toContain('hunter2');
    expect(api.requests.some((r) => r.path.startsWith('/hand-edited'))).toBe(false);
    const help = await runOkapi(['bq'], { env: home.env });
    expect(help.stdout).toContain('Base URL: http://***@');
    expect(`${help.stdout}${(await runOkapi(['api', 'list'], { env: home.env })).stdout}`).not.toContain('hunter2');
  });

  it("keeps base_url's query before the request's own", async () => {
    const home = freshHome();
    writeFileSync(home.config, JSON.stringify({ apis: { bq: { base_url: `${api.url}/anything/versioned?api-version=2` } } }));
    for (const target of ['bq/items', 'bq/items?x=1']) expect((await runOkapi([target, '-o', 'json'], { env: home.env })).code).toBe(0);
    expect(api.requests.filter((r) => r.path.startsWith('/anything/versioned/')).map((r) => r.path)).toEqual([
      '/anything/versioned/items?api-version=2',
      '/anything/versioned/items?api-version=2&x=1',
    ]);
  });
});
