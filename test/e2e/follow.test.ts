/**
 * A response-middleware plugin that follows (DESIGN.md §2 phase 7), the way pagination works: a
 * real subprocess plugin follows `Link: rel=next` over the pages of a local server, each page one
 * record for the formatter. And the envelope's `links`, which such a plugin and `-f` read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSdkPlugin } from '../helpers/plugin-files.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let server: http.Server;
let origin: string;
const served: string[] = [];

beforeAll(async () => {
  // /pages?n=N: page N of 3, each two ids, linked to the next by a relative Link target; the last is a 404.
  // /forever: always links to itself.
  server = http.createServer((req, res) => {
    served.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    const headers: http.OutgoingHttpHeaders = { 'Content-Type': 'application/json' };
    if (url.pathname === '/forever') {
      res.writeHead(200, { ...headers, Link: '</forever>; rel=next' }).end('[]');
      return;
    }
    const n = Number(url.searchParams.get('n') ?? '1');
    if (n < 3) headers.Link = `</pages?n=${n + 1}>; rel="next", </pages?n=1>; rel=first`;
    res.writeHead(n === 3 ? 404 : 200, headers).end(JSON.stringify([{ id: n * 10 + 1 }, { id: n * 10 + 2 }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A home with the `pager` plugin: follows the Link header's rel=next, resolved against the request URL. */
function pagerHome() {
  const home = freshHome();
  writeSdkPlugin(
    home.plugins,
    'pager',
    `{ manifest: { name: 'pager', okapi_api_version: 2, hooks: ['response-middleware'] },
       hooks: { 'response-middleware': (input) => {
         const link = Object.entries(input.response.headers).find(([name]) => name.toLowerCase() === 'link')?.[1]?.join(', ') ?? '';
         const next = /<([^>]*)>\\s*;\\s*rel="?next"?/.exec(link);
         return next ? { follow: { method: 'GET', url: new URL(next[1], input.request.url).href } } : {};
       } } }`,
  );
  return home;
}

describe('a response-middleware plugin that follows', () => {
  it('streams every page as one record: -o ndjson, one line each', async () => {
    const home = pagerHome();
    served.length = 0;
    const result = await runOkapi(['get', `${origin}/pages?n=1`, '-o', 'ndjson'], { env: home.env });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('[{"id":11},{"id":12}]\n[{"id":21},{"id":22}]\n[{"id":31},{"id":32}]\n');
    expect(served).toEqual(['/pages?n=1', '/pages?n=2', '/pages?n=3']);
    // The last response's status is the final one (DESIGN.md §5): page 3 answers 404.
    expect(result.code).toBe(4);
  });

  it('gives -o json one value per page, and -f runs on each page', async () => {
    const home = pagerHome();
    const json = await runOkapi(['get', `${origin}/pages?n=1`, '-o', 'json'], { env: home.env });
    expect(json.stderr).toBe('');
    expect(json.code).toBe(4);
    const pages = [
      [{ id: 11 }, { id: 12 }],
      [{ id: 21 }, { id: 22 }],
      [{ id: 31 }, { id: 32 }],
    ];
    // -o json is indented, one value after another.
    expect(json.stdout).toBe(pages.map((page) => `${JSON.stringify(page, null, 2)}\n`).join(''));
    const lines = await runOkapi(['get', `${origin}/pages?n=1`, '-o', 'lines', '-f', 'body[0].id'], { env: home.env });
    expect(lines.code).toBe(4);
    expect(lines.stdout).toBe('11\n21\n31\n');
  });

  it('shows each response on the wire with -v, and the heads --okapi-print asks for before each page', async () => {
    const home = pagerHome();
    const verbose = await runOkapi(['get', `${origin}/pages?n=1`, '-o', 'ndjson', '-v'], { env: home.env });
    expect(verbose.stderr.match(/^GET \/pages\?n=\d HTTP\/1\.1$/gm)).toEqual(['GET /pages?n=1 HTTP/1.1', 'GET /pages?n=2 HTTP/1.1', 'GET /pages?n=3 HTTP/1.1']);
    expect(verbose.stdout.split('\n')).toHaveLength(4);
    const heads = await runOkapi(['get', `${origin}/pages?n=1`, '-o', 'ndjson', '--okapi-print', 'hb'], { env: home.env });
    expect(heads.stdout.match(/^HTTP\/1\.1 \d{3}.*$/gm)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK', 'HTTP/1.1 404 Not Found']);
  });

  it('stops a plugin that follows without end, naming it and the cap', async () => {
    const home = pagerHome();
    served.length = 0;
    // 101 exchanges, each through a plugin process: on a loaded machine they outlast the helper's 20 s.
    const result = await runOkapi(['get', `${origin}/forever`, '-o', 'ndjson'], { env: home.env, timeoutMs: 110_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('plugin pager asked to follow more than 100 times in one request');
    expect(served).toHaveLength(101);
  }, 120_000);
});

describe('the envelope links', () => {
  it('maps the Link header relations to URLs resolved against the response URL', async () => {
    const home = freshHome();
    const next = await runOkapi(['get', `${origin}/pages?n=1`, '-f', 'links.next', '-o', 'lines'], { env: home.env });
    expect(next.stdout).toBe(`${origin}/pages?n=2\n`);
    const all = await runOkapi(['get', `${origin}/pages?n=2`, '-f', 'links', '-o', 'json'], { env: home.env });
    expect(JSON.parse(all.stdout)).toEqual({ next: `${origin}/pages?n=3`, first: `${origin}/pages?n=1` });
    const none = await runOkapi(['get', `${origin}/pages?n=3`, '-f', 'links', '-o', 'json'], { env: home.env });
    expect(JSON.parse(none.stdout)).toEqual({});
  });
});
