/**
 * Plugins (and servers) that misbehave cannot hurt okapi: a flood of log messages or of stderr is
 * bounded, a result that breaks the protocol is refused with an error naming the plugin, a
 * command's exit code must be one a process can have, and escape sequences in what a plugin or a
 * server says are shown, never obeyed by the terminal. Real subprocess plugins, speaking JSON
 * lines written by hand, so that they can send what the SDK never would.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { writeScriptPlugin } from '../helpers/plugin-files.js';
import { freshHome, OKAPI_BIN, runOkapi, startOkapi } from '../helpers/run-okapi.js';
import { SHOWN_BYTES_PER_PLUGIN } from '../../kernel/plugins/plugin-diagnostics.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

const ESC = '\u001b';
/** Clears the screen, retitles the window and rings the bell, if a terminal obeys it. */
const HOSTILE = `${ESC}[2J${ESC}]0;owned\u0007${ESC}[31mred`;

function middleware(name: string, hooks: string[] = ['request-middleware']): object {
  return { name, okapi_api_version: 2, hooks };
}

/** A plugin whose session reads the hook message, then writes `lines` (raw JSON lines) and exits. */
function answering(dir: string, name: string, lines: string[], hooks?: string[]): void {
  writeScriptPlugin(dir, name, middleware(name, hooks), `await readLine();\nprocess.stdout.write(${JSON.stringify(lines.map((l) => `${l}\n`).join(''))});`);
}

/** A command plugin `name` with the command `go`, whose session sends `lines` after init. */
function command(dir: string, name: string, lines: string[]): void {
  writeScriptPlugin(
    dir,
    name,
    { name, okapi_api_version: 2, hooks: ['command'] },
    `if (process.argv.includes('--okapi-plugin-commands')) { process.stdout.write(JSON.stringify({ protocol_version: 1, commands: [{ name: 'go', short: 'goes' }] })); process.exit(0); }
await readLine();
process.stdout.write(${JSON.stringify(lines.map((l) => `${l}\n`).join(''))});`,
  );
}

/** okapi's peak resident memory in bytes (VmHWM), read until it exits. */
async function peakMemory(pid: number, ended: Promise<unknown>): Promise<number> {
  let peak = 0;
  let done = false;
  void ended.then(() => {
    done = true;
  });
  while (!done) {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb !== undefined) peak = Math.max(peak, Number(kb) * 1024);
    } catch {
      // Gone between two looks.
    }
    await sleep(50);
  }
  return peak;
}

const MB = 1024 * 1024;

describe('a plugin flooding diagnostics', () => {
  it.runIf(existsSync('/proc/self/status'))('shows a bounded share of 200,000 log messages and says how much it dropped', async () => {
    const home = freshHome();
    const message = `flood ${'x'.repeat(300)}`;
    writeScriptPlugin(
      home.plugins,
      'flood',
      middleware('flood'),
      `await readLine();
const block = (JSON.stringify({ type: 'log', level: 'warn', message: ${JSON.stringify(message)} }) + '\\n').repeat(1000);
let written = 0;
const more = () => {
  while (written < 200) {
    written++;
    if (!process.stdout.write(block)) return void process.stdout.once('drain', more);
  }
  send({ type: 'result', output: { headers: { 'X-Flooded': 'yes' } } });
};
more();`,
    );
    const okapi = startOkapi(['get', `${api.url}/anything`, '-o', 'json'], { env: home.env, timeoutMs: 120_000 });
    const peak = await peakMemory(okapi.child.pid!, okapi.result);
    const result = await okapi.result;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).headers['x-flooded']).toBe('yes');
    const shown = result.stderr.split('\n').filter((line) => line.startsWith('okapi: warning: plugin flood: flood'));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(200_000);
    expect(Buffer.byteLength(result.stderr)).toBeLessThan(SHOWN_BYTES_PER_PLUGIN + 1024);
    expect(result.stderr).toMatch(/okapi: plugin flood wrote more diagnostics than okapi shows \(\d+ bytes dropped\)\n$/);
    // The flood is ~66 MB of messages; okapi holds none of it for long.
    expect(peak).toBeLessThan(300 * MB);
  });

  it('shows a bounded share of a plugin stderr flood under -v', async () => {
    const home = freshHome();
    writeScriptPlugin(
      home.plugins,
      'noisy',
      middleware('noisy'),
      `await readLine();
const block = 'noise '.repeat(10_000) + '\\n';
let written = 0;
const more = () => {
  while (written < 500) {
    written++;
    if (!process.stderr.write(block)) return void process.stderr.once('drain', more);
  }
  send({ type: 'result', output: {} });
};
more();`,
    );
    const result = await runOkapi(['get', `${api.url}/anything`, '-v'], { env: home.env, timeoutMs: 120_000 });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('[noisy] noise noise');
    // 30 MB written; a share of it shown, beside okapi's own -v lines.
    expect(Buffer.byteLength(result.stderr)).toBeLessThan(SHOWN_BYTES_PER_PLUGIN + 64 * 1024);
    expect(result.stderr).toMatch(/okapi: plugin noisy wrote more diagnostics than okapi shows \(\d+ bytes dropped\)/);
  });
});

