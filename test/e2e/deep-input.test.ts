/**
 * Hostile nesting and slow or vanished readers (docs/design/014-nesting-limit-and-backpressure.md):
 * bodies, stdin, API descriptions and plugin messages nested 100,000 deep give the one clean
 * error naming okapi's limit of 500 levels, in bounded memory; data at the limit works everywhere;
 * a slow reader keeps okapi's memory bounded, and a reader that goes away ends okapi with exit 0.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify as yamlText } from 'yaml';
import { fileWritten, processGone } from '../helpers/processes.js';
import { writeScriptPlugin, writeSdkPlugin } from '../helpers/plugin-files.js';
import { freshHome, runOkapi, startOkapi, type OkapiRunOptions } from '../helpers/run-okapi.js';
import { tempDir } from '../helpers/temp-dir.js';

const DEEP = 100_000;
const LIMIT = 500;
const MB = 1024 * 1024;
const TOO_DEEP = /nested deeper than okapi's limit of 500 levels/;

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

const bodies: Record<string, [string, string | Buffer]> = {
  '/deep-array.json': ['application/json', '['.repeat(DEEP) + ']'.repeat(DEEP)],
  '/deep-object.json': ['application/json', '{"a":'.repeat(DEEP / 2) + '1' + '}'.repeat(DEEP / 2)],
  '/deep.yaml': ['application/yaml', '['.repeat(DEEP) + ']'.repeat(DEEP)],
  '/deep-block.yaml': ['application/yaml', Array.from({ length: 2 * LIMIT }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ` 1\n`],
  '/deep.cbor': ['application/cbor', Buffer.concat([Buffer.alloc(DEEP, 0x81), Buffer.from([0x01])])],
  '/deep.ndjson': ['application/x-ndjson', '{"a":1}\n' + '['.repeat(DEEP) + ']'.repeat(DEEP) + '\n'],
  '/limit.json': ['application/json', JSON.stringify(nested(LIMIT))],
  '/limit.yaml': ['application/yaml', yamlText(nested(LIMIT))],
};

let server: Server;
let origin: string;
let large: Buffer;
let requests = 0;

beforeAll(async () => {
  // About 50 MB of JSON: what a slow reader must not make okapi hold in memory several times over.
  large = Buffer.from(JSON.stringify(Array.from({ length: 600_000 }, (_, id) => ({ id, name: `item ${id}`, tags: ['a', 'b'], ok: true }))));
  server = createServer((req, res) => {
    requests++;
    req.resume();
    const path = req.url ?? '/';
    if (path === '/large.json') return send(res, 'application/json', large);
    const body = bodies[path];
    if (body) return send(res, body[0], body[1]);
    send(res, 'application/json', '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function send(res: ServerResponse, type: string, body: string | Buffer): void {
  res.setHeader('Content-Type', type);
  res.end(body);
}

/**
 * okapi run with a preload that writes its peak resident memory (bytes) to a file as it exits,
 * however it exits (process.exit on EPIPE included).
 */
