/** Operation details: extraction beside the index, the command table file, and reading one operation of it. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractWithSources } from '../../../plugins-builtin/api/operation-index.js';
import { extractOperationDetails } from '../../../plugins-builtin/api/operation-details.js';
import { serializeCommandTable, type OperationDetails } from '../../../sdk/shared/operation-detail-format.js';
import { INDEX_FORMAT, type OperationIndex } from '../../../sdk/shared/operation-index-format.js';
import { readCommandTable, readOperationDetail, readOperationRecord } from '../../../kernel/api/command-table-read.js';
import { apiCacheFiles } from '../../../kernel/api/cache-paths.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';
import { stringifyJson } from '../../../sdk/shared/json-stringify.js';

const DOC = {
  openapi: '3.1.0',
  tags: [{ name: 'Pet Store', description: 'Pets.\nMore.' }, { name: 'unused' }],
  paths: {
    '/pets/{id}': {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' }, description: 'The id.\nSecond line.' },
        { name: 'trace', in: 'header', schema: { type: 'string' } },
      ],
      put: {
        operationId: 'updatePet',
        tags: ['Pet Store'],
        description: 'Replaces a pet.\n\nWhole text.',
        parameters: [
          { name: 'trace', in: 'header', schema: { type: 'boolean' }, examples: { on: { value: true } } },
          { name: 'skip', in: 'query', 'x-cli-ignore': true },
          { name: 'filter', in: 'query', content: { 'application/json': { schema: { $ref: '#/components/schemas/Filter' } } } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Pet' }, examples: { rex: { $ref: '#/components/examples/Rex' } } },
            'multipart/form-data': { schema: { type: 'object' }, encoding: { photo: { contentType: 'image/png' } } },
          },
        },
        responses: { '200': { description: 'The pet\nas stored', content: { 'application/json': {} }, headers: { ETag: {} } } },
      },
      delete: { operationId: 'updatePet', responses: {} },
      get: { operationId: 'hidden-one', 'x-cli-hidden': true, 'x-cli-ignore': false, responses: {}, requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Gone' } } } } },
      post: { operationId: 'ignored', 'x-cli-ignore': true, responses: {} },
    },
  },
  components: {
    examples: { Rex: { value: { name: 'Rex' } } },
    schemas: {
      Pet: { type: 'object', properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' } } },
      Owner: { type: 'object', properties: { pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
      Filter: { type: 'object' },
      Unreached: { type: 'string' },
    },
  },
};

function extract(doc: unknown): { index: OperationIndex; details: OperationDetails } {
  const { index, sources, collisions } = extractWithSources(doc, { operationBase: '' });
  const key = { format: INDEX_FORMAT, okapi_version: 'test', spec_hash: 'x', operation_base: '', sources: [] };
  return { index: { key, ...index }, details: extractOperationDetails(doc, sources, collisions) };
}

describe('extractOperationDetails', () => {
  const { details } = extract(DOC);
  const put = details.operations.find((o) => o.method === 'put')!;

  it('keeps whole descriptions, schemas as written, examples and encodings, and leaves ignored operations and parameters out', () => {
    expect(details.operations.map((o) => o.name)).toEqual(['hidden-one', 'update-pet', 'update-pet-delete']);
    expect(put.description).toBe('Replaces a pet.\n\nWhole text.');
    expect(put.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'header:trace', 'query:filter']);
    expect(put.parameters[0]).toMatchObject({ schema: { type: 'integer' }, description: 'The id.', long_description: 'The id.\nSecond line.' });
    expect(put.parameters[1]).toMatchObject({ schema: { type: 'boolean' }, example: true });
    expect(put.parameters[2]).toMatchObject({ content_type: 'application/json', schema: { $ref: '#/components/schemas/Filter' } });
    expect(put.body).toEqual({
      required: true,
      contents: [
        { media_type: 'application/json', schema: { $ref: '#/components/schemas/Pet' }, example: { name: 'Rex' } },
        { media_type: 'multipart/form-data', schema: { type: 'object' }, encoding: { photo: { content_type: 'image/png' } } },
      ],
    });
    expect(put.responses).toEqual([{ status: '200', media_types: ['application/json'], headers: ['ETag'], description: 'The pet' }]);
    expect(put.tags).toEqual(['pet-store']);
  });

  it('names the schemas each operation reaches, through cycles, and stores each once', () => {
    expect(put.refs?.sort()).toEqual(['#/components/schemas/Filter', '#/components/schemas/Owner', '#/components/schemas/Pet']);
    expect(Object.keys(details.definitions).sort()).toEqual(['#/components/examples/Rex', '#/components/schemas/Filter', '#/components/schemas/Owner', '#/components/schemas/Pet']);
  });

  it('says what an operation cannot use, and records name collisions', () => {
    const hidden = details.operations.find((o) => o.name === 'hidden-one')!;
    expect(hidden).toMatchObject({ hidden: true, problems: ['request body (application/json): the schema #/components/schemas/Gone is missing (a $ref that leads nowhere)'] });
    expect(details.collisions).toEqual([
      {
        name: 'update-pet',
        operations: [
          { method: 'put', path: '/pets/{id}', given: 'update-pet' },
          { method: 'delete', path: '/pets/{id}', given: 'update-pet-delete' },
        ],
      },
    ]);
  });

  it('gives tags command-line words, listing only the tags commands use', () => {
    expect(details.tags).toEqual([{ word: 'pet-store', name: 'Pet Store', description: 'Pets.' }]);
  });
});

/** A cache directory holding DOC's command table as API `pets` (its details changed by `adjust` first), and the table file's path. */
function cacheWithTable(adjust: (details: OperationDetails) => void = () => undefined): { cacheDir: string; path: string } {
  const cacheDir = tempDir('okapi-commands-');
  const { index, details } = extract(DOC);
  adjust(details);
  const files = apiCacheFiles(cacheDir, 'pets');
  mkdirSync(files.dir, { recursive: true });
  writeFileSync(files.commands, serializeCommandTable(index, details));
  return { cacheDir, path: files.commands };
}

