/** `--okapi-validate`: a real JSON Schema validator, both dialects, messages that name the JSON path. */
import { describe, expect, it } from 'vitest';
import { ExactNumber } from '../../../../../sdk/shared/exact-number.js';
import { validateBody } from '../../../../../plugins-builtin/operations/schema/validate-body.js';

const V30 = '3.0.3';
const V31 = '3.1.0';

describe('violations', () => {
  const pet = {
    type: 'object',
    required: ['name', 'age'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1 },
      age: { type: 'integer', minimum: 0 },
      kind: { enum: ['cat', 'dog'] },
      tags: { type: 'array', maxItems: 2, items: { type: 'object', properties: { label: { type: 'string', pattern: '^[a-z]+$' } } } },
    },
  };

  it('is none for a body that conforms', async () => {
    expect(await validateBody({ name: 'Rex', age: 3, tags: [{ label: 'good' }] }, pet, {}, V30)).toEqual([]);
  });

  it('names each value at fault by its JSON path, with what it must be and what it is', async () => {
    const violations = await validateBody({ name: '', age: -1, kind: 'cow', tags: [{ label: 'ok' }, { label: 'Not Ok' }, {}], 'x-y': 1 }, pet, {}, V30);
    expect(violations).toEqual([
      { path: '$["x-y"]', message: 'is not allowed here (the properties known here: name, age, kind, tags)' },
      { path: '$.name', message: 'must be at least 1 character long (got "")' },
      { path: '$.age', message: 'must be >= 0 (got -1)' },
      { path: '$.kind', message: 'must be one of "cat", "dog" (got "cow")' },
      { path: '$.tags', message: 'must have at most 2 items (got 3)' },
      { path: '$.tags[1].label', message: 'must match the pattern ^[a-z]+$ (got "Not Ok")' },
    ]);
  });

  it('names a missing required property by its own path', async () => {
    expect(await validateBody({ name: 'Rex' }, pet, {}, V30)).toEqual([{ path: '$.age', message: 'is required, but missing' }]);
  });

  it('says what type a value must be', async () => {
    expect(await validateBody('Rex', pet, {}, V30)).toEqual([{ path: '$', message: 'must be an object (got "Rex")' }]);
    expect(await validateBody({ name: 'Rex', age: 1.5 }, pet, {}, V30)).toEqual([{ path: '$.age', message: 'must be an integer (got 1.5)' }]);
  });

  it('folds a failed oneOf into one violation quoting what its alternatives found', async () => {
    const schema = {
      type: 'object',
      properties: {
        pet: {
          oneOf: [
            { type: 'object', required: ['meows'], properties: { meows: { type: 'boolean' } } },
            { type: 'object', required: ['barks'], properties: { barks: { type: 'boolean' } } },
          ],
        },
      },
    };
    expect(await validateBody({ pet: { meows: 'yes' } }, schema, {}, V31)).toEqual([
      { path: '$.pet', message: 'matches none of the 2 alternatives (oneOf): $.pet.meows: must be a boolean (got "yes"); $.pet.barks: is required, but missing' },
    ]);
    expect(await validateBody({ pet: { meows: true, barks: true } }, schema, {}, V31)).toEqual([
      { path: '$.pet', message: 'matches alternatives 1 and 2 of the oneOf, but must match exactly one' },
    ]);
  });
});

