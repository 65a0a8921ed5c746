import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../../../../sdk/arguments.js';
import { ExitCode, formatError } from '../../../../../sdk/shared/errors.js';
import { operationArguments } from '../../../../../sdk/shared/operation-arguments/operation-arguments.js';
import { operationUsage, parseOperationArguments } from '../../../../../plugins-builtin/operations/command-line/parse-operation-arguments.js';
import { operation, param, UPDATE_PET } from './rich-operation.js';

const PET = operationArguments(UPDATE_PET, { api: 'petstore' });
const NO_BODY = operationArguments(
  operation([param('id', 'path', { required: true }), param('verbose', 'query', { type: 'boolean' })], { name: 'get-thing', path: '/things/{id}' }),
  { api: 'things' },
);

/** The values as `wire name: words`, for short expectations. */
function given(args: string[], spec = PET): Record<string, string[]> {
  return Object.fromEntries(parseOperationArguments(args, spec).values.map((v) => [`${v.param.in}:${v.param.name}`, v.words]));
}

function usageError(args: string[], spec = PET): ArgumentError {
  try {
    parseOperationArguments(args, spec);
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as ArgumentError).exitCode).toBe(ExitCode.usage);
    return error as ArgumentError;
  }
  throw new Error(`expected a usage error for ${JSON.stringify(args)}`);
}

describe('parseOperationArguments', () => {
  it('reads positionals, flags under their shell names, and the rest as body words', () => {
    const parsed = parseOperationArguments(
      ['s1', '42', 'merge', '--select', 'name', '--tag', 'a', '--tag=b', '--page-size', '5', '--x-trace', 't', 'name: Rex', 'tags[]: a'],
      PET,
    );
    expect(parsed.values.map((v) => [v.param.name, v.words])).toEqual([
      ['storeId', ['s1']],
      ['petId', ['42']],
      ['mode', ['merge']],
      ['$select', ['name']],
      ['tag', ['a', 'b']],
      ['page[size]', ['5']],
      ['X-Trace', ['t']],
    ]);
    expect(parsed.bodyWords).toEqual(['name: Rex', 'tags[]: a']);
    expect(parsed).toMatchObject({ help: false, generateBody: false, validate: false });
  });

  it('takes flags anywhere, and nothing after -- as a flag', () => {
    const parsed = parseOperationArguments(['--select', 'x', 's1', '42', 'replace', '--', '--tag', '-1'], PET);
    expect(parsed.bodyWords).toEqual(['--tag', '-1']);
    expect(parsed.values.map((v) => v.param.name)).toEqual(['storeId', 'petId', 'mode', '$select']);
  });

  it('keeps every value of a flag given twice, for the value reader to join or refuse, and an empty value as a value', () => {
    expect(given(['s', '1', 'merge', '--select', 'a', '--select', 'b', '--x-trace='])).toMatchObject({ 'query:$select': ['a', 'b'], 'header:X-Trace': [''] });
  });

  it('reads a boolean flag alone as true and --flag=false as false', () => {
    expect(given(['1', '--verbose'], NO_BODY)).toEqual({ 'path:id': ['1'], 'query:verbose': ['true'] });
    expect(given(['1', '--verbose=false'], NO_BODY)).toEqual({ 'path:id': ['1'], 'query:verbose': ['false'] });
    expect(given(['1'], NO_BODY)).toEqual({ 'path:id': ['1'] });
  });

  it("reads the command's own flags", () => {
    const parsed = parseOperationArguments(['s', '1', 'merge', '--okapi-generate-body', '--okapi-validate'], PET);
    expect(parsed).toMatchObject({ help: false, generateBody: true, validate: true });
  });

  it('shows help whatever is missing or wrong, with -h or --help', () => {
    expect(parseOperationArguments(['-h'], PET).help).toBe(true);
    expect(parseOperationArguments(['--help', 's', '1', 'not-a-mode'], PET).help).toBe(true);
  });

  it('asks for no argument when only an example body is wanted (--okapi-generate-body sends nothing)', () => {
    const parsed = parseOperationArguments(['--okapi-generate-body'], PET);
    expect(parsed.generateBody).toBe(true);
    expect(parsed.values).toEqual([]);
    expect(usageError(['s1', '--okapi-generate-body', '--no-such-flag']).message).toContain('--no-such-flag');
  });

  it('names every missing argument, its parameter and the usage', () => {
    const error = usageError(['s1']);
    expect(error.message).toBe('petstore update-pet needs <pet-id> (path parameter petId), <mode> (query parameter mode)');
    expect(error.hint).toContain('usage: okapi petstore update-pet <store-id> <pet-id> <mode> [flags] [body...]');
    expect(formatError(error)).toContain("'okapi petstore update-pet --help' describes each");
  });

  it('suggests the closest flag for an unknown one, the wire spelling included', () => {
    expect(usageError(['s', '1', 'merge', '--page-siz', '2']).message).toBe('petstore update-pet: unknown flag --page-siz (did you mean --page-size?)');
    expect(usageError(['s', '1', 'merge', '--pageSize', '2']).message).toContain('(did you mean --page-size?)');
    expect(usageError(['s', '1', 'merge', '--nothing-like-it']).message).toBe('petstore update-pet: unknown flag --nothing-like-it');
    expect(usageError(['s', '1', 'merge', '-x']).message).toBe('petstore update-pet: unknown flag -x');
  });

  it('refuses a flag without its value', () => {
    const error = usageError(['s', '1', 'merge', '--select']);
    expect(error.message).toBe('petstore update-pet: --select needs a value');
    expect(error.hint).toContain('okapi petstore update-pet <store-id> <pet-id> <mode>');
    expect(usageError(['s', '1', 'merge', '--select', '--tag', 'a']).message).toBe('petstore update-pet: --select needs a value; got the flag --tag');
    expect(given(['s', '1', 'merge', '--select=--tag'])).toMatchObject({ 'query:$select': ['--tag'] });
  });

  it('refuses a value outside a closed enum, for a positional, a flag and each value of a repeated one', () => {
    const positional = usageError(['s', '1', 'overwrite']);
    expect(positional.message).toBe('petstore update-pet: <mode> "overwrite" is not one of the values it allows: replace, merge');
    expect(positional.hint).toBe('give one of: replace, merge');
    expect(usageError(['s', '1', 'merge', '--tag', 'a', '--tag', 'c']).message).toBe(
      'petstore update-pet: --tag "c" is not one of the values it allows: a, b',
    );
  });

  it("leaves a required array's one word to the serializer: its items are checked only when given as flags", () => {
    const spec = operationArguments(
      operation([param('ids', 'query', { required: true, array: true, type: 'array', schema: { type: 'array', items: { enum: ['a', 'b'] } } })]),
    );
    expect(given(['a,b'], spec)).toEqual({ 'query:ids': ['a,b'] });
  });

  it('refuses words for a body the operation does not take', () => {
    expect(usageError(['1', 'name: x'], NO_BODY).message).toBe('things get-thing takes 1 argument and no request body; got "name: x"');
  });

  it('refuses a value for a boolean flag other than true or false', () => {
    expect(usageError(['1', '--verbose=yes'], NO_BODY).message).toBe('things get-thing: --verbose takes no value, or true/false; got "yes"');
  });
});

describe('operationUsage', () => {
  it('lists positionals, then [flags] and [body...] when there are any', () => {
    expect(operationUsage(PET)).toBe('okapi petstore update-pet <store-id> <pet-id> <mode> [flags] [body...]');
    expect(operationUsage(operationArguments(operation([]), { api: 'a' }))).toBe('okapi a do-it');
  });
});
