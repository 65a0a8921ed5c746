/**
 * Generic requests as users make them with the built CLI: methods and URL forms, the body
 * shorthand with real files and stdin, the encoders, headers, query and server override. Every
 * assertion is on what the example API actually received.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decode as decodeCbor } from 'cbor-x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startExampleApi, type ExampleApi, type RecordedRequest } from '../../fixtures/example-api/index.mjs';
import { freshHome, OKAPI_BIN, runOkapi, type OkapiRunOptions } from '../helpers/run-okapi.js';
import { tempDir } from '../helpers/temp-dir.js';

const VERSION = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

let api: ExampleApi;
let files: string;
beforeAll(async () => {
  api = await startExampleApi();
  files = tempDir('okapi-requests-');
  writeFileSync(join(files, 'data.json'), '{"k": [1, 2], "nested": {"deep": true}}\n');
  writeFileSync(join(files, 'note.txt'), 'hello\nworld\n');
  writeFileSync(join(files, 'table.csv'), 'a,b\n1,2\n');
});
afterAll(async () => {
  await api.close();
});

/** Runs okapi with a fresh config home (and NO_COLOR), merging any extra environment. */
function okapi(args: string[], options: OkapiRunOptions = {}) {
  return runOkapi(args, { ...options, env: { ...freshHome().env, ...options.env } });
}

/** What the server received on exactly this path (query string included when given). */
function received(path: string): RecordedRequest[] {
  return api.requests.filter((r) => r.path === path || r.path.split('?')[0] === path);
}

function only(path: string): RecordedRequest {
  const got = received(path);
  expect(got, `requests to ${path}`).toHaveLength(1);
  return got[0]!;
}