describe('messages for the other keywords', () => {
  it('words each for people, an error of a property name apart from the others of its object', async () => {
    const schema = {
      type: 'object',
      propertyNames: { pattern: '^[a-z]+$' },
      minProperties: 9,
      dependentRequired: { a: ['b'] },
      properties: {
        a: { type: 'integer', multipleOf: 5 },
        u: { type: 'array', uniqueItems: true, contains: { type: 'string' } },
        n: { not: { type: 'string' } },
        e: { type: 'object', properties: { x: {} }, unevaluatedProperties: false },
        i: { if: { type: 'string' }, then: { minLength: 3 } },
      },
    };
    expect(await validateBody({ a: 7, u: [1, 1], n: 's', e: { x: 1, y: 2 }, i: 'ab', Bad: 1 }, schema, {}, V31)).toEqual([
      { path: '$', message: 'must have at least 9 properties (got 6)' },
      { path: '$', message: 'property name "Bad" is not allowed: must match the pattern ^[a-z]+$ (got "Bad")' },
      { path: '$.a', message: 'must be a multiple of 5 (got 7)' },
      { path: '$.u', message: 'must contain at least 1 item matching the schema under "contains"' },
      { path: '$.u', message: 'must not repeat items (items 0 and 1 are the same)' },
      { path: '$.n', message: 'must not match the schema under "not" (got "s")' },
      { path: '$.e.y', message: 'is not allowed here (the properties known here: x)' },
      { path: '$.i', message: 'must be at least 3 characters long (got "ab")' },
      { path: '$.b', message: 'is required when "a" is present, but missing' },
    ]);
  });
});

describe('the OpenAPI 3.0 dialect', () => {
  it('lets null through nullable schemas, next to a type, an enum, a $ref or an allOf', async () => {
    const definitions = { '#/components/schemas/Owner': { type: 'object', properties: { name: { type: 'string' } } } };
    const schema = {
      type: 'object',
      properties: {
        note: { type: 'string', nullable: true },
        size: { type: 'string', enum: ['s', 'm'], nullable: true },
        owner: { $ref: '#/components/schemas/Owner', nullable: true },
        friend: { allOf: [{ $ref: '#/components/schemas/Owner' }], nullable: true },
        strict: { type: 'string' },
      },
    };
    expect(await validateBody({ note: null, size: null, owner: null, friend: null }, schema, definitions, V30)).toEqual([]);
    expect(await validateBody({ note: 3, size: 'xl', owner: 'me', strict: null }, schema, definitions, V30)).toEqual([
      { path: '$.note', message: 'must be a string or null (got 3)' },
      { path: '$.size', message: 'must be one of "s", "m", null (got "xl")' },
      { path: '$.owner', message: 'must be an object or null (got "me")' },
      { path: '$.strict', message: 'must be a string (got null)' },
    ]);
  });

  it('reads a boolean exclusiveMinimum/exclusiveMaximum as excluding minimum/maximum', async () => {
    const schema = { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true };
    expect(await validateBody(5, schema, {}, V30)).toEqual([]);
    expect(await validateBody(0, schema, {}, V30)).toEqual([{ path: '$', message: 'must be > 0 (got 0)' }]);
    expect(await validateBody(10, schema, {}, V30)).toEqual([{ path: '$', message: 'must be < 10 (got 10)' }]);
    expect(await validateBody(0, { type: 'number', minimum: 0, exclusiveMinimum: false }, {}, V30)).toEqual([]);
  });

  it('ignores what is written beside a $ref, as 3.0 does', async () => {
    const definitions = { '#/components/schemas/Name': { type: 'string' } };
    expect(await validateBody('a very long name', { $ref: '#/components/schemas/Name', maxLength: 3 }, definitions, V30)).toEqual([]);
  });

  it('takes a description without a version as 3.0 (Swagger 2 is read as 3.0.3)', async () => {
    expect(await validateBody(null, { type: 'string', nullable: true }, {}, undefined)).toEqual([]);
  });
});