describe('a closed stderr', () => {
  it('loses the diagnostics of a logging plugin, never the response', async () => {
    const home = freshHome();
    writeScriptPlugin(
      home.plugins,
      'chatty',
      middleware('chatty'),
      `await readLine();
for (let i = 0; i < 2000; i++) send({ type: 'log', level: 'warn', message: 'chat '.repeat(20) });
send({ type: 'result', output: { headers: { 'X-Chatty': 'yes' } } });`,
    );
    const okapi = spawn(process.execPath, [OKAPI_BIN, 'get', `${api.url}/anything`, '-o', 'json'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...home.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Nobody reads okapi's stderr: its writes fail with EPIPE.
    okapi.stderr.destroy();
    const out: Buffer[] = [];
    okapi.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    const code = await new Promise<number | null>((resolve) => okapi.on('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(Buffer.concat(out).toString('utf8')).headers['x-chatty']).toBe('yes');
  });
});

describe('a command plugin exit code', () => {
  it.each([['1.5'], ['1e400'], ['300'], ['"7"'], ['-1'], ['null']])('refuses exit_code %s, naming the plugin', async (code) => {
    const home = freshHome();
    command(home.plugins, 'ender', [`{"type":"done","exit_code":${code}}`]);
    const result = await runOkapi(['go'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`okapi: plugin ender: ended the command with the exit code ${code}, which is not a whole number from 0 to 255`);
  });

  it('refuses a done message without an exit code', async () => {
    const home = freshHome();
    command(home.plugins, 'ender', ['{"type":"done"}']);
    const result = await runOkapi(['go'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ended the command with the exit code nothing, which is not a whole number from 0 to 255');
  });

  it.each([[0], [7], [255]])('exits with exit_code %i', async (code) => {
    const home = freshHome();
    command(home.plugins, 'ender', ['{"type":"stdout","data":"aGk="}', `{"type":"done","exit_code":${code}}`]);
    const result = await runOkapi(['go'], { env: home.env });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('hi');
    expect(result.code).toBe(code);
  });
});

describe('a plugin result that breaks the protocol', () => {
  const cases: [string, string[], string, string][] = [
    ['request-middleware', ['request-middleware'], '{"headers":"str"}', 'answered the request-middleware hook with headers: "str", which is not a map of header names to values'],
    ['header list', ['request-middleware'], '{"headers":["a","b"]}', 'answered the request-middleware hook with headers: a list, which is not a map of header names to values'],
    ['object header value', ['request-middleware'], '{"headers":{"X-A":{"b":1}}}', 'answered the request-middleware hook with headers.X-A: a map, which is not a string, a list of strings, or null'],
    ['numeric header value', ['request-middleware'], '{"headers":{"X-A":5}}', 'answered the request-middleware hook with headers.X-A: 5, which is not a string, a list of strings, or null'],
    ['bad header name', ['request-middleware'], '{"headers":{"Bad Name":"v"}}', 'answered the request-middleware hook with the header name "Bad Name", which is not a valid HTTP header name'],
    ['header injection', ['request-middleware'], '{"headers":{"X-A":"v\\r\\nX-Injected: 1"}}', 'answered the request-middleware hook with the X-A header value "v\\r\\nX-Injected: 1", which holds a line break'],
    ['query value', ['request-middleware'], '{"query":{"page":{"n":1}}}', 'answered the request-middleware hook with query.page: a map, which is not a string, a list of strings, or null'],
    ['output', ['request-middleware'], '"str"', 'answered the request-middleware hook with the output "str", which is not a map'],
    ['status', ['response-middleware'], '{"response":{"status":99999}}', 'answered the response-middleware hook with the status 99999, which is not an HTTP status (a whole number from 100 to 599)'],
    ['response headers', ['response-middleware'], '{"response":{"headers":{"X-A":"one"}}}', 'answered the response-middleware hook with response.headers.X-A: "one", which is not a list of strings'],
    ['follow URL', ['response-middleware'], '{"follow":{"method":"GET","url":"file:///etc/passwd"}}', 'answered the response-middleware hook with follow.url: "file:///etc/passwd", which is not an http or https URL'],
    ['follow method', ['response-middleware'], '{"follow":{"method":"GET /x","url":"http://127.0.0.1/"}}', 'answered the response-middleware hook with follow.method: "GET /x", which is not an HTTP method'],
    ['drop', ['response-middleware'], '{"drop":"yes"}', 'answered the response-middleware hook with drop: "yes"; drop is true or absent'],
    ['two answers', ['response-middleware'], '{"drop":true,"response":{"status":200}}', 'answered the response-middleware hook with both drop and response, which cannot be done together'],
  ];

  it.each(cases)('refuses a %s answer, naming the plugin, with nothing sent or printed', async (_, hooks, output, expected) => {
    const home = freshHome();
    answering(home.plugins, 'bad', [`{"type":"result","output":${output}}`], hooks);
    const result = await runOkapi(['get', `${api.url}/anything`], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`okapi: plugin bad: ${expected}`);
    expect(result.stderr).toContain('hint: the plugin does not follow the okapi plugin protocol');
  });

  it.each([
    ['{"type":"log","level":"loud","message":"hi"}', 'sent a "log" message with the level "loud", which is not one of debug, info, warn, error'],
    ['{"type":"log","level":"warn","message":{"a":1}}', 'sent a "log" message with message: a map, which is not a string'],
    ['{"type":"error","message":42}', 'answered with an "error" message with message: 42, which is not a string'],
  ])('refuses the message %s', async (line, expected) => {
    const home = freshHome();
    answering(home.plugins, 'bad', [line, '{"type":"result","output":{}}']);
    const result = await runOkapi(['get', `${api.url}/anything`], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`okapi: plugin bad: ${expected}`);
  });

  it.each([
    ['{"type":"http-request","id":1,"method":"GET","url":"/x","headers":"str"}', 'sent a "http-request" message with headers: "str", which is not a map of header names to values'],
    ['{"type":"http-request","method":"GET","url":"/x"}', 'sent a "http-request" request with the id nothing; a request needs a whole-number id for its answer'],
    [
      '{"type":"http-request","id":1,"method":"GET","url":"/x","address_policy":{"trusted_urls":["file:///etc/passwd"]}}',
      'sent a "http-request" message with address_policy.trusted_urls: a list, which is not a list of one or more http or https URLs',
    ],
    [
      '{"type":"http-stream","id":1,"method":"GET","url":"/x","address_policy":"anywhere"}',
      'sent a "http-stream" message with address_policy: "anywhere", which is not a map',
    ],
    [
      '{"type":"http-print","id":1,"method":"GET","url":"/x","address_policy":{"trusted_urls":["https://a.example/"],"allow_cross_origin":"yes"}}',
      'sent a "http-print" message with address_policy.allow_cross_origin: "yes", which is not true or false',
    ],
    [
      '{"type":"http-print","id":1,"method":"GET","url":"/x","headers":{"X-A":7}}',
      'sent a "http-print" message with headers.X-A: 7, which is not a string, a list of strings, or null',
    ],
    ['{"type":"prompt","id":1,"message":["a"]}', 'sent a "prompt" message with message: a list, which is not a string'],
    ['{"type":"stdout","data":{"a":1}}', 'sent a "stdout" message with data: a map, which is neither bytes nor text'],
  ])('refuses the command message %s', async (line, expected) => {
    const home = freshHome();
    command(home.plugins, 'bad', [line, '{"type":"done","exit_code":0}']);
    const result = await runOkapi(['go'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`okapi: plugin bad: ${expected}`);
  });

  it('still applies a well-formed update of every shape', async () => {
    const home = freshHome();
    answering(home.plugins, 'good', ['{"type":"result","output":{"headers":{"X-One":"1","X-Two":["2a","2b"],"User-Agent":null},"query":{"page":"3"}}}']);
    const result = await runOkapi(['get', `${api.url}/anything`, '-o', 'json'], { env: home.env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const echoed = JSON.parse(result.stdout);
    expect(echoed.headers['x-one']).toBe('1');
    expect(echoed.headers['x-two']).toBe('2a, 2b');
    expect(echoed.headers['user-agent']).toBeUndefined();
    expect(echoed.query).toEqual({ page: '3' });
  });
});

describe('escape sequences in diagnostics', () => {
  it('shows those of a plugin log message, error and stderr as text', async () => {
    const home = freshHome();
    writeScriptPlugin(
      home.plugins,
      'shouty',
      middleware('shouty'),
      `await readLine();
process.stderr.write(${JSON.stringify(`stderr ${HOSTILE}\n`)});
send({ type: 'log', level: 'warn', message: ${JSON.stringify(`log ${HOSTILE}`)} });
send({ type: 'error', message: ${JSON.stringify(`error ${HOSTILE}`)} });`,
    );
    const result = await runOkapi(['get', `${api.url}/anything`, '-v'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain(ESC);
    expect(result.stderr).not.toContain('\u0007');
    const shown = '\\x1b[2J\\x1b]0;owned\\x07\\x1b[31mred';
    expect(result.stderr).toContain(`okapi: warning: plugin shouty: log ${shown}`);
    expect(result.stderr).toContain(`okapi: plugin shouty: error ${shown}`);
    expect(result.stderr).toContain(`[shouty] stderr ${shown}`);
  });

  it('shows those of a server header and reason phrase under -v as text, and leaves the body alone', async () => {
    // HTTP forbids controls in a header value but lets bytes 0x80–0xFF through: 0x9B is the C1
    // form of ESC [ (CSI). A reason phrase may hold anything but CR and LF.
    const server = await startRawServer(`HTTP/1.1 200 O${ESC}[2JK\r\nX-Evil: a\u009b2Jb\r\nContent-Length: 8\r\nConnection: close\r\n\r\n${ESC}[31mred`);
    try {
      const home = freshHome();
      const result = await runOkapi(['get', server.url, '-v'], { env: home.env });
      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain(ESC);
      expect(result.stderr).not.toContain('\u009b');
      expect(result.stderr).toContain('x-evil: a\\x9b2Jb');
      expect(result.stderr).toContain('200 O\\x1b[2JK');
      expect(result.stdout).toBe(`${ESC}[31mred`);
    } finally {
      await server.close();
    }
  });
});

describe('escape sequences in what a built-in command says', () => {
  it('shows those of a spec quoted by api connect as text', async () => {
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/a': { get: { operationId: 'x', 'x-cli-name': `n${HOSTILE}` } } } });
    const server = createHttpServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(spec));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const home = freshHome();
      const result = await runOkapi(['api', 'connect', 'hostile', url, '--spec', `${url}/spec.json`], { env: home.env });
      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain(ESC);
      expect(result.stderr).toContain('x-cli-name names the command "n\\x1b[2J\\x1b]0;owned\\x07\\x1b[31mred"');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** A server that answers every connection with `response` (one byte per character), whatever HTTP allows. */
async function startRawServer(response: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((socket) => {
    socket.once('data', () => socket.end(Buffer.from(response, 'latin1')));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
