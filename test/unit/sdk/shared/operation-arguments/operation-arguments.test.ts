import { describe, expect, it } from 'vitest';
import { operationArguments } from '../../../../../sdk/shared/operation-arguments/operation-arguments.js';
import { operation, param, UPDATE_PET } from '../../../plugins-builtin/operations/command-line/rich-operation.js';

describe('operationArguments', () => {
  it('takes required path parameters in template order, then other required ones in document order', () => {
    const args = operationArguments(
      operation(
        [
          param('X-Tenant', 'header', { required: true }),
          param('repo', 'path', { required: true }),
          param('q', 'query', { required: true }),
          param('owner', 'path', { required: true }),
          param('session', 'cookie', { required: true }),
          param('limit', 'query'),
        ],
        { path: '/repos/{owner}/{repo}' },
      ),
    );
    expect(args.positionals.map((a) => a.name)).toEqual(['owner', 'repo', 'x-tenant', 'q', 'session']);
    expect(args.flags.map((a) => a.name)).toEqual(['limit']);
  });

  it('makes a path parameter positional even when the document forgets to say it is required', () => {
    const args = operationArguments(operation([param('id', 'path')], { path: '/things/{id}' }));
    expect(args.positionals.map((a) => a.param.name)).toEqual(['id']);
  });

  it('leaves out Accept, Content-Type and Authorization headers (any case) and ignored parameters', () => {
    const args = operationArguments(
      operation([
        param('accept', 'header'),
        param('CONTENT-TYPE', 'header', { required: true }),
        param('Authorization', 'header'),
        param('authorization', 'query'),
        param('gone', 'query', { ignored: true }),
      ]),
    );
    expect(args.positionals).toEqual([]);
    expect(args.flags.map((a) => `${a.param.in}:${a.param.name}`)).toEqual(['query:authorization']);
  });

  it('keeps hidden parameters: they work, only help leaves them out', () => {
    const args = operationArguments(operation([param('debug', 'query', { hidden: true })]));
    expect(args.flags.map((a) => a.name)).toEqual(['debug']);
  });

  it('says which flags repeat, which are booleans and which values an enum allows', () => {
    const args = operationArguments(UPDATE_PET);
    const byName = new Map(args.flags.map((a) => [a.name, a]));
    expect(byName.get('tag')).toMatchObject({ repeatable: true, boolean: false, allowed: ['a', 'b'] });
    expect(byName.get('dry-run')).toMatchObject({ repeatable: false, boolean: true });
    expect(byName.get('page-size')).toMatchObject({ repeatable: false, boolean: false });
    expect(byName.get('page-size')!.allowed).toBeUndefined();
    expect(args.positionals.find((a) => a.name === 'mode')!.allowed).toEqual(['replace', 'merge']);
    expect(args.body).toBe(true);
  });

  it('spells number and boolean enum values as typed, skips null and checks nothing when a value is an object', () => {
    const args = operationArguments(
      operation([
        param('n', 'query', { type: 'integer', enum: [1, 2, null] }),
        param('o', 'query', { enum: ['a', { b: 1 }] }),
        param('j', 'query', { content_type: 'application/json', enum: ['a'] }),
      ]),
    );
    expect(args.flags.map((a) => a.allowed)).toEqual([['1', '2'], undefined, undefined]);
  });

  it("follows a $ref to an array parameter's items for their enum", () => {
    const detail = operation([param('state', 'query', { array: true, type: 'array', schema: { $ref: '#/components/schemas/States' } })], {
      definitions: {
        '#/components/schemas/States': { type: 'array', items: { $ref: '#/components/schemas/State' } },
        '#/components/schemas/State': { type: 'string', enum: ['open', 'closed'] },
      },
    });
    expect(operationArguments(detail).flags[0]!.allowed).toEqual(['open', 'closed']);
  });

  it("names what one value is: the type, an array's items' type through $refs, json for a JSON content parameter", () => {
    const detail = operation(
      [
        param('n', 'query', { type: 'integer' }),
        param('ids', 'query', { type: 'array', array: true, schema: { $ref: '#/components/schemas/Ids' } }),
        param('any', 'query', { type: 'array', array: true, schema: { type: 'array' } }),
        param('where', 'query', { content_type: 'application/vnd.api+json', type: 'object', object: true }),
        param('plain', 'query'),
      ],
      { definitions: { '#/components/schemas/Ids': { type: 'array', items: { type: ['integer', 'null'] } } } },
    );
    expect(operationArguments(detail).flags.map((a) => a.valueType)).toEqual(['integer', 'integer', 'value', 'json', 'string']);
  });

  it('names the command with its API and the words given', () => {
    expect(operationArguments(UPDATE_PET).command).toBe('update-pet');
    expect(operationArguments(UPDATE_PET, { api: 'petstore' }).command).toBe('petstore update-pet');
    expect(operationArguments(UPDATE_PET, { api: 'petstore', command: 'pets update' }).command).toBe('petstore pets update');
  });
});
