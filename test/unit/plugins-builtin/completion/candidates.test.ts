/**
 * What `okapi completion __complete` offers for a command line, read from a source of plain data
 * shaped as the host's answers are (plugins, APIs, an API's command table and operation details).
 */
import { describe, expect, it } from 'vitest';
import { completionCandidates } from '../../../../plugins-builtin/completion/candidates.js';
import type { CompletionSource } from '../../../../plugins-builtin/completion/completion-source.js';
import type { CommandEntry, CommandTable, OperationDetail } from '../../../../sdk/shared/operation-detail-format.js';

function entry(name: string, fields: Partial<CommandEntry> = {}): CommandEntry {
  return { name, at: [0, 0], ...fields };
}

const COMMANDS: CommandEntry[] = [
  entry('list-pets', { summary: 'List pets', tags: ['pets'] }),
  entry('get-pet', { summary: 'One pet', tags: ['pets'], aliases: ['pet'] }),
  entry('old-pets', { summary: 'Before list-pets', tags: ['pets'], deprecated: true }),
  entry('list-orders', { summary: 'List orders', tags: ['store'] }),
  entry('ping', { summary: 'Is it up' }),
  entry('internal', { hidden: true }),
];

/** `store` first: tags are listed in the document's order. `empty` has no command to list. */
const TAGS: CommandTable['tags'] = [
  { word: 'store', name: 'Store', description: 'Orders and stock' },
  { word: 'pets', name: 'Pets' },
  { word: 'empty', name: 'Empty' },
];

const DETAILS: Record<string, OperationDetail> = {
  'list-pets': detail('list-pets', [
    { name: 'status', in: 'query', type: 'string', enum: ['available', 'sold out', 7, null], description: 'Filter by status' },
    { name: 'verbose', in: 'query', type: 'boolean' },
    { name: '$select', in: 'query', cli_name: 'select', type: 'string' },
    { name: 'secret', in: 'query', hidden: true },
    { name: 'Accept', in: 'header', ignored: true },
    { name: 'old', in: 'query', deprecated: true, description: 'Use status' },
  ]),
  'get-pet': detail('get-pet', [
    { name: 'X-Kind', in: 'header', required: true, enum: ['cat', 'dog'] },
    { name: 'id', in: 'path', required: true, type: 'string', enum: ['1', '2'] },
  ]),
  internal: detail('internal', [{ name: 'mode', in: 'query', enum: ['fast'] }]),
};

function detail(name: string, parameters: OperationDetail['parameters']): OperationDetail {
  return { name, method: 'get', path: `/${name}`, parameters, responses: [], definitions: {} };
}

function source(layout?: string): CompletionSource {
  const table: CommandTable = { key: {} as CommandTable['key'], format: 1, servers: [], security_schemes: {}, commands: COMMANDS, tags: TAGS };
  return {
    commands: async () => [
      { value: 'api', description: 'Registers APIs' },
      { value: 'completion', description: 'Shell completion' },
    ],
    apis: async () => [
      { name: 'shop', base_url: 'https://shop.example', profiles: ['default', 'staging'] },
      { name: 'bare', base_url: 'https://bare.example', profiles: ['default'] },
    ],
    formats: async () => ['raw', 'json', 'yaml'],
    api: async (name) => (name === 'shop' ? { base_url: 'https://shop.example', ...(layout ? { command_layout: layout } : {}) } : name === 'bare' ? {} : undefined),
    // `bare` was connected without a description: it has no generated commands.
    commandTable: async (api) => (api === 'shop' ? table : undefined),
    operation: async (api, command) => {
      const found = DETAILS[command.name];
      if (api !== 'shop' || !found) throw new Error(`no details for ${api} ${command.name}`);
      return found;
    },
  };
}

async function values(words: string[], layout?: string): Promise<string[]> {
  return (await completionCandidates(words, source(layout))).map((candidate) => candidate.value);
}

describe('the first word', () => {
  it('is a command, help, a registered API or a method', async () => {
    expect(await values([''])).toEqual(['api', 'completion', 'help', 'shop', 'bare', 'get', 'head', 'options', 'post', 'put', 'patch', 'delete']);
  });

  it('begins with what is typed', async () => {
    expect(await values(['p'])).toEqual(['post', 'put', 'patch']);
    expect(await values(['sh'])).toEqual(['shop']);
    expect(await values(['x'])).toEqual([]);
  });

  it('describes what each word is', async () => {
    const candidates = await completionCandidates(['s'], source());
    expect(candidates).toEqual([{ value: 'shop', description: 'API at https://shop.example' }]);
  });

  it('is one of okapi’s flags when it starts with a dash', async () => {
    const flags = await values(['-']);
    expect(flags).toEqual(expect.arrayContaining(['--help', '-h', '--okapi-output-format', '-o', '--okapi-filter-lang', '--okapi-columns']));
    expect(flags).not.toContain('help');
    expect(await values(['--okapi-filter'])).toEqual(['--okapi-filter', '--okapi-filter-lang']);
  });
});

describe('after help and completion', () => {
  it('help takes a command or an API, and nothing after it', async () => {
    expect(await values(['help', ''])).toEqual(['api', 'completion', 'shop', 'bare']);
    expect(await values(['help', 'api', ''])).toEqual([]);
  });

  it('completion takes a shell', async () => {
    expect(await values(['completion', ''])).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    expect(await values(['completion', 'bash', ''])).toEqual([]);
  });

  it('offers nothing after a method or another command: a URL or the command’s own words follow', async () => {
    expect(await values(['get', ''])).toEqual([]);
    expect(await values(['api', ''])).toEqual([]);
  });
});

