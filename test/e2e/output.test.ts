/**
 * What okapi prints and how it exits, with the built CLI against the example API: exit codes for
 * final statuses, raw bytes when redirected, every built-in output format, the print shortcuts,
 * -S and -v, response decoding, and the terminal transcript under a real pseudo-terminal.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { encode as encodeToon } from '@toon-format/toon';
import { decode as decodeCbor } from 'cbor-x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, OKAPI_BIN, runOkapi, type OkapiRunOptions } from '../helpers/run-okapi.js';
import { closedPort } from '../helpers/tiny-proxy.js';
import { tempDir } from '../helpers/temp-dir.js';

const DOC_JSON = readFileSync(resolve(import.meta.dirname, '../../fixtures/example-api/data/doc.json'));
const DOC = JSON.parse(DOC_JSON.toString('utf8')) as Record<string, unknown>;

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

function okapi(args: string[], options: OkapiRunOptions = {}) {
  return runOkapi(args, { ...options, env: { ...freshHome().env, ...options.env } });
}

/** The body bytes as any other client sees them. */
async function fetchBytes(path: string): Promise<Buffer> {
  const response = await fetch(`${api.url}${path}`);
  return Buffer.from(await response.arrayBuffer());
}

async function fetchJson(path: string): Promise<unknown> {
  return (await fetch(`${api.url}${path}`)).json();
}

describe('exit codes', () => {
  it('exits 0 for a 2xx', async () => {
    const ok = await okapi([`${api.url}/status/200`]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ status: 200 });
    const created = await okapi(['post', `${api.url}/status/201`]);
    expect(created.code).toBe(0);
    const empty = await okapi(['delete', `${api.url}/status/204`]);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
  });

  it('exits 3 for a final 3xx (redirects are followed when they can be)', async () => {
    const followed = await okapi([`${api.url}/redirect/2`]);
    expect(followed.code).toBe(0);
    const unfollowable = await okapi([`${api.url}/redirect-to?url=${encodeURIComponent('foo://elsewhere/x')}&status=302`]);
    expect(unfollowable.code).toBe(3);
    expect(JSON.parse(unfollowable.stdout)).toEqual({ redirect_to: 'foo://elsewhere/x' });
    const notModified = await okapi([`${api.url}/status/304`]);
    expect(notModified.code).toBe(3);
  });

  it('exits 4 for a 4xx and 5 for a 5xx, still printing the body', async () => {
    const notFound = await okapi([`${api.url}/status/404`]);
    expect(notFound.code).toBe(4);
    expect(JSON.parse(notFound.stdout)).toEqual({ status: 404 });
    const failed = await okapi([`${api.url}/status/500`]);
    expect(failed.code).toBe(5);
    expect(JSON.parse(failed.stdout)).toEqual({ status: 500 });
  });

  it('exits 0 whatever the status with --okapi-ignore-status-code', async () => {
    const notFound = await okapi([`${api.url}/status/404`, '--okapi-ignore-status-code']);
    expect(notFound.code).toBe(0);
    expect(JSON.parse(notFound.stdout)).toEqual({ status: 404 });
    const failed = await okapi([`${api.url}/status/503`, '--okapi-ignore-status-code']);
    expect(failed.code).toBe(0);
  });
});