describe('the OpenAPI 3.1 dialect (JSON Schema 2020-12)', () => {
  it('reads a numeric exclusiveMinimum as the bound itself', async () => {
    const schema = { type: 'integer', exclusiveMinimum: 5 };
    expect(await validateBody(6, schema, {}, V31)).toEqual([]);
    expect(await validateBody(5, schema, {}, V31)).toEqual([{ path: '$', message: 'must be > 5 (got 5)' }]);
  });

  it('takes type lists, const, prefixItems and the keywords beside a $ref', async () => {
    const definitions = { '#/components/schemas/Name': { type: 'string' } };
    const schema = {
      type: 'object',
      properties: {
        maybe: { type: ['integer', 'null'] },
        mode: { const: 'fast' },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
        name: { $ref: '#/components/schemas/Name', maxLength: 3 },
      },
    };
    expect(await validateBody({ maybe: null, mode: 'fast', pair: ['a', 1], name: 'Rex' }, schema, definitions, V31)).toEqual([]);
    expect(await validateBody({ maybe: 'x', mode: 'slow', pair: ['a', 'b'], name: 'Rexy' }, schema, definitions, V31)).toEqual([
      { path: '$.maybe', message: 'must be an integer or null (got "x")' },
      { path: '$.mode', message: 'must be "fast" (got "slow")' },
      { path: '$.pair[1]', message: 'must be an integer (got "b")' },
      { path: '$.name', message: 'must be at most 3 characters long (got "Rexy")' },
    ]);
  });

  it('still honours 3.0\'s nullable and boolean exclusive bounds, which 3.1 descriptions still write', async () => {
    expect(await validateBody(null, { type: 'object', nullable: true }, {}, V31)).toEqual([]);
    expect(await validateBody(0, { type: 'number', minimum: 0, exclusiveMinimum: true }, {}, V31)).toEqual([{ path: '$', message: 'must be > 0 (got 0)' }]);
  });

  it('follows 2019-09\'s $recursiveRef to the definition it is written in', async () => {
    const definitions = {
      '#/components/schemas/Filter': {
        $recursiveAnchor: true,
        type: 'object',
        properties: { op: { enum: ['and', 'or'] }, filters: { type: 'array', items: { oneOf: [{ type: 'string' }, { $recursiveRef: '#' }] } } },
      },
    };
    const schema = { $ref: '#/components/schemas/Filter' };
    expect(await validateBody({ op: 'and', filters: ['a', { op: 'or', filters: ['b'] }] }, schema, definitions, V31)).toEqual([]);
    const violations = await validateBody({ op: 'and', filters: [{ op: 'xor' }] }, schema, definitions, V31);
    expect(violations).toHaveLength(1);
    expect(violations[0]!.path).toBe('$.filters[0]');
    expect(violations[0]!.message).toContain('$.filters[0].op: must be one of "and", "or" (got "xor")');
  });
});

describe('references and recursion', () => {
  const definitions = {
    '#/components/schemas/Node': {
      type: 'object',
      required: ['value'],
      properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    },
    '#/components/schemas/Record': {
      type: 'object',
      required: ['id', 'name'],
      allOf: [{ properties: { id: { $ref: '#/components/schemas/Id' } } }],
      properties: { name: { type: 'string' } },
    },
    '#/components/schemas/Id': { type: 'string', readOnly: true },
  };

  it('validates a recursive schema to any depth, naming nested paths', async () => {
    const tree = { value: 1, children: [{ value: 2, children: [{ value: 3 }, { value: 'four', children: [{}] }] }] };
    expect(await validateBody(tree, { $ref: '#/components/schemas/Node' }, definitions, V30)).toEqual([
      { path: '$.children[0].children[1].value', message: 'must be an integer (got "four")' },
      { path: '$.children[0].children[1].children[0].value', message: 'is required, but missing' },
    ]);
  });

  it('does not require a readOnly property in a request, even one whose schema is in an allOf part', async () => {
    expect(await validateBody({ name: 'x' }, { $ref: '#/components/schemas/Record' }, definitions, V30)).toEqual([]);
    expect(await validateBody({}, { $ref: '#/components/schemas/Record' }, definitions, V31)).toEqual([{ path: '$.name', message: 'is required, but missing' }]);
  });

  it('is not moved by an $id: a pointer names the description\'s schema', async () => {
    const schema = { $id: 'https://elsewhere.example/schemas/x', type: 'object', properties: { node: { $ref: '#/components/schemas/Node' } } };
    expect(await validateBody({ node: { value: 'x' } }, schema, definitions, V31)).toEqual([{ path: '$.node.value', message: 'must be an integer (got "x")' }]);
  });

  it('leaves a pointer into an $id resource to that resource', async () => {
    const schema = { $id: 'https://elsewhere.example/schemas/y', $defs: { small: { type: 'integer', maximum: 3 } }, type: 'object', properties: { n: { $ref: '#/$defs/small' } } };
    expect(await validateBody({ n: 2 }, schema, {}, V31)).toEqual([]);
    expect(await validateBody({ n: 4 }, schema, {}, V31)).toEqual([{ path: '$.n', message: 'must be <= 3 (got 4)' }]);
  });
});