function measured(): { env: NodeJS.ProcessEnv; peakRss: () => number } {
  const home = freshHome();
  const dir = tempDir('okapi-rss-');
  const preload = join(dir, 'rss.cjs');
  const out = join(dir, 'rss');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, String(process.resourceUsage().maxRSS * 1024)));\n`);
  return { env: { ...home.env, NODE_OPTIONS: `--require ${preload}` }, peakRss: () => Number(readFileSync(out, 'utf8')) };
}

function okapi(args: string[], options: OkapiRunOptions = {}) {
  return runOkapi(args, { timeoutMs: 60_000, ...options, env: { ...freshHome().env, ...options.env } });
}

describe('a response body nested 100,000 deep', () => {
  it.each(['json', 'gron', 'yaml', 'auto', 'table', 'cbor', 'toon', 'ndjson', 'lines'])(
    '-o %s says so, shows the body as received and exits 1, in bounded memory',
    async (format) => {
      const { env, peakRss } = measured();
      const result = await okapi([`${origin}/deep-array.json`, '-o', format], { env });
      expect(result.stderr).toMatch(TOO_DEEP);
      expect(result.stderr).toContain(`stdout holds the body as the server sent it, not rendered as -o ${format}; -o raw`);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe(bodies['/deep-array.json']![1]);
      expect(peakRss()).toBeLessThan(200 * MB);
    },
  );

  it.each(['/deep-object.json', '/deep.yaml', '/deep-block.yaml', '/deep.cbor', '/deep.ndjson'])('%s: every reader refuses it the same way', async (path) => {
    for (const format of ['json', 'gron', 'yaml', 'cbor']) {
      const result = await okapi([`${origin}${path}`, '-o', format]);
      expect(result.stderr, format).toMatch(/^okapi: the response body is nested deeper than okapi's limit of 500 levels \((in record 2, )?at (byte|character|line) \d+\)\n/);
      expect(result.code).toBe(1);
      expect(result.stdoutBytes.equals(Buffer.from(bodies[path]![1]))).toBe(true);
    }
  });

  it('with a filter, stdout stays empty: -f body and jq', async () => {
    for (const filter of ['body', '.body']) {
      const result = await okapi([`${origin}/deep-object.json`, '-f', filter]);
      expect(result.stderr).toMatch(TOO_DEEP);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
    }
  });

  it('-o raw still passes it through untouched', async () => {
    const result = await okapi([`${origin}/deep.cbor`, '-o', 'raw']);
    expect(result.code).toBe(0);
    expect(result.stdoutBytes.equals(bodies['/deep.cbor']![1] as Buffer)).toBe(true);
  });
});

describe('data at the limit', () => {
  it.each(['json', 'gron', 'yaml', 'cbor', 'table', 'toon', 'auto'])('renders with -o %s', async (format) => {
    for (const path of ['/limit.json', '/limit.yaml']) {
      const result = await okapi([`${origin}${path}`, '-o', format]);
      expect(result.stderr, `${path} -o ${format}`).toBe('');
      expect(result.code).toBe(0);
    }
  });

  it('goes through jq and back', async () => {
    const result = await okapi([`${origin}/limit.json`, '-f', '.body', '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(nested(LIMIT));
  });

  it('a jq result deeper than the limit is refused by name', async () => {
    const result = await okapi([`${origin}/limit.json`, '-f', '[.body]']);
    expect(result.stderr).toMatch(/^okapi: a result of jq filter '\[\.body\]' is nested deeper than okapi's limit of 500 levels/);
    expect(result.code).toBe(1);
  });
});

describe('a request body nested 100,000 deep', () => {
  const deepJson = '['.repeat(DEEP) + ']'.repeat(DEEP);
  const deepCbor = Buffer.concat([Buffer.alloc(DEEP, 0x81), Buffer.from([0x01])]);
  const deepYaml = Array.from({ length: 2 * LIMIT }, (_, i) => `${' '.repeat(i)}- `).join('\n') + '1\n';

  it.each([
    ['JSON', deepJson],
    ['CBOR', deepCbor],
    ['YAML', deepYaml],
  ])('%s on stdin is refused before anything is sent, with -c cbor, -c yaml or none', async (_name, stdin) => {
    for (const type of [['-c', 'cbor'], ['-c', 'yaml'], []]) {
      const before = requests;
      const result = await okapi(['post', `${origin}/echo`, ...type], { stdin });
      expect(result.stderr).toMatch(/^okapi: the document on stdin is nested deeper than okapi's limit of 500 levels \(at (byte|character|line) \d+\)\n$/);
      expect(result.code).toBe(1);
      expect(requests).toBe(before);
    }
  });

  it('in an @file is refused the same way', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'deep.yaml'), deepYaml);
    const result = await okapi(['post', `${origin}/echo`, 'a: @deep.yaml'], { cwd: dir });
    expect(result.stderr).toMatch(/cannot parse file "deep\.yaml": the YAML text is nested deeper than okapi's limit of 500 levels/);
    expect(result.code).toBe(2);
  });
});

describe('an API description nested too deep', () => {
  it.each([
    ['100,000 levels of JSON', 'spec.json', '{"openapi":"3.0.0","x":' + '['.repeat(DEEP) + ']'.repeat(DEEP) + '}'],
    ['100,000 levels of YAML', 'spec.yaml', 'openapi: 3.0.0\nx: ' + '['.repeat(DEEP) + ']'.repeat(DEEP) + '\n'],
    ['5,000 nested properties', 'spec.json', specWithNestedProperties(5000)],
  ])('%s: api connect refuses it by name', async (_name, file, text) => {
    const home = freshHome();
    const path = join(home.dir, file);
    writeFileSync(path, text);
    const result = await runOkapi(['api', 'connect', 'deep', origin, '--spec', path, '--yes'], { env: home.env });
    expect(result.stderr).toBe(`okapi: the API description ${path} is nested deeper than okapi's limit of 500 levels${file.endsWith('yaml') ? ' (at line 2)' : ''}\n`);
    expect(result.code).toBe(1);
  });

  it('within the limit, nested properties are read', async () => {
    const home = freshHome();
    const path = join(home.dir, 'spec.json');
    writeFileSync(path, specWithNestedProperties(240));
    const result = await runOkapi(['api', 'connect', 'deep', origin, '--spec', path, '--yes'], { env: home.env });
    expect(result.stderr).toBe(`okapi: connected deep: 1 operation from ${path}\n`);
    expect(result.code).toBe(0);
  });
});

