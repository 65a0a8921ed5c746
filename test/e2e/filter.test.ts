/**
 * `-f` with the built CLI against the example API: shorthand queries of every kind, jq filters,
 * language detection and forcing, malformed filters (exit 2, nothing on stdout), filters with the
 * output formats, the --okapi-status / --okapi-headers shortcuts, and jq staying unloaded for
 * shorthand filters.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { freshHome, OKAPI_BIN, runOkapi, type OkapiRunOptions } from '../helpers/run-okapi.js';
import { tempDir } from '../helpers/temp-dir.js';
import { moduleTracer } from '../helpers/module-tracer.js';

interface Item {
  id: number;
  name: string;
  email: string;
  active: boolean;
  score: number;
  tags: string[];
  created: string;
}

let api: ExampleApi;
let items: Item[];
let doc: Record<string, unknown>;

beforeAll(async () => {
  api = await startExampleApi();
  items = (await (await fetch(`${api.url}/items?count=20`)).json()) as Item[];
  doc = (await (await fetch(`${api.url}/formats/json`)).json()) as Record<string, unknown>;
});
afterAll(async () => {
  await api.close();
});

function okapi(args: string[], options: OkapiRunOptions = {}) {
  return runOkapi(args, { ...options, env: { ...freshHome().env, ...options.env } });
}

const itemsUrl = () => `${api.url}/items?count=20`;
const docUrl = () => `${api.url}/formats/json`;

/** Runs a filter that must succeed and returns stdout as text. */
async function text(args: string[]): Promise<string> {
  const result = await okapi(args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

/** Runs a filter that must succeed and returns stdout parsed as JSON. */
async function json(args: string[]): Promise<unknown> {
  const result = await okapi(args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
}

describe('shorthand filters', () => {
  it('selects a path into the body', async () => {
    expect(await json([docUrl(), '-f', 'body.habitat'])).toEqual(doc.habitat);
    expect(await json([docUrl(), '-f', 'body.habitat.elevation_m'])).toEqual([500, 1500]);
  });

  it('queries the whole normalised response: status, headers, proto, @', async () => {
    expect(await json([docUrl(), '-f', '[status, headers.content-type, proto]'])).toEqual([200, 'application/json', 'HTTP/1.1']);
    const whole = (await json([docUrl(), '-f', '@'])) as Record<string, unknown>;
    expect(Object.keys(whole)).toEqual(['proto', 'status', 'headers', 'links', 'body']);
    expect(whole.body).toEqual(doc);
  });

  it('indexes, negative indexes and inclusive slices', async () => {
    expect(await json([itemsUrl(), '-f', 'body[0]'])).toEqual(items[0]);
    expect(await json([itemsUrl(), '-f', 'body[-1].id'])).toBe(20);
    expect(await json([itemsUrl(), '-f', 'body[0:2].id'])).toEqual([1, 2, 3]);
    expect(await json([itemsUrl(), '-f', 'body[-2:].id'])).toEqual([19, 20]);
  });

  it('maps paths over arrays, with wildcards, flattening and pipes', async () => {
    expect(await json([itemsUrl(), '-f', 'body.id'])).toEqual(items.map((i) => i.id));
    expect(await json([itemsUrl(), '-f', 'body.tags[0]'])).toEqual(items.map((i) => i.tags[0]));
    expect(await json([itemsUrl(), '-f', 'body.tags | []'])).toEqual(items.flatMap((i) => i.tags));
    expect(await text([itemsUrl(), '-f', 'body | [-1] | name'])).toBe(`${items[19]!.name}\n`);
    expect(await json([docUrl(), '-f', 'body.habitat.*'])).toEqual(Object.values(doc.habitat as object));
  });

  it('finds names at any depth', async () => {
    expect(await json([docUrl(), '-f', '..country'])).toEqual(['DR Congo']);
    expect(await text([itemsUrl(), '-f', 'body..email | [0]'])).toBe(`${items[0]!.email}\n`);
  });

  it('selects and renames fields, and builds arrays', async () => {
    expect(await json([docUrl(), '-f', 'body.{id, common: name, country: habitat.country}'])).toEqual({ id: 42, common: 'Okapi', country: 'DR Congo' });
    expect(await json([itemsUrl(), '-f', 'body[0:1].{id, first_tag: tags[0]}'])).toEqual(items.slice(0, 2).map((i) => ({ id: i.id, first_tag: i.tags[0] })));
    expect(await json([itemsUrl(), '-f', 'body[0:1].[id, active]'])).toEqual(items.slice(0, 2).map((i) => [i.id, i.active]));
  });

  it('filters with comparisons, booleans, arithmetic, string operators and dates', async () => {
    const ids = (keep: (item: Item) => boolean) => items.filter(keep).map((i) => i.id);
    expect(await json([itemsUrl(), '-f', 'body[id % 2 == 0].{id, name}'])).toEqual(items.filter((i) => i.id % 2 === 0).map(({ id, name }) => ({ id, name })));
    expect(await json([itemsUrl(), '-f', 'body[active and score > 50].id'])).toEqual(ids((i) => i.active && i.score > 50));
    expect(await json([itemsUrl(), '-f', 'body[not active or score < 10].id'])).toEqual(ids((i) => !i.active || i.score < 10));
    expect(await json([itemsUrl(), '-f', 'body[tags contains vip].id'])).toEqual(ids((i) => i.tags.includes('vip')));
    expect(await json([itemsUrl(), '-f', 'body[name startsWith A].id'])).toEqual(ids((i) => i.name.startsWith('A')));
    expect(await json([itemsUrl(), '-f', 'body[email.lower contains "ada."].id'])).toEqual(ids((i) => i.email.toLowerCase().includes('ada.')));
    expect(await json([itemsUrl(), '-f', 'body[name.length > 12].id'])).toEqual(ids((i) => [...i.name].length > 12));
    const cut = items[10]!.created;
    expect(await json([itemsUrl(), '-f', `body[created after "${cut}"].id`])).toEqual(ids((i) => i.created > cut));
    expect(await json([itemsUrl(), '-f', 'body[created before 2024-01-01T05:00:00Z].id'])).toEqual(ids((i) => Date.parse(i.created) < Date.parse('2024-01-01T05:00:00Z')));
  });

  it('prints scalars unquoted', async () => {
    for (const [filter, expected] of [
      ['body.name', 'Okapi\n'],
      ['body.population', '25000\n'],
      ['body.score', '9.5\n'],
      ['body.active', 'true\n'],
      ['status', '200\n'],
      ['headers.content-type', 'application/json\n'],
    ]) {
      const result = await okapi([docUrl(), '-f', filter!]);
      expect(result.stdout).toBe(expected);
      expect(result.code).toBe(0);
    }
  });

  it('renders when redirected instead of writing the raw body', async () => {
    const result = await okapi([itemsUrl(), '-f', 'body']);
    expect(result.stdout).toBe(`${JSON.stringify(items, null, 2)}\n`);
  });

  it('keeps the exit code of the final status', async () => {
    const result = await okapi([`${api.url}/status/404`, '-f', 'body.status']);
    expect(result.stdout).toBe('404\n');
    expect(result.code).toBe(4);
  });
});

describe('the shortcuts are exactly -f status and -f headers', () => {
  it('--okapi-status', async () => {
    const shortcut = await okapi([docUrl(), '--okapi-status']);
    const filter = await okapi([docUrl(), '-f', 'status']);
    expect(shortcut.stdout).toBe('200\n');
    expect(shortcut.stdout).toBe(filter.stdout);
  });

  it('--okapi-headers', async () => {
    const headers = (await json([docUrl(), '--okapi-headers'])) as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(Object.keys(headers)).toEqual(Object.keys((await json([docUrl(), '-f', 'headers'])) as object));
  });
});

describe('jq filters', () => {
  it('runs a filter starting with a dot as jq', async () => {
    expect(await json([`${api.url}/paginated-body?per_page=7`, '-f', '.body.items | length'])).toBe(7);
    expect(await json([itemsUrl(), '-f', '[.body[] | select(.id % 2 == 0) | {id, name}]'])).toEqual(
      items.filter((i) => i.id % 2 === 0).map(({ id, name }) => ({ id, name })),
    );
  });

  it('prints each of several results as its own record', async () => {
    const auto = await okapi([itemsUrl(), '-f', '.body[0:3][] | .id']);
    expect(auto.stdout).toBe('1\n2\n3\n');
    const ndjson = await okapi([itemsUrl(), '-f', '.body[0:2][] | {id}', '-o', 'ndjson']);
    expect(ndjson.stdout).toBe('{"id":1}\n{"id":2}\n');
    const yaml = await okapi([itemsUrl(), '-f', '.body[0:2][] | .id', '-o', 'yaml']);
    expect(yaml.stdout).toBe('1\n---\n2\n');
  });

  it('prints nothing for no results', async () => {
    const result = await okapi([itemsUrl(), '-f', '.body[] | select(.id > 1000)']);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  it('treats ..name as shorthand and .. | … as jq', async () => {
    expect(await json([docUrl(), '-f', '..country'])).toEqual(['DR Congo']);
    expect(await json([docUrl(), '-f', '[.. | .country? // empty]'])).toEqual(['DR Congo']);
  });

  it('falls back to jq when shorthand cannot read the filter', async () => {
    expect(await json([itemsUrl(), '-f', '[.body[0:2][].id]'])).toEqual([1, 2]);
  });

  it('reports a jq runtime error with exit 1 and nothing on stdout', async () => {
    const result = await okapi([docUrl(), '-f', '.body.name | .x']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^okapi: jq filter/);
  });
});

describe('--okapi-filter-lang', () => {
  it('forces jq for a filter without a leading dot', async () => {
    expect(await json([itemsUrl(), '--okapi-filter-lang', 'jq', '-f', 'length'])).toBe(5);
    // Detected as shorthand, `length` is a field the response does not have: null, which prints nothing.
    expect(await text([itemsUrl(), '-f', 'length'])).toBe('');
  });

  it('forces shorthand: a leading dot is then an error', async () => {
    const result = await okapi([docUrl(), '--okapi-filter-lang', 'shorthand', '-f', '.body']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("a shorthand path starts with a name, not '.' at position 0 of the filter");
  });

  it('accepts only shorthand or jq', async () => {
    const result = await okapi([docUrl(), '--okapi-filter-lang', 'jmespath', '-f', 'body']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('must be shorthand or jq');
  });
});

describe('malformed filters', () => {
  it('exit 2 with the position and a caret, and nothing on stdout', async () => {
    const result = await okapi([itemsUrl(), '-f', 'body[age > ]']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n');
    expect(lines[0]).toBe("okapi: expected a value but found ']' at position 11 of the filter");
    expect(lines[1]).toBe('  body[age > ]');
    expect(lines[2]).toBe(`  ${' '.repeat(11)}^`);
    expect(result.stderr).toMatch(/hint: .*read as jq it fails too/);
  });

  it('refuse a function name after a pipe, which shorthand would read as a missing field', async () => {
    for (const [filter, name, column] of [
      ['body|length', 'length', 5],
      ['body | keys', 'keys', 7],
    ] as const) {
      const result = await okapi([itemsUrl(), '-f', filter]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      const lines = result.stderr.split('\n');
      expect(lines[0]).toBe(`okapi: "${name}" after '|' is a function, and a shorthand query has no functions at position ${column} of the filter`);
      expect(lines[2]).toBe(`  ${' '.repeat(column)}^`);
      expect(result.stderr).toContain(`jq has it: -f '.body | ${name}'`);
      expect(result.stderr).toContain('shorthand has only .length, .lower and .upper');
    }
    // The jq form it points at works; a field of that name is still reachable quoted.
    expect(await json([itemsUrl(), '-f', '.body | length'])).toBe(20);
    expect(await json(['post', `${api.url}/anything`, 'length: 5', '-f', 'body.json | "length"'])).toBe(5);
  });

  it('print nothing even when the response head was asked for', async () => {
    const result = await okapi([itemsUrl(), '--okapi-print', 'hb', '-f', 'body.{id']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("unclosed '{'");
  });

  it('report jq first when the filter looks like jq', async () => {
    const result = await okapi([itemsUrl(), '-f', 'map(.id']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^okapi: invalid jq filter 'map\(\.id'/);
    expect(result.stderr).toContain('read as shorthand it fails too');
  });

  it('fail on a value a projection cannot apply to', async () => {
    const result = await okapi([docUrl(), '-f', 'body.name.{x}']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('selecting fields needs an object, but this value is a string at position 10');
  });
});

describe('filters and output formats', () => {
  it('-o yaml', async () => {
    const result = await okapi([itemsUrl(), '-f', 'body[0:1].{id, name}', '-o', 'yaml']);
    expect(result.code).toBe(0);
    expect(parseYaml(result.stdout)).toEqual(items.slice(0, 2).map(({ id, name }) => ({ id, name })));
  });

  it('-o lines: one unquoted scalar per line', async () => {
    const result = await okapi([itemsUrl(), '-f', 'body[0:3].name', '-o', 'lines']);
    expect(result.stdout).toBe(`${items.slice(0, 4).map((i) => i.name).join('\n')}\n`);
    const one = await okapi([docUrl(), '-f', 'body.scientific_name', '-o', 'lines']);
    expect(one.stdout).toBe('Okapia johnstoni\n');
    const jq = await okapi([itemsUrl(), '-f', '.body[0:2][].email', '-o', 'lines']);
    expect(jq.stdout).toBe(`${items[0]!.email}\n${items[1]!.email}\n`);
  });

  it('-o json and -o ndjson', async () => {
    expect(JSON.parse((await okapi([docUrl(), '-f', 'body.tags', '-o', 'json'])).stdout)).toEqual(doc.tags);
    expect((await okapi([docUrl(), '-f', 'body.tags', '-o', 'ndjson'])).stdout).toBe('"forest"\n"giraffid"\n"striped"\n');
  });

  it('-o raw: strings as text, other values as compact JSON', async () => {
    expect((await okapi([docUrl(), '-f', 'body.name', '-o', 'raw'])).stdout).toBe('Okapi\n');
    expect((await okapi([docUrl(), '-f', 'body.tags', '-o', 'raw'])).stdout).toBe('["forest","giraffid","striped"]\n');
  });
});

describe('flags', () => {
  it('--okapi-collect is accepted and asks for rendering', async () => {
    expect((await okapi([docUrl(), '--okapi-collect', '-f', 'body.id'])).stdout).toBe('42\n');
    const collected = await okapi([itemsUrl(), '--okapi-collect']);
    expect(collected.stdout).toBe(`${JSON.stringify(items, null, 2)}\n`);
  });

  it('help lists -f, and --help-all the language and collect flags', async () => {
    const help = await okapi(['--help']);
    expect(help.stdout).toMatch(/-f, --okapi-filter <expression>/);
    const all = await okapi(['--help-all']);
    expect(all.stdout).toContain('--okapi-filter-lang');
    expect(all.stdout).toContain('--okapi-collect');
  });
});

describe('loading', () => {
  const jqTracer = () => moduleTracer('jq-wasm');

  it('never loads jq for a shorthand filter', async () => {
    const tracer = jqTracer();
    const result = await okapi([itemsUrl(), '-f', 'body[id > 2].{id, name}'], { env: tracer.env });
    expect(result.code).toBe(0);
    expect(tracer.loaded()).toBe('');
  });

  it('loads jq for a jq filter (the tracer sees it)', async () => {
    const tracer = jqTracer();
    const result = await okapi([itemsUrl(), '-f', '.body | length'], { env: tracer.env });
    expect(result.stdout).toBe('20\n');
    expect(tracer.loaded()).toContain('jq-wasm');
  });
});

describe('on a terminal', () => {
  const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

  function onTerminal(args: string[]): Promise<string> {
    const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
    const command = [process.execPath, OKAPI_BIN, ...args].map(quote).join(' ');
    const home = tempDir('okapi-tty-');
    return new Promise((done, fail) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm-256color', NO_COLOR: '1', OKAPI_CONFIG: join(home, 'config.json') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      child.on('error', fail);
      child.on('close', () => done(out.replace(/\r\n/g, '\n')));
    });
  }

  it.skipIf(!hasScript)('shows only the filter result, without the response head', async () => {
    expect(await onTerminal([docUrl(), '-f', 'body.name'])).toBe('Okapi\n');
  });
});