describe('checking only', () => {
  it('neither coerces, fills in defaults nor removes anything', async () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: { count: { type: 'integer' }, on: { type: 'boolean' }, level: { type: 'string', default: 'info' }, list: { type: 'array', items: { type: 'string' } } },
    };
    const body = { count: '3', on: 'true', list: 'one', extra: 1 };
    const before = structuredClone(body);
    expect(await validateBody(body, schema, {}, V30)).toEqual([
      { path: '$.extra', message: 'is not allowed here (the properties known here: count, on, level, list)' },
      { path: '$.count', message: 'must be an integer (got "3")' },
      { path: '$.on', message: 'must be a boolean (got "true")' },
      { path: '$.list', message: 'must be an array (got "one")' },
    ]);
    expect(body).toEqual(before);
  });

  it('checks exact numbers (and big integers) by their value, quoting them as written and leaving the body as it was', async () => {
    const big = new ExactNumber('12345678901234567890');
    const body = { n: big, m: [new ExactNumber('1.50')], b: 5n };
    const schema = { type: 'object', properties: { n: { type: 'integer', maximum: 100 }, m: { type: 'array', items: { type: 'number', minimum: 2 } }, b: { type: 'integer', maximum: 4 } } };
    expect(await validateBody(body, schema, {}, V31)).toEqual([
      { path: '$.n', message: 'must be <= 100 (got 12345678901234567890)' },
      { path: '$.m[0]', message: 'must be >= 2 (got 1.50)' },
      { path: '$.b', message: 'must be <= 4 (got 5)' },
    ]);
    expect(body.n).toBe(big);
    expect(body.m[0]).toBeInstanceOf(ExactNumber);
  });

  describe('numbers a double cannot hold, in the description or the body, compared exactly', () => {
    const n = (text: string) => new ExactNumber(text);
    const int64 = { type: 'object', properties: { id: { type: 'integer', minimum: n('-9223372036854775808'), maximum: n('9223372036854775807') } } };

    it('takes the bound itself and refuses the next integer, which rounds to the same double, naming the bound as written', async () => {
      expect(await validateBody({ id: n('9223372036854775807') }, int64, {}, V31)).toEqual([]);
      expect(await validateBody({ id: n('-9223372036854775808') }, int64, {}, V31)).toEqual([]);
      expect(await validateBody({ id: n('9223372036854775808') }, int64, {}, V31)).toEqual([{ path: '$.id', message: 'must be <= 9223372036854775807 (got 9223372036854775808)' }]);
      expect(await validateBody({ id: n('-9223372036854775809') }, int64, {}, V31)).toEqual([{ path: '$.id', message: 'must be >= -9223372036854775808 (got -9223372036854775809)' }]);
    });

    it('lets through a value just inside an exclusive bound that rounds onto it, in both dialects', async () => {
      const v31 = { type: 'integer', exclusiveMaximum: n('9223372036854775807') };
      const v30 = { type: 'integer', maximum: n('9223372036854775807'), exclusiveMaximum: true };
      for (const [schema, version] of [[v31, V31], [v30, V30]] as const) {
        expect(await validateBody(n('9223372036854775806'), schema, {}, version)).toEqual([]);
        expect(await validateBody(n('9223372036854775807'), schema, {}, version)).toEqual([{ path: '$', message: 'must be < 9223372036854775807 (got 9223372036854775807)' }]);
      }
    });

    it('compares a body number a double cannot hold with a plain bound by its digits', async () => {
      const schema = { type: 'number', maximum: 0.1 };
      expect(await validateBody(n('0.1000000000000000000000001'), schema, {}, V31)).toEqual([{ path: '$', message: 'must be <= 0.1 (got 0.1000000000000000000000001)' }]);
      expect(await validateBody(n('0.0999999999999999999999999'), schema, {}, V31)).toEqual([]);
    });

    it('tells apart enum and const values that round alike, numbers by value (1 is 1.0)', async () => {
      const schema = { type: 'object', properties: { code: { enum: [n('12345678901234567890'), 1] }, fixed: { const: [n('12345678901234567890')] }, one: { const: n('1e400') } } };
      expect(await validateBody({ code: n('12345678901234567890'), fixed: [n('12345678901234567890.0')], one: n('10e399') }, schema, {}, V31)).toEqual([]);
      expect(await validateBody({ code: n('1.0') }, schema, {}, V31)).toEqual([]);
      expect(await validateBody({ code: n('12345678901234567891'), fixed: [n('12345678901234567891')], one: n('1e401') }, schema, {}, V31)).toEqual([
        { path: '$.code', message: 'must be one of 12345678901234567890, 1 (got 12345678901234567891)' },
        { path: '$.fixed', message: 'must be an array (got an array)' },
        { path: '$.one', message: 'must be 1e400 (got 1e401)' },
      ]);
    });

    it('takes 1e400, Infinity as a double, as the number it is', async () => {
      const schema = { type: 'object', properties: { big: { type: 'number', maximum: 1e300 }, whole: { type: 'integer' }, low: { type: 'number', minimum: 0 } } };
      expect(await validateBody({ whole: n('1e400'), low: n('1e-400') }, schema, {}, V31)).toEqual([]);
      expect(await validateBody({ big: n('1e400'), low: n('-1e-400') }, schema, {}, V31)).toEqual([
        { path: '$.big', message: 'must be <= 1e+300 (got 1e400)' },
        { path: '$.low', message: 'must be >= 0 (got -1e-400)' },
      ]);
    });

    it('checks multipleOf and integer types on the decimal value', async () => {
      const schema = { type: 'object', properties: { step: { type: 'number', multipleOf: n('0.1') }, whole: { type: 'integer', maximum: n('1e400') } } };
      expect(await validateBody({ step: n('0.30'), whole: n('12345678901234567890') }, schema, {}, V31)).toEqual([]);
      expect(await validateBody({ step: n('0.35'), whole: n('12345678901234567890.5') }, schema, {}, V31)).toEqual([
        { path: '$.step', message: 'must be a multiple of 0.1 (got 0.35)' },
        { path: '$.whole', message: 'must be an integer (got 12345678901234567890.5)' },
      ]);
    });
  });

  it('treats format as an annotation: unknown and known formats never fail', async () => {
    const schema = { type: 'object', properties: { a: { type: 'string', format: 'no-such-format' }, b: { type: 'string', format: 'email' } } };
    expect(await validateBody({ a: '?', b: 'not an email' }, schema, {}, V31)).toEqual([]);
  });

  it('accepts patterns that only the pre-Unicode grammar reads', async () => {
    expect(await validateBody('a-b', { type: 'string', pattern: '^[\\w-.]+$' }, {}, V30)).toEqual([]);
    expect(await validateBody('a b', { type: 'string', pattern: '^[\\w-.]+$' }, {}, V30)).toEqual([{ path: '$', message: 'must match the pattern ^[\\w-.]+$ (got "a b")' }]);
  });
});

describe('when validation cannot run', () => {
  it('says so in one violation, marked unchecked, for a broken schema', async () => {
    const violations = await validateBody({}, { type: 'object', properties: { a: { type: 'text' } } }, {}, V31);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ path: '$', unchecked: true });
    expect(violations[0]!.message).toMatch(/^the body was not validated: the schema is not one a validator can use: .*type.*; fix the description, or send without --okapi-validate$/);
  });

  it('says so for a $ref to nothing, naming it', async () => {
    expect(await validateBody({}, { $ref: '#/components/schemas/Gone' }, {}, V30)).toEqual([
      { path: '$', message: 'the body was not validated: the schema\'s $ref "#/components/schemas/Gone" points to nothing the description defines; fix the description, or send without --okapi-validate', unchecked: true },
    ]);
  });

  it('says so for an OpenAPI version okapi does not know', async () => {
    const [violation] = await validateBody({}, { type: 'object' }, {}, '4.0.0');
    expect(violation).toMatchObject({ unchecked: true });
    expect(violation!.message).toContain('not those of openapi version "4.0.0"');
  });
});