/** `sh -c 'cat FILE | okapi ARGS…'`: stdin as a shell pipe (a FIFO), the way a user pipes a document in. */
function runPiped(stdin: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const stdinFile = join(tempDir('okapi-stdin-'), 'stdin');
  writeFileSync(stdinFile, stdin);
  return new Promise((done) => {
    const child = spawn('sh', ['-c', 'file=$1; shift; cat "$file" | "$@"', 'sh', stdinFile, process.execPath, OKAPI_BIN, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...freshHome().env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

const jsonOf = (r: RecordedRequest) => JSON.parse(r.body.toString('utf8')) as unknown;

describe('methods and URLs', () => {
  const methods = ['get', 'head', 'options', 'post', 'put', 'patch', 'delete'];

  it.each(methods.flatMap((m) => [m, m.toUpperCase()]))('sends %s', async (method) => {
    const path = `/anything/method-${method}`;
    const result = await okapi([method, `${api.url}${path}`]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(only(path).method).toBe(method.toUpperCase());
  });

  it('sends a bare URL as GET with no body', async () => {
    const result = await okapi([`${api.url}/anything/bare-get`]);
    expect(result.code).toBe(0);
    const request = only('/anything/bare-get');
    expect(request.method).toBe('GET');
    expect(request.body.length).toBe(0);
    expect(request.headers['content-type']).toBeUndefined();
  });

  it('sends a bare URL with body arguments as POST', async () => {
    const result = await okapi([`${api.url}/anything/bare-args`, 'name: okapi']);
    expect(result.code).toBe(0);
    const request = only('/anything/bare-args');
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(jsonOf(request)).toEqual({ name: 'okapi' });
  });

  it('sends a bare URL with redirected stdin as POST, the stdin as the body', async () => {
    const result = await okapi([`${api.url}/anything/bare-stdin`], { stdin: '{"from": "stdin"}\n' });
    expect(result.code).toBe(0);
    const request = only('/anything/bare-stdin');
    expect(request.method).toBe('POST');
    expect(jsonOf(request)).toEqual({ from: 'stdin' });
  });

  it('sends no body for `get URL` with piped stdin and no body arguments', async () => {
    const result = await okapi(['get', `${api.url}/anything/get-stdin`], { stdin: '{"ignored": true}\n' });
    expect(result.code).toBe(0);
    const request = only('/anything/get-stdin');
    expect(request.method).toBe('GET');
    expect(request.body.length).toBe(0);
    const piped = await runPiped('{"ignored": true}\n', ['get', `${api.url}/anything/get-fifo`]);
    expect(piped.code).toBe(0);
    expect(only('/anything/get-fifo').body.length).toBe(0);
    expect(only('/anything/get-fifo').method).toBe('GET');
  });

  it('reads :PORT/path as http://localhost:PORT/path', async () => {
    const result = await okapi([`:${api.port}/anything/colon-port`]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const request = only('/anything/colon-port');
    expect(request.headers.host).toBe(`localhost:${api.port}`);
    expect(JSON.parse(result.stdout).url).toBe(`http://localhost:${api.port}/anything/colon-port`);
  });

  it('uses http:// for localhost and 127.0.0.1 when no scheme is given', async () => {
    const local = await okapi([`127.0.0.1:${api.port}/anything/no-scheme-ip`]);
    expect(local.stderr).toBe('');
    expect(local.code).toBe(0);
    expect(JSON.parse(local.stdout).url).toBe(`http://127.0.0.1:${api.port}/anything/no-scheme-ip`);
    const named = await okapi([`localhost:${api.port}/anything/no-scheme-name`]);
    expect(named.code).toBe(0);
    expect(only('/anything/no-scheme-name').headers.host).toBe(`localhost:${api.port}`);
  });

  it('uses https:// for any other host when no scheme is given', async () => {
    // 0.0.0.0 reaches the loopback server on Linux but is not a loopback name, so it gets https://.
    const secure = await startExampleApi({ protocol: 'https' });
    try {
      const result = await okapi([`0.0.0.0:${secure.port}/anything/no-scheme-remote`, '--okapi-insecure']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).url).toBe(`https://0.0.0.0:${secure.port}/anything/no-scheme-remote`);
    } finally {
      await secure.close();
    }
  });

  it('says what is wrong with a malformed escape in user:password@, exit 2, sending nothing and no user information', async () => {
    const before = api.requests.length;
    const host = new URL(api.url).host;
    for (const [url, part] of [
      [`http://a%zz@${host}/anything`, 'user name'],
      [`http://alice:pw-s3cr3t%G1@${host}/anything`, 'password'],
    ] as const) {
      const result = await okapi([url]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`okapi: "http://***@${host}/anything" cannot be sent: the ${part} in the URL has a "%" that is not followed by two hexadecimal digits`);
      expect(result.stderr).toContain('%25');
      expect(result.stderr).not.toMatch(/URI malformed|zz|s3cr3t/);
    }
    expect(api.requests.length).toBe(before);
    // Well-formed escapes still become Basic credentials.
    const ok = await okapi([`http://a%40b:p%25w@${host}/anything/userinfo`]);
    expect(ok.code).toBe(0);
    expect(received('/anything/userinfo')[0]?.headers.authorization).toBe(`Basic ${Buffer.from('a@b:p%w').toString('base64')}`);
  });
});

describe('body shorthand', () => {
  it('builds nested objects, arrays and typed values', async () => {
    const result = await okapi([
      'post',
      `${api.url}/anything/shorthand`,
      'user.name: Ann, user.address.city: Kinshasa, base{one: 1, two: 2}, tags[]: a, tags[]: b,',
      'n: 5, s: "5", f: 2.5, yes: true, no: false, nothing: null, // a comment',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const body = jsonOf(only('/anything/shorthand'));
    expect(body).toEqual({
      user: { name: 'Ann', address: { city: 'Kinshasa' } },
      base: { one: 1, two: 2 },
      tags: ['a', 'b'],
      n: 5,
      s: '5',
      f: 2.5,
      yes: true,
      no: false,
      nothing: null,
    });
  });

  it('reads @file: JSON is parsed, text becomes a string, relative to the working directory', async () => {
    const result = await okapi(['post', `${api.url}/anything/at-file`, `data: @data.json, note: @${join(files, 'note.txt')}, literal: @@handle`], {
      cwd: files,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(jsonOf(only('/anything/at-file'))).toEqual({
      data: { k: [1, 2], nested: { deep: true } },
      note: 'hello\nworld\n',
      literal: '@handle',
    });
  });

  it('patches a JSON document on stdin with the arguments', async () => {
    const result = await okapi(['patch', `${api.url}/anything/stdin-base`, 'tags[]: y, meta.ok: true, drop: undefined'], {
      stdin: '{"a": 1, "tags": ["x"], "drop": "me"}',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const request = only('/anything/stdin-base');
    expect(request.method).toBe('PATCH');
    expect(jsonOf(request)).toEqual({ a: 1, tags: ['x', 'y'], meta: { ok: true } });
  });

  it('patches stdin arriving through a shell pipe (a FIFO) too', async () => {
    const result = await runPiped('{"a": 1, "tags": ["x"]}', ['patch', `${api.url}/anything/fifo-base`, 'tags[]: y']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(jsonOf(only('/anything/fifo-base'))).toEqual({ a: 1, tags: ['x', 'y'] });
  });

  it('patches below a null a response piped back holds, as below a missing field', async () => {
    const result = await runPiped('{"a": null, "b": 1}', ['put', `${api.url}/anything/stdin-null`, 'a.b: 2']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(jsonOf(only('/anything/stdin-null'))).toEqual({ a: { b: 2 }, b: 1 });
  });

  it('reads YAML on stdin and sends it as JSON, patched or not', async () => {
    const yaml = 'name: okapi\nlist:\n  - 1\n  - two\n';
    const plain = await okapi(['put', `${api.url}/anything/yaml-stdin`], { stdin: yaml });
    expect(plain.code).toBe(0);
    const request = only('/anything/yaml-stdin');
    expect(request.headers['content-type']).toBe('application/json');
    expect(jsonOf(request)).toEqual({ name: 'okapi', list: [1, 'two'] });

    const patched = await okapi(['put', `${api.url}/anything/yaml-patched`, 'list[]: 3'], { stdin: yaml });
    expect(patched.code).toBe(0);
    expect(jsonOf(only('/anything/yaml-patched'))).toEqual({ name: 'okapi', list: [1, 'two', 3] });
  });

  it('refuses arguments that would turn the piped document into another kind, sending nothing; deleting first replaces', async () => {
    const array = await runPiped('[1,2]', ['put', `${api.url}/anything/stdin-array`, 'x: 1']);
    expect(array.code).toBe(2);
    expect(array.stdout).toBe('');
    expect(array.stderr).toContain('the document holds an array, but "x" needs an object there');
    const nested = await okapi(['put', `${api.url}/anything/stdin-nested`, 'a.x: 1'], { stdin: '{"a": [1, 2]}' });
    expect(nested.code).toBe(2);
    expect(nested.stderr).toContain('"a" holds an array, but "a.x" needs an object there');
    expect(nested.stderr).toContain("to replace it, delete it first: 'a: undefined, …'");
    expect(received('/anything/stdin-array')).toEqual([]);
    expect(received('/anything/stdin-nested')).toEqual([]);

    const replaced = await okapi(['put', `${api.url}/anything/stdin-replaced`, 'a: undefined, a.x: 1'], { stdin: '{"a": [1, 2], "b": 3}' });
    expect(replaced.stderr).toBe('');
    expect(replaced.code).toBe(0);
    expect(jsonOf(only('/anything/stdin-replaced'))).toEqual({ b: 3, a: { x: 1 } });
  });

  it('rejects malformed shorthand with exit 2 and the position, sending nothing', async () => {
    const result = await okapi(['post', `${api.url}/anything/malformed`, 'a: {b']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/position \d+/);
    expect(received('/anything/malformed')).toEqual([]);
  });

  it('fails with exit 1 naming an unreadable @file, sending nothing', async () => {
    const missing = join(files, 'missing.json');
    const result = await okapi(['post', `${api.url}/anything/unreadable`, `data: @${missing}`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(missing);
    expect(received('/anything/unreadable')).toEqual([]);
  });
});

describe('body arguments as separate words', () => {
  it('starts a new field at each argument that begins with key: and a space or its end', async () => {
    const quoted = await okapi(['post', `${api.url}/anything/words-quoted`, 'a: 1', 'b: 2', 'tags[]: a', 'tags[]: b', '"my key": x', 'base{one: 1}']);
    expect(quoted.stderr).toBe('');
    expect(quoted.code).toBe(0);
    expect(jsonOf(only('/anything/words-quoted'))).toEqual({ a: 1, b: 2, tags: ['a', 'b'], 'my key': 'x', base: { one: 1 } });
  });

  it('continues the value with words the shell split, such as Smith, 12:30 and URLs', async () => {
    // What `okapi post URL name: Alice Smith at: 12:30 url: http://x.org/a?b=c` passes.
    const split = await okapi(['post', `${api.url}/anything/words-split`, 'name:', 'Alice', 'Smith', 'at:', '12:30', 'url:', 'http://x.org/a?b=c']);
    expect(split.stderr).toBe('');
    expect(split.code).toBe(0);
    expect(jsonOf(only('/anything/words-split'))).toEqual({ name: 'Alice Smith', at: '12:30', url: 'http://x.org/a?b=c' });
  });

  it("takes HTTPie's name=value (a string) and name:=json fields", async () => {
    const result = await okapi(['post', `${api.url}/anything/httpie-fields`, 'name=okapi', 'zip=007', 'stars:=5', 'tags:=["a", "b"]', 'meta.ok:=true']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(jsonOf(only('/anything/httpie-fields'))).toEqual({ name: 'okapi', zip: '007', stars: 5, tags: ['a', 'b'], meta: { ok: true } });
  });

  it("refuses HTTPie header and query items with okapi's spelling, exit 2, sending nothing and no secret", async () => {
    const header = await okapi([`${api.url}/anything/httpie-header`, 'Authorization:Bearer-s3cr3t']);
    expect(header.code).toBe(2);
    expect(header.stderr).toContain('reads like an HTTPie header');
    expect(header.stderr).toContain("-H 'Authorization: ***'");
    expect(header.stderr).not.toContain('s3cr3t');
    const query = await okapi(['post', `${api.url}/anything/httpie-query`, 'name=okapi', 'page==2']);
    expect(query.code).toBe(2);
    expect(query.stderr).toContain("-q 'page=2'");
    expect(received('/anything/httpie-header')).toEqual([]);
    expect(received('/anything/httpie-query')).toEqual([]);
  });

  it('refuses a second URL where a field would start, sending nothing, and sends a URL given a field', async () => {
    const second = await okapi([`${api.url}/anything/second-url`, 'https://example.com/cb']);
    expect(second.code).toBe(2);
    expect(second.stdout).toBe('');
    expect(second.stderr).toContain('https://example.com/cb is a URL where a field should start');
    expect(second.stderr).toContain("okapi takes one URL, the target before the body; to send a URL as a value, give it a field: 'callback: https://example.com/cb'");
    const after = await okapi(['post', `${api.url}/anything/second-url`, 'name: x', 'https://example.com/cb']);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('https://example.com/cb could continue the value before it, or be a second URL');
    expect(received('/anything/second-url')).toEqual([]);

    const field = await okapi([`${api.url}/anything/url-field`, 'callback:', 'https://example.com/cb']);
    expect(field.stderr).toBe('');
    expect(field.code).toBe(0);
    expect(jsonOf(only('/anything/url-field'))).toEqual({ callback: 'https://example.com/cb' });
  });

  it('refuses a // that would drop typed words as a comment, naming them; keeps a comment where a field could start', async () => {
    // What `okapi post URL note: see //wiki b: 2` passes.
    const dropped = await okapi(['post', `${api.url}/anything/comment-drop`, 'note:', 'see', '//wiki', 'b:', '2']);
    expect(dropped.code).toBe(2);
    expect(dropped.stdout).toBe('');
    expect(dropped.stderr).toContain('"//wiki" would be read as a comment and dropped');
    expect(dropped.stderr).toContain('put the value in quotes ("see //wiki")');
    expect(received('/anything/comment-drop')).toEqual([]);

    const kept = await okapi(['post', `${api.url}/anything/comment-kept`, 'note: "see //wiki", // why', 'b: 2', 'a: 1 // on a line of several\nc: 3']);
    expect(kept.stderr).toBe('');
    expect(kept.code).toBe(0);
    expect(jsonOf(only('/anything/comment-kept'))).toEqual({ note: 'see //wiki', b: 2, a: 1, c: 3 });
  });

  it('refuses an argument that could be read two ways, showing both spellings', async () => {
    const result = await okapi(['post', `${api.url}/anything/ambiguous`, 'name: okapi', 'stars=5']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('stars=5 could continue the value before it');
    expect(result.stderr).toContain(`'stars: "5"'`);
    expect(received('/anything/ambiguous')).toEqual([]);
  });
});

describe('encoders', () => {
  it('-c yaml sends YAML', async () => {
    const result = await okapi(['post', `${api.url}/anything/enc-yaml`, '-c', 'yaml', 'a: 1, b[]: x, s: "5"']);
    expect(result.code).toBe(0);
    const request = only('/anything/enc-yaml');
    expect(request.headers['content-type']).toMatch(/^application\/yaml/);
    expect(parseYaml(request.body.toString('utf8'))).toEqual({ a: 1, b: ['x'], s: '5' });
  });

  it('-c cbor sends CBOR', async () => {
    const result = await okapi(['post', `${api.url}/anything/enc-cbor`, '-c', 'cbor', 'a: 1, b[]: x, s: "5", t: true']);
    expect(result.code).toBe(0);
    expect(only('/anything/enc-cbor').headers['content-type']).toBe('application/cbor');
    const echo = JSON.parse(result.stdout) as { body_base64: string };
    expect(decodeCbor(Buffer.from(echo.body_base64, 'base64'))).toEqual({ a: 1, b: ['x'], s: '5', t: true });
  });

  it('-c form sends a URL-encoded form', async () => {
    const result = await okapi(['post', `${api.url}/anything/enc-form`, '-c', 'form', 'a: 1, b: x y & z']);
    expect(result.code).toBe(0);
    const echo = JSON.parse(result.stdout) as { form: unknown; headers: Record<string, string> };
    expect(echo.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(echo.form).toEqual({ a: '1', b: 'x y & z' });
  });

  it('-c multipart sends fields and file parts', async () => {
    const result = await okapi(['post', `${api.url}/anything/enc-multipart`, '-c', 'multipart', 'file: @note.txt, note: monthly'], { cwd: files });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const echo = JSON.parse(result.stdout) as { multipart: { fields: Record<string, string>; files: Array<Record<string, unknown>> } };
    expect(echo.multipart.fields).toEqual({ note: 'monthly' });
    expect(echo.multipart.files).toHaveLength(1);
    const content = readFileSync(join(files, 'note.txt'));
    expect(echo.multipart.files[0]).toMatchObject({
      field: 'file',
      filename: 'note.txt',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
  });

  it('-c text/csv @file sends the file as it is', async () => {
    const result = await okapi(['post', `${api.url}/anything/enc-csv`, '-c', 'text/csv', `@${join(files, 'table.csv')}`]);
    expect(result.code).toBe(0);
    const request = only('/anything/enc-csv');
    expect(request.headers['content-type']).toMatch(/^text\/csv/);
    expect(request.body.toString('utf8')).toBe('a,b\n1,2\n');
  });

  it('rejects an unknown encoder with exit 2, sending nothing', async () => {
    const result = await okapi(['post', `${api.url}/anything/enc-bogus`, '-c', 'bogus', 'a: 1']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('bogus');
    expect(received('/anything/enc-bogus')).toEqual([]);
  });
});

describe('headers, query and server', () => {
  it('rejects -H without a colon with exit 2, sending nothing', async () => {
    const result = await okapi(['get', `${api.url}/anything/bad-header`, '-H', 'X-No-Colon']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('X-No-Colon');
    expect(received('/anything/bad-header')).toEqual([]);
  });

  it('sends -H headers and -q parameters exactly as typed', async () => {
    const result = await okapi(['get', `${api.url}/anything/hq?keep=1`, '-H', 'X-Trace: abc, def', '-q', 'zip=007', '-q', 'q=a b']);
    expect(result.code).toBe(0);
    const request = only('/anything/hq');
    expect(request.headers['x-trace']).toBe('abc, def');
    const query = new URL(request.path, 'http://x').searchParams;
    expect(query.get('keep')).toBe('1');
    expect(query.get('zip')).toBe('007');
    expect(query.get('q')).toBe('a b');
  });

  it('sends to the -s server, under its path prefix, without encoding the path twice', async () => {
    const result = await okapi(['get', 'https://api.okapi-example.test/a%20b/c?x=1', '-s', `http://127.0.0.1:${api.port}/anything/prefix`]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const request = only('/anything/prefix/a%20b/c');
    expect(request.path).toBe('/anything/prefix/a%20b/c?x=1');
    expect(request.headers.host).toBe(`127.0.0.1:${api.port}`);
  });

  it('identifies itself as okapi/<version> and sends an Accept header', async () => {
    const result = await okapi(['get', `${api.url}/anything/identity`]);
    expect(result.code).toBe(0);
    const request = only('/anything/identity');
    expect(request.headers['user-agent']).toBe(`okapi/${VERSION}`);
    expect(request.headers.accept).toContain('application/json');
  });
});