describe('redirected stdout', () => {
  it('writes the raw body bytes exactly when nothing asks for rendering', async () => {
    const random = await okapi([`${api.url}/bytes/100000?seed=7`]);
    expect(random.code).toBe(0);
    expect(random.stderr).toBe('');
    const expected = await fetchBytes('/bytes/100000?seed=7');
    expect(expected.length).toBe(100_000);
    expect(random.stdoutBytes.equals(expected)).toBe(true);

    const binary = await okapi([`${api.url}/formats/binary`]);
    expect(binary.code).toBe(0);
    expect(binary.stdoutBytes.equals(Buffer.from(Array.from({ length: 256 }, (_, i) => i)))).toBe(true);
  });

  it('writes a JSON or a non-UTF-8 body unchanged', async () => {
    const json = await okapi([`${api.url}/formats/json`]);
    expect(json.stdoutBytes.equals(DOC_JSON)).toBe(true);
    const latin1 = await okapi([`${api.url}/formats/latin1`]);
    expect(latin1.stdoutBytes.equals(await fetchBytes('/formats/latin1'))).toBe(true);
  });

  it('stops quietly when the reader closes the pipe early (okapi URL | head)', async () => {
    // sh -c 'okapi URL 2>ERR | head -c 10': okapi's stdout is closed long before the body ends.
    const errFile = join(tempDir('okapi-epipe-'), 'stderr');
    const home = freshHome();
    for (const args of [[`${api.url}/bytes/3000000`], [`${api.url}/items?count=5000`, '-o', 'ndjson']]) {
      const head = await new Promise<Buffer>((done) => {
        const child = spawn('sh', ['-c', 'err=$1; shift; "$@" 2>"$err" | head -c 10', 'sh', errFile, process.execPath, OKAPI_BIN, ...args], {
          env: { PATH: process.env.PATH, HOME: process.env.HOME, ...home.env },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        const chunks: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
        child.on('close', () => done(Buffer.concat(chunks)));
      });
      expect(head.length).toBe(10);
      const stderr = readFileSync(errFile, 'utf8');
      expect(stderr, `stderr of okapi ${args.join(' ')} | head`).not.toMatch(/EPIPE|Unhandled 'error' event|\n\s+at /);
    }
  });
});

describe('output formats', () => {
  it('-o json renders JSON', async () => {
    const result = await okapi([`${api.url}/formats/json`, '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(DOC);
    expect(result.stdout).toContain('\n  "id": 42,');
  });

  it('-o gron streams a JSON body as assignments, the same as of the decoded body', async () => {
    const streamed = await okapi([`${api.url}/formats/json`, '-o', 'gron']);
    expect(streamed.code).toBe(0);
    expect(streamed.stdout).toContain('json.habitat.elevation_m[1] = 1500;\n');
    expect(streamed.stdout).toContain('json.greeting = "Mbote! Grüße, café 🦒";\n');
    // A filter needs the decoded body: that path must write the same lines.
    const decoded = await okapi([`${api.url}/formats/json`, '-o', 'gron', '-f', 'body']);
    expect(decoded.stdout).toBe(streamed.stdout);
    const large = await okapi([`${api.url}/large?size=${2 * 1024 * 1024}`, '-o', 'gron']);
    expect(large.code).toBe(0);
    expect(large.stdout).toMatch(/^json = \[\];\njson\[0\] = \{\};\njson\[0\]\.id = 1;\n/);
    expect(large.stdout.endsWith(';\n')).toBe(true);
  });

  it('-o toon writes what the reference encoder writes, parsing a JSON body as it arrives', async () => {
    for (const path of ['/formats/json', `/large?size=${2 * 1024 * 1024}`]) {
      const streamed = await okapi([`${api.url}${path}`, '-o', 'toon']);
      expect(streamed.code).toBe(0);
      expect(streamed.stdout).toBe(`${encodeToon(await fetchJson(path))}\n`);
      // A filter needs the decoded body: that path must write the same text.
      const decoded = await okapi([`${api.url}${path}`, '-o', 'toon', '-f', 'body']);
      expect(decoded.stdout).toBe(streamed.stdout);
    }
  });

  it('-o yaml renders YAML', async () => {
    const result = await okapi([`${api.url}/formats/json`, '-o', 'yaml']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('name: Okapi\n');
    expect(parseYaml(result.stdout)).toEqual(DOC);
  });

  it('-o ndjson writes one line per item', async () => {
    const result = await okapi([`${api.url}/items?count=3`, '-o', 'ndjson']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => JSON.parse(line))).toEqual(await fetchJson('/items?count=3'));
  });

  it('-o lines writes scalars without quotes', async () => {
    const result = await okapi([`${api.url}/formats/text`, '-o', 'lines']);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('Hello from the okapi example API.\nNon-ASCII text: Grüße aus Köln')).toBe(true);
    expect(result.stdout).not.toContain('"');
  });

  it('-o cbor writes CBOR', async () => {
    const result = await okapi([`${api.url}/formats/json`, '-o', 'cbor']);
    expect(result.code).toBe(0);
    expect(decodeCbor(result.stdoutBytes)).toEqual(DOC);
  });

  it('-o raw writes the body bytes', async () => {
    const result = await okapi([`${api.url}/formats/json`, '-o', 'raw']);
    expect(result.code).toBe(0);
    expect(result.stdoutBytes.equals(DOC_JSON)).toBe(true);
  });
});

describe('print shortcuts', () => {
  it('--okapi-status prints the status code unquoted', async () => {
    const result = await okapi([`${api.url}/status/404`, '--okapi-status']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('404\n');
    const ok = await okapi([`${api.url}/anything`, '--okapi-status']);
    expect(ok.stdout).toBe('200\n');
  });

  it('--okapi-headers prints the response headers', async () => {
    const result = await okapi([`${api.url}/formats/json`, '--okapi-headers']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/"content-type": "application\/json"/i);
    expect(result.stdout).toMatch(new RegExp(`"content-length": "${DOC_JSON.length}"`, 'i'));
    expect(result.stdout).not.toContain('Okapia johnstoni');
  });

  it('refuses two of -f, --okapi-status and --okapi-headers before sending, as two -f are refused', async () => {
    const before = api.requests.length;
    for (const flags of [['--okapi-status', '-f', 'body'], ['--okapi-headers', '--okapi-status']]) {
      const result = await okapi([`${api.url}/anything`, ...flags]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('each choose what to print; give one of them');
    }
    expect(api.requests.length).toBe(before);
  });

  it('--okapi-print HBhb shows the whole exchange in order', async () => {
    const result = await okapi(['post', `${api.url}/anything/print`, 'name: okapi', '--okapi-print', 'HBhb', '-H', 'X-Mine: yes']);
    expect(result.code).toBe(0);
    const out = result.stdout;
    const requestLine = out.indexOf('POST /anything/print HTTP/1.1');
    const requestHeader = out.indexOf('X-Mine: yes');
    const requestBody = out.indexOf('{"name":"okapi"}');
    const statusLine = out.indexOf('HTTP/1.1 200 OK');
    const responseHeader = statusLine + out.slice(statusLine).search(/content-type: application\/json/i);
    const responseBody = out.indexOf('"path": "/anything/print"');
    expect(requestLine).toBe(0);
    expect(requestHeader).toBeGreaterThan(requestLine);
    expect(requestBody).toBeGreaterThan(requestHeader);
    expect(statusLine).toBeGreaterThan(requestBody);
    expect(responseHeader).toBeGreaterThan(statusLine);
    expect(out.slice(requestLine, statusLine)).toMatch(/Content-Type: application\/json/i);
    expect(responseBody).toBeGreaterThan(responseHeader);
  });

  it('-S prints nothing at all, even on errors, and still sets the exit code', async () => {
    const notFound = await okapi(['-S', `${api.url}/status/404`]);
    expect(notFound).toMatchObject({ code: 4, stdout: '', stderr: '' });
    const failed = await okapi([`${api.url}/status/500`, '-S']);
    expect(failed).toMatchObject({ code: 5, stdout: '', stderr: '' });
    const ok = await okapi(['-S', `${api.url}/anything`]);
    expect(ok).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const refused = await okapi(['-S', `http://127.0.0.1:${await closedPort()}/x`]);
    expect(refused).toMatchObject({ code: 1, stdout: '', stderr: '' });
    const unreadable = await okapi(['-S', 'post', `${api.url}/anything/silent-file`, `a: @${join(tmpdir(), 'okapi-no-such-file.json')}`]);
    expect(unreadable).toMatchObject({ code: 1, stdout: '', stderr: '' });
  });

  it('-v writes both heads to stderr with credentials masked, and sends the real token', async () => {
    const token = 'okapi-verbose-s3cr3t';
    const result = await okapi(['get', `${api.url}/anything/verbose`, '-v', '-H', `Authorization: Bearer ${token}`]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('GET /anything/verbose HTTP/1.1');
    expect(result.stderr).toContain('Authorization: Bearer <redacted>');
    expect(result.stderr).toContain('HTTP/1.1 200 OK');
    expect(result.stderr).toMatch(/content-type: application\/json/i);
    expect(result.stderr).not.toContain(token);
    expect(result.stdout).not.toContain('HTTP/1.1 200 OK');
    const echo = JSON.parse(result.stdout) as { headers: Record<string, string> };
    expect(echo.headers.authorization).toBe(`Bearer ${token}`);
    expect(api.requests.find((r) => r.path === '/anything/verbose')?.headers.authorization).toBe(`Bearer ${token}`);
  });
});

describe('decoding responses', () => {
  it('decodes a YAML body', async () => {
    const result = await okapi([`${api.url}/formats/yaml`, '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(DOC);
  });

  it('decodes a CBOR body', async () => {
    const result = await okapi([`${api.url}/formats/cbor`, '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(DOC);
  });

  it('decodes an NDJSON body', async () => {
    const items = await fetchJson('/items?count=3');
    const ndjson = await okapi([`${api.url}/formats/ndjson`, '-o', 'ndjson']);
    expect(ndjson.code).toBe(0);
    expect(ndjson.stdout.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(items);
    const asJson = await okapi([`${api.url}/formats/ndjson`, '-o', 'json']);
    expect(asJson.code).toBe(0);
    expect(JSON.parse(asJson.stdout)).toEqual(items);
  });

  it('decodes text in the charset the response names', async () => {
    const result = await okapi([`${api.url}/formats/latin1`, '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toBe('Grüße aus Köln: café, crème brûlée, señor, £5, ½ déjà vu.\n');
  });

  it('shows a problem document and exits 4', async () => {
    const result = await okapi([`${api.url}/formats/problem`, '-o', 'json']);
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'Validation failed', status: 422 });
  });

  it('renders a vendor +json media type as JSON', async () => {
    const result = await okapi([`${api.url}/formats/vendor`, '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(await fetchJson('/formats/vendor'));
    expect(result.stdout).toContain('\n  "id": 1,');
  });
});

describe('on a terminal', () => {
  const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!hasScript) console.warn('util-linux `script` is not installed: skipping the pseudo-terminal transcript tests');

  /** Runs okapi under a pseudo-terminal with util-linux `script`; returns what the terminal showed. */
  function onTerminal(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
    const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
    const command = [process.execPath, OKAPI_BIN, ...args].map(quote).join(' ');
    const home = tempDir('okapi-tty-');
    return new Promise((done, fail) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm-256color', OKAPI_CONFIG: join(home, 'config.json'), XDG_CACHE_HOME: join(home, 'cache'), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      child.on('error', fail);
      child.on('close', () => done(out.replace(/\r\n/g, '\n')));
    });
  }
  const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

  it.skipIf(!hasScript)('shows the status line, headers and a highlighted body', async () => {
    const screen = await onTerminal([`${api.url}/formats/json`], { FORCE_COLOR: '1' });
    expect(screen).toContain('\x1b[');
    const text = plain(screen);
    expect(text.startsWith('HTTP/1.1 200 OK\n')).toBe(true);
    expect(text).toMatch(/^content-type: application\/json$/im);
    expect(text).toContain('"name": "Okapi"');
    // The key and the string value are coloured separately.
    expect(screen).toMatch(/\x1b\[[0-9;]*m"name"\x1b\[0?m/);
    expect(screen).toMatch(/\x1b\[[0-9;]*m"Okapi"\x1b\[0?m/);
  });

  it.skipIf(!hasScript)('prints no escape codes with NO_COLOR', async () => {
    const screen = await onTerminal([`${api.url}/formats/json`], { NO_COLOR: '1' });
    expect(screen).not.toContain('\x1b');
    expect(screen.startsWith('HTTP/1.1 200 OK\n')).toBe(true);
    expect(screen).toContain('"name": "Okapi"');
  });
});