describe('the command table file', () => {
  it('is read a table first, then one operation with the schemas it reaches', () => {
    const { cacheDir } = cacheWithTable();

    const table = readCommandTable(cacheDir, 'pets')!;
    expect(table).toMatchObject({ openapi: '3.1.0', tags: [{ word: 'pet-store' }], collisions: [{ name: 'update-pet' }] });
    expect(table.commands.map((c) => c.name)).toEqual(['hidden-one', 'update-pet', 'update-pet-delete']);
    expect(table.commands[1]!.summary).toBeUndefined();
    expect(readCommandTable(cacheDir, 'pets', { summaries: true })!.commands[1]!.summary).toBe('Replaces a pet.');

    const put = readOperationDetail(cacheDir, 'pets', table.commands[1]!);
    expect(put).toMatchObject({ name: 'update-pet', method: 'put', path: '/pets/{id}' });
    expect(put).not.toHaveProperty('refs');
    expect(Object.keys(put.definitions).sort()).toEqual(['#/components/schemas/Filter', '#/components/schemas/Owner', '#/components/schemas/Pet']);
    expect(put.definitions['#/components/schemas/Owner']).toEqual(DOC.components.schemas.Owner);
    expect(readOperationDetail(cacheDir, 'pets', table.commands[2]!).definitions).toEqual({});
  });

  it('is read again once replaced, and a record still comes from the file its table was read from', () => {
    const { cacheDir, path } = cacheWithTable();
    const first = readCommandTable(cacheDir, 'pets')!;
    expect(readCommandTable(cacheDir, 'pets')!.commands).toEqual(first.commands);

    // What `api sync` does: a new file under the same name, here with one operation fewer.
    const { index: fewer, details: fewerDetails } = extract({ ...DOC, paths: { '/pets/{id}': { put: DOC.paths['/pets/{id}'].put } } });
    writeFileSync(`${path}.new`, serializeCommandTable(fewer, fewerDetails));
    renameSync(`${path}.new`, path);
    expect(readOperationDetail(cacheDir, 'pets', first.commands[2]!)).toMatchObject({ name: 'update-pet-delete', method: 'delete' });
    expect(readCommandTable(cacheDir, 'pets')!.commands.map((c) => c.name)).toEqual(['update-pet']);
  });

  it('reads only the commands some words name, by name or alias, with their summaries and records', () => {
    const { cacheDir } = cacheWithTable((details) => (details.operations[2]!.aliases = ['pet-store']));

    // `pet-store` is also the tag word of update-pet: a word found in an entry is not yet a match.
    const byAlias = readCommandTable(cacheDir, 'pets', { named: ['pet-store'] })!;
    expect(byAlias.commands.map((c) => c.name)).toEqual(['update-pet-delete']);
    expect(byAlias).toMatchObject({ openapi: '3.1.0', tags: [{ word: 'pet-store' }] });
    expect(readOperationDetail(cacheDir, 'pets', byAlias.commands[0]!)).toMatchObject({ name: 'update-pet-delete', method: 'delete' });

    const byName = readCommandTable(cacheDir, 'pets', { named: ['update-pet', 'hidden-one'], summaries: true })!;
    expect(byName.commands.map((c) => [c.name, c.summary])).toEqual([
      ['hidden-one', undefined],
      ['update-pet', 'Replaces a pet.'],
    ]);
    expect(readCommandTable(cacheDir, 'pets', { named: ['no-such-command', '"'] })!.commands).toEqual([]);
  });

  it("reads the tags only when asked, and fails the reading that asks for damaged ones", () => {
    const { cacheDir, path } = cacheWithTable();
    const bytes = readFileSync(path);
    // The tags section follows the head: damage its first byte.
    const [headBytes] = bytes.toString('latin1', 0, bytes.indexOf(0x0a)).split(' ').slice(2).map(Number);
    bytes[bytes.indexOf(0x0a) + 1 + headBytes!] = 0x7b;
    writeFileSync(path, bytes);
    const table = readCommandTable(cacheDir, 'pets', { named: ['update-pet'] })!;
    expect(table.commands.map((c) => c.name)).toEqual(['update-pet']);
    expect(() => table.tags).toThrow('the command table of pets is damaged (its tags');
  });

  it("keeps a reading's tags when the file is replaced before they are asked for", () => {
    const { cacheDir, path } = cacheWithTable();
    const before = readCommandTable(cacheDir, 'pets', { named: ['update-pet'] })!;
    // An api sync replaces the file (a new one renamed over it) with other tags.
    const { path: otherPath } = cacheWithTable((details) => {
      details.tags = [{ word: 'renamed', name: 'Renamed' }];
    });
    renameSync(otherPath, path);
    expect(readCommandTable(cacheDir, 'pets')!.tags).toEqual([{ word: 'renamed', name: 'Renamed' }]);
    expect(before.tags).toEqual([{ word: 'pet-store', name: 'Pet Store', description: 'Pets.' }]);
  });

  it('parses an operation once however often a run reads it', () => {
    const { cacheDir } = cacheWithTable();
    const entry = readCommandTable(cacheDir, 'pets', { named: ['update-pet'] })!.commands[0]!;
    const first = readOperationRecord(cacheDir, 'pets', entry);
    expect(readOperationRecord(cacheDir, 'pets', entry)).toBe(first);
    expect(readOperationDetail(cacheDir, 'pets', entry)).toMatchObject({ name: 'update-pet', method: first.method, path: first.path });
  });

  it('keeps numbers a double cannot hold as written, marking the records that need the exact reader', () => {
    const big = new ExactNumber('18446744073709551615');
    const { cacheDir } = cacheWithTable((details) => {
      const put = details.operations.find((op) => op.name === 'update-pet')!;
      put.parameters = put.parameters.map((p) => (p.name === 'id' ? { ...p, default: big, schema: { type: 'integer', maximum: big, enum: [big, 1] } } : p));
      details.definitions['#/components/schemas/Owner'] = { type: 'integer', minimum: new ExactNumber('-9223372036854775809') };
    });
    const table = readCommandTable(cacheDir, 'pets')!;
    expect(table.commands.map((c) => c.exact)).toEqual([undefined, true, undefined]);
    expect(readOperationRecord(cacheDir, 'pets', table.commands[1]!).refs!.map(([pointer, , , exact]) => [pointer, exact])).toEqual([
      ['#/components/schemas/Filter', undefined],
      ['#/components/schemas/Pet', undefined],
      ['#/components/schemas/Owner', true],
    ]);
    const put = readOperationDetail(cacheDir, 'pets', table.commands[1]!);
    const id = put.parameters.find((p) => p.name === 'id')!;
    expect(stringifyJson([id.default, id.schema, put.definitions['#/components/schemas/Owner']])).toBe(
      '[18446744073709551615,{"type":"integer","maximum":18446744073709551615,"enum":[18446744073709551615,1]},{"type":"integer","minimum":-9223372036854775809}]',
    );
  });

  it('reads a damaged or foreign file as missing, and refuses an entry that points nowhere', () => {
    const cacheDir = tempDir('okapi-commands-');
    const files = apiCacheFiles(cacheDir, 'pets');
    expect(readCommandTable(cacheDir, 'pets')).toBeUndefined();
    mkdirSync(files.dir, { recursive: true });
    for (const text of ['', 'okapi-commands 99 1 1 1\n{}', 'okapi-commands 1 5 2 2\n{"a":', '{"json": true}']) {
      writeFileSync(files.commands, text);
      expect(readCommandTable(cacheDir, 'pets')).toBeUndefined();
    }
    const { index, details } = extract(DOC);
    writeFileSync(files.commands, serializeCommandTable(index, details));
    const table = readCommandTable(cacheDir, 'pets')!;
    expect(() => readOperationDetail(cacheDir, 'pets', { ...table.commands[0]!, at: [-1, 5] })).toThrow('there is no operation at [-1,5]');
    expect(() => readOperationDetail(cacheDir, 'pets', { ...table.commands[0]!, at: [1, 5] })).toThrow('the command table of pets is damaged');
  });
});
