/**
 * Flags an external formatter declares in `formatter_options` work on the command line like a
 * built-in formatter's (docs/design/020-filter-hook.md): known once the registry is read, passed
 * only to the formatter that declares them, and any other `--okapi-…` flag still refused before
 * a request is sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSdkPlugin } from '../helpers/plugin-files.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let server: Server;
let url: string;
const received: { method: string; body: string }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method!, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/items`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A formatter that prints the options okapi passed it, so each test sees exactly what arrived. */
function optionsEcho(name: string, format: string, options: object[]): string {
  return `{
    manifest: { name: ${JSON.stringify(name)}, okapi_api_version: 2, hooks: ['formatter'], formatter_names: [${JSON.stringify(format)}], formatter_options: ${JSON.stringify(options)} },
    hooks: {
      async formatter(start, items, ctx) {
        for await (const _ of items);
        ctx.write(JSON.stringify(start.options ?? null) + '\\n');
      },
    },
  }`;
}

function homeWithFormatters() {
  const home = freshHome();
  writeSdkPlugin(home.plugins, 'semi', optionsEcho('semi', 'semi', [{ name: 'delimiter', flag: 'okapi-delimiter', description: 'Cell separator', value_name: 'char' }]));
  writeSdkPlugin(home.plugins, 'other', optionsEcho('other', 'other', [{ name: 'indent', flag: 'okapi-indent-by', description: 'Spaces to indent' }]));
  return home;
}

describe('flags declared by external formatters', () => {
  it('reach the formatter that declares them, as --flag value and --flag=value, before or after the URL', async () => {
    const home = homeWithFormatters();
    const spaced = await runOkapi(['get', url, '-o', 'semi', '--okapi-delimiter', ';'], { env: home.env });
    expect(spaced.stderr).toBe('');
    expect(spaced.code).toBe(0);
    expect(spaced.stdout).toBe('{"delimiter":";"}\n');

    const joined = await runOkapi(['--okapi-delimiter=|', '-o', 'semi', url], { env: home.env });
    expect(joined.stderr).toBe('');
    expect(joined.stdout).toBe('{"delimiter":"|"}\n');

    const before = await runOkapi(['--okapi-delimiter', '\t', 'get', url, '-o', 'semi'], { env: home.env });
    expect(before.stdout).toBe('{"delimiter":"\\t"}\n');
  });

  it('reach a formatter that reads the body as received (formatter_raw_types) too', async () => {
    const home = freshHome();
    writeSdkPlugin(
      home.plugins,
      'bytes',
      `{
        manifest: { name: 'bytes', okapi_api_version: 2, hooks: ['formatter'], formatter_names: ['bytes'], formatter_raw_types: ['application/json'],
          formatter_options: [{ name: 'unit', flag: 'okapi-unit', description: 'What to count in' }] },
        hooks: {
          async formatter(start, items, ctx) {
            let size = 0;
            for await (const chunk of items) size += chunk.length;
            ctx.write(JSON.stringify({ raw: start.raw, options: start.options ?? null, size }) + '\\n');
          },
        },
      }`,
    );
    const counted = await runOkapi(['get', url, '-o', 'bytes', '--okapi-unit', 'bytes'], { env: home.env });
    expect(counted.stderr).toBe('');
    expect(JSON.parse(counted.stdout)).toEqual({ raw: true, options: { unit: 'bytes' }, size: '{"id":1}'.length });
  });

  it('are accepted but not passed to a formatter that does not declare them', async () => {
    const home = homeWithFormatters();
    const other = await runOkapi(['get', url, '-o', 'other', '--okapi-delimiter', ';', '--okapi-indent-by=2'], { env: home.env });
    expect(other.stderr).toBe('');
    expect(other.stdout).toBe('{"indent":"2"}\n');

    const json = await runOkapi(['get', url, '-o', 'json', '--okapi-delimiter', ';'], { env: home.env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ id: 1 });
  });

  it('need a value', async () => {
    const home = homeWithFormatters();
    const before = received.length;
    const result = await runOkapi(['get', url, '-o', 'semi', '--okapi-delimiter'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--okapi-delimiter needs a value (char)');
    expect(received.length).toBe(before);
  });

  it('leave an undeclared --okapi- flag an unknown flag, refused before any request is sent', async () => {
    const home = homeWithFormatters();
    const before = received.length;
    const unknown = await runOkapi(['get', url, '--okapi-nope'], { env: home.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('unknown flag --okapi-nope');
    expect(unknown.stderr).toContain("see 'okapi --help-all' for every flag");

    const withValue = await runOkapi(['post', url, '--okapi-nope', 'name=x'], { env: home.env });
    expect(withValue.code).toBe(2);
    expect(withValue.stderr).toContain('unknown flag --okapi-nope');

    // A typo of a declared flag says which one was meant.
    const typo = await runOkapi(['get', url, '-o', 'semi', '--okapi-delimeter', ';'], { env: home.env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown flag --okapi-delimeter (did you mean --okapi-delimiter?)');
    expect(received.length).toBe(before);

    // Without the plugin the flag is unknown, as it is to everyone else.
    const bare = await runOkapi(['get', url, '--okapi-delimiter', ';'], { env: freshHome().env });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('unknown flag --okapi-delimiter');
    expect(received.length).toBe(before);
  });

  it('leave body words after -- alone', async () => {
    const home = homeWithFormatters();
    const result = await runOkapi(['post', url, '-o', 'semi', '--okapi-delimiter', ',', '--', 'note=--okapi-nope', 'other=--okapi-delimiter'], { env: home.env });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('{"delimiter":","}\n');
    expect(JSON.parse(received.at(-1)!.body)).toEqual({ note: '--okapi-nope', other: '--okapi-delimiter' });
  });

  it('are listed by --help-all with the built-in ones', async () => {
    const home = homeWithFormatters();
    const all = await runOkapi(['--help-all'], { env: home.env });
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/--okapi-columns <[^>]+>/);
    expect(all.stdout).toMatch(/--okapi-delimiter <char>\s+Cell separator/);
    expect(all.stdout).toMatch(/--okapi-indent-by\s+Spaces to indent/);
    const common = await runOkapi(['--help'], { env: home.env });
    expect(common.stdout).not.toContain('--okapi-delimiter');
  });
});