describe("an API's operations, laid out flat", () => {
  it('lists the operations, hidden ones left out, deprecated ones marked', async () => {
    expect(await values(['shop', ''])).toEqual(['list-pets', 'get-pet', 'old-pets', 'list-orders', 'ping']);
    const candidates = await completionCandidates(['shop', 'old'], source());
    expect(candidates).toEqual([{ value: 'old-pets', description: '(deprecated) Before list-pets' }]);
  });

  it('skips global flags and their values before the API', async () => {
    expect(await values(['-o', 'json', '-v', 'shop', 'list-'])).toEqual(['list-pets', 'list-orders']);
  });

  it('offers nothing for an API without a description, or a word that is no API', async () => {
    expect(await values(['bare', ''])).toEqual([]);
    expect(await values(['nope', ''])).toEqual([]);
  });
});

describe("an API's operations, laid out by tags", () => {
  it("lists the tags in the document's order with how many commands each has, then commands without a tag", async () => {
    const candidates = await completionCandidates(['shop', ''], source('tags'));
    expect(candidates).toEqual([
      { value: 'store', description: 'Orders and stock (1 command)' },
      { value: 'pets', description: '3 commands' },
      { value: 'ping', description: 'Is it up' },
    ]);
  });

  it('lists the commands of a tag, then completes the operation named under it', async () => {
    expect(await values(['shop', 'pets', ''], 'tags')).toEqual(['list-pets', 'get-pet', 'old-pets']);
    expect(await values(['shop', 'store', ''], 'tags')).toEqual(['list-orders']);
    expect(await values(['shop', 'pets', 'list-pets', '--st'], 'tags')).toEqual(['--status']);
    expect(await values(['shop', 'pets', 'get-pet', ''], 'tags')).toEqual(['1', '2']);
  });

  it('does not take a flat name where a tag belongs', async () => {
    expect(await values(['shop', 'list-pets', '--st'], 'tags')).not.toContain('--status');
  });
});

describe("an operation's arguments", () => {
  it('offers its optional parameters as flags (x-cli-name renaming), before the global flags', async () => {
    const flags = await values(['shop', 'list-pets', '--']);
    expect(flags.slice(0, 4)).toEqual(['--status', '--verbose', '--select', '--old']);
    expect(flags).toContain('--okapi-output-format');
    expect(flags).not.toContain('--secret');
    expect(flags).not.toContain('--Accept');
    const old = (await completionCandidates(['shop', 'list-pets', '--o'], source()))[0];
    expect(old).toEqual({ value: '--old', description: '(deprecated) Use status' });
  });

  it("offers a flag's enum values after it, or after = (numbers and booleans as typed, null left out)", async () => {
    expect(await values(['shop', 'list-pets', '--status', ''])).toEqual(['available', 'sold out', '7']);
    expect(await values(['shop', 'list-pets', '--status', 's'])).toEqual(['sold out']);
    expect(await values(['shop', 'list-pets', '--status=a'])).toEqual(['--status=available']);
    expect(await values(['shop', 'list-pets', '--select', ''])).toEqual([]);
  });

  it('offers the enum values of each positional in turn: path parameters first', async () => {
    expect(await values(['shop', 'get-pet', ''])).toEqual(['1', '2']);
    expect(await values(['shop', 'get-pet', '2', ''])).toEqual(['cat', 'dog']);
    expect(await values(['shop', 'get-pet', '2', 'cat', ''])).toEqual([]);
    expect(await values(['shop', 'pet', ''])).toEqual(['1', '2']);
  });

  it('knows which flags take a value: a boolean flag does not, so the next word is a positional', async () => {
    expect(await values(['shop', 'get-pet', '-o', 'json', ''])).toEqual(['1', '2']);
    expect(await values(['shop', 'list-pets', '--status', 'sold', '--verbose', '--'])).toContain('--select');
  });

  it('completes a hidden operation called by its exact name', async () => {
    expect(await values(['shop', 'internal', '--mode', ''])).toEqual(['fast']);
  });

  it('reads every word after -- as a positional, never a flag', async () => {
    expect(await values(['shop', 'get-pet', '--', '-'])).toEqual([]);
    expect(await values(['shop', 'get-pet', '--', ''])).toEqual(['1', '2']);
  });
});

describe("global flags' values", () => {
  it('-o: the formats, raw included', async () => {
    expect(await values(['-o', ''])).toEqual(['raw', 'json', 'yaml']);
    expect(await values(['shop', 'list-pets', '--okapi-output-format=y'])).toEqual(['--okapi-output-format=yaml']);
  });

  it('-p: the profiles of the API on the command line, none before one is named', async () => {
    expect(await values(['shop', '-p', ''])).toEqual(['default', 'staging']);
    expect(await values(['shop', 'list-pets', '--okapi-profile', 's'])).toEqual(['staging']);
    expect(await values(['-p', ''])).toEqual([]);
  });

  it('--okapi-filter-lang and --okapi-tls-min-version: their fixed values; an open value: nothing', async () => {
    expect(await values(['--okapi-filter-lang', ''])).toEqual(['shorthand', 'jq']);
    expect(await values(['--okapi-tls-min-version', ''])).toEqual(['TLS1.2', 'TLS1.3']);
    expect(await values(['-H', ''])).toEqual([]);
  });
});