/** Written as text: JSON.stringify itself recurses, and 5,000 levels of properties are 10,000 of JSON. */
function specWithNestedProperties(depth: number): string {
  const schema = '{"type":"object","properties":{"p":'.repeat(depth) + '{"type":"string"}' + '}}'.repeat(depth);
  const response = `{"200":{"description":"ok","content":{"application/json":{"schema":${schema}}}}}`;
  return `{"openapi":"3.0.0","info":{"title":"deep","version":"1"},"paths":{"/a":{"get":{"operationId":"getA","responses":${response}}}}}`;
}

describe('a plugin message nested 100,000 deep', () => {
  it('is a protocol error naming the plugin, and the plugin is ended', async () => {
    const home = freshHome();
    const pidFile = join(home.dir, 'plugin.pid');
    writeScriptPlugin(
      home.plugins,
      'deep',
      { name: 'deep', okapi_api_version: 2, hooks: ['request-middleware'] },
      `(await import('node:fs')).writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
await readLine();
process.stdout.write('{"type":"result","value":{"headers":' + '['.repeat(${DEEP}) + ']'.repeat(${DEEP}) + '}}\\n');
setInterval(() => {}, 1000);`,
    );
    const result = await runOkapi(['get', `${origin}/`], { env: home.env });
    expect(result.stderr).toMatch(/^okapi: plugin deep: sent a malformed message while okapi expected a result: the message is nested deeper than okapi's limit of 500 levels \(at character \d+\)/);
    expect(result.code).toBe(1);
    await processGone(Number(await fileWritten(pidFile)));
  });
});

describe('stdout', () => {
  /** okapi's peak memory rendering the 50 MB body as `format` for a reader that pauses, so the pipe fills. */
  async function peakWithSlowReader(format: string): Promise<number> {
    const { env, peakRss } = measured();
    const { child, result } = startOkapi([`${origin}/large.json`, '-o', format], { env, timeoutMs: 120_000 });
    // Not reading for a while lets the pipe fill: okapi must wait instead of buffering the rendering.
    child.stdout!.pause();
    await sleep(1500);
    child.stdout!.resume();
    const done = await result;
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdoutBytes.length).toBeGreaterThan(large.length);
    return peakRss();
  }

  it('a slow reader keeps okapi within bounded memory (a 50 MB body, -o json and -o gron)', async () => {
    for (const format of ['json', 'gron']) expect(await peakWithSlowReader(format)).toBeLessThan(300 * MB);
  }, 240_000); // 50 MB rendered twice: a minute or more on a loaded machine, bounded by okapi's own 120 s.

  it('-o yaml holds the decoded body and one list entry\'s text, not the whole rendering (it was over 1 GB for this body)', async () => {
    expect(await peakWithSlowReader('yaml')).toBeLessThan(700 * MB);
  }, 120_000); // YAML for 50 MB takes ~20 s alone.

  it.each(['json', 'gron', 'yaml', 'raw'])('-o %s: a reader that goes away ends okapi at once, quietly, with exit 0', async (format) => {
    const { child, result } = startOkapi([`${origin}/large.json`, '-o', format], { env: freshHome().env });
    child.stdout!.once('data', () => child.stdout!.destroy());
    const done = await result;
    expect(done.stderr).toBe('');
    expect(done.signal).toBeNull();
    expect(done.code).toBe(0);
  });

  it('a reader that goes away while a formatter plugin writes ends okapi and the plugin, quietly, with exit 0', async () => {
    const home = freshHome();
    const pidFile = join(home.dir, 'plugin.pid');
    writeSdkPlugin(
      home.plugins,
      'spew',
      `{ manifest: { name: 'spew', okapi_api_version: 2, hooks: ['formatter'], formatter_names: ['spew'] },
         hooks: { async formatter(_start, items, ctx) {
           (await import('node:fs')).writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
           for await (const _item of items) for (;;) { ctx.write('x'.repeat(64 * 1024)); await new Promise((resolve) => setImmediate(resolve)); }
         } } }`,
    );
    const { child, result } = startOkapi([`${origin}/limit.json`, '-o', 'spew'], { env: home.env });
    child.stdout!.once('data', () => child.stdout!.destroy());
    const done = await result;
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    await processGone(Number(await fileWritten(pidFile)));
  });
});
