/** `--okapi-generate-body`'s example bodies: examples first, then made from the schema, bounded. */
import { describe, expect, it } from 'vitest';
import { exampleBody } from '../../../../../plugins-builtin/operations/schema/example-body.js';
import { ExactNumber } from '../../../../../sdk/shared/exact-number.js';
import { stringifyJson } from '../../../../../sdk/shared/json-stringify.js';

const json = (schema: unknown, example?: unknown) => ({ media_type: 'application/json', schema, ...(example !== undefined ? { example } : {}) });

describe('examples written in the description win', () => {
  it('takes the media type example over everything in the schema', () => {
    expect(exampleBody(json({ type: 'object', example: { from: 'schema' } }, { from: 'media' }), {})).toEqual({ from: 'media' });
  });

  it('takes, at every schema, example, then the first of examples, default, const, the first enum value', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', example: 'ex', examples: ['first'], default: 'def', enum: ['x'] },
        b: { type: 'string', examples: ['first', 'second'], default: 'def' },
        c: { type: 'integer', default: 7, enum: [1, 7] },
        d: { const: 'fixed' },
        e: { enum: [null, 'on', 'off'] },
      },
    };
    expect(exampleBody(json(schema), {})).toEqual({ a: 'ex', b: 'first', c: 7, d: 'fixed', e: 'on' });
  });

  it('shows the shape rather than a default of null, {} or []', () => {
    const schema = { type: 'object', default: {}, properties: { tags: { type: 'array', default: [], items: { type: 'string' } }, nr: { type: 'object', default: null, properties: { level: { type: 'integer' } } } } };
    expect(exampleBody(json(schema), {})).toEqual({ tags: ['string'], nr: { level: 0 } });
  });

  it('is undefined for a media type with neither an example nor a schema', () => {
    expect(exampleBody({ media_type: 'application/octet-stream' }, {})).toBeUndefined();
  });
});

describe('values made from the schema', () => {
  it('makes strings by format, numbers within bounds, booleans, null and one array item', () => {
    const schema = {
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
        mail: { type: 'string', format: 'email' },
        id: { type: 'string', format: 'uuid' },
        home: { type: 'string', format: 'uri' },
        code: { type: 'string', format: 'unheard-of' },
        short: { type: 'string', maxLength: 3 },
        long: { type: 'string', minLength: 10 },
        count: { type: 'integer', minimum: 5 },
        above: { type: 'integer', minimum: 5, exclusiveMinimum: true },
        above31: { type: 'integer', exclusiveMinimum: 5 },
        negative: { type: 'number', maximum: -2 },
        step: { type: 'integer', minimum: 1, multipleOf: 10 },
        ratio: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true },
        flag: { type: 'boolean' },
        nothing: { type: 'null' },
        list: { type: 'array', items: { type: 'integer' } },
      },
    };
    expect(exampleBody(json(schema), {})).toEqual({
      when: '2024-01-01T00:00:00Z',
      day: '2024-01-01',
      mail: 'user@example.com',
      id: '00000000-0000-4000-8000-000000000000',
      home: 'https://example.com',
      code: 'string',
      short: 'str',
      long: 'stringxxxx',
      count: 5,
      above: 6,
      above31: 6,
      negative: -2,
      step: 10,
      ratio: 0.5,
      flag: true,
      nothing: null,
      list: [0],
    });
  });

  it('keeps to bounds a double cannot hold, and gives examples and defaults as the description wrote them', () => {
    const n = (text: string) => new ExactNumber(text);
    const schema = {
      type: 'object',
      properties: {
        top: { type: 'integer', minimum: n('9223372036854775807') },
        past: { type: 'integer', exclusiveMinimum: n('9223372036854775806') },
        below: { type: 'integer', maximum: n('-9223372036854775809') },
        stepped: { type: 'integer', minimum: n('18446744073709551615'), multipleOf: 10 },
        narrow: { type: 'integer', minimum: n('18446744073709551611'), maximum: n('18446744073709551614'), multipleOf: 5 },
        fraction: { type: 'number', minimum: n('0.10000000000000000001') },
        given: { type: 'integer', example: n('12345678901234567890') },
        fallback: { type: 'integer', default: n('9223372036854775807') },
      },
    };
    expect(stringifyJson(exampleBody(json(schema), {}))).toBe(
      '{"top":9223372036854775807,"past":9223372036854775807,"below":-9223372036854775809,"stepped":18446744073709551620,' +
        '"narrow":18446744073709551613,"fraction":0.10000000000000000001,"given":12345678901234567890,"fallback":9223372036854775807}',
    );
  });

  it('takes the first type that is not null, and infers the type from the keywords when none is written', () => {
    const schema = { properties: { a: { type: ['null', 'string'] }, b: { items: { minimum: 3 } }, c: { maxLength: 4 }, d: { description: 'anything' } } };
    // `d` allows anything and says nothing: it is left out.
    expect(exampleBody(json(schema), {})).toEqual({ a: 'string', b: [3], c: 'stri' });
  });

  it('leaves out readOnly properties, directly or through a $ref, and keeps writeOnly ones', () => {
    const definitions = { '#/components/schemas/Id': { type: 'string', readOnly: true } };
    const schema = { type: 'object', properties: { id: { $ref: '#/components/schemas/Id' }, created: { type: 'string', readOnly: true }, password: { type: 'string', writeOnly: true } } };
    expect(exampleBody(json(schema), definitions)).toEqual({ password: 'string' });
  });

  it('shows a map (additionalProperties only) with one entry, and a tuple item by item', () => {
    const schema = { type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' } }, pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } } };
    expect(exampleBody(json(schema), {})).toEqual({ labels: { key: 'string' }, pair: ['string', 0] });
  });

  it('follows $refs through definitions, the $ref\'s siblings winning', () => {
    const definitions = {
      '#/components/schemas/Pet': { type: 'object', properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' } } },
      '#/components/schemas/Owner': { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
    };
    expect(exampleBody(json({ $ref: '#/components/schemas/Pet' }), definitions)).toEqual({ name: 'string', owner: { email: 'user@example.com' } });
    expect(exampleBody(json({ $ref: '#/components/schemas/Owner', example: { email: 'me@example.org' } }), definitions)).toEqual({ email: 'me@example.org' });
  });

  it('is the same every time', () => {
    const schema = { type: 'object', properties: { a: { type: 'array', items: { type: 'object', properties: { b: { type: 'string', format: 'uuid' } } } } } };
    expect(JSON.stringify(exampleBody(json(schema), {}))).toBe(JSON.stringify(exampleBody(json(schema), {})));
  });
});

describe('compositions', () => {
  const definitions = {
    '#/components/schemas/Base': { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } }, example: { id: 99 } },
    '#/components/schemas/Cat': { type: 'object', properties: { kind: { const: 'cat' }, meows: { type: 'boolean' } } },
    '#/components/schemas/Dog': { type: 'object', properties: { kind: { const: 'dog' }, barks: { type: 'boolean' } } },
  };

  it('merges allOf: properties add up (a part\'s example describes that part only), nested allOf too', () => {
    const schema = { allOf: [{ $ref: '#/components/schemas/Base' }, { allOf: [{ properties: { name: { type: 'string' } } }] }, { properties: { id: { maximum: 50 } } }] };
    expect(exampleBody(json(schema), definitions)).toEqual({ id: 1, name: 'string' });
  });

  it('keeps the example of a lone allOf part (a $ref given a description)', () => {
    expect(exampleBody(json({ allOf: [{ $ref: '#/components/schemas/Base' }], description: 'the base' }), definitions)).toEqual({ id: 99 });
  });

  it('takes the first alternative of oneOf and anyOf, with the properties written beside it', () => {
    const oneOf = { type: 'object', properties: { name: { type: 'string' } }, oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] };
    expect(exampleBody(json(oneOf), definitions)).toEqual({ name: 'string', kind: 'cat', meows: true });
    expect(exampleBody(json({ anyOf: [{ $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }] }), definitions)).toEqual({ kind: 'dog', barks: true });
  });

  it('passes over an alternative that only allows null', () => {
    expect(exampleBody(json({ anyOf: [{ type: 'null' }, { type: 'integer', minimum: 3 }] }), {})).toBe(3);
    expect(exampleBody(json({ oneOf: [{ type: 'null' }] }), {})).toBeNull();
  });

  it('shows a nullable (3.0) schema by its type', () => {
    expect(exampleBody(json({ type: 'string', nullable: true, format: 'date' }), {})).toBe('2024-01-01');
  });
});

describe('recursion and bounds', () => {
  const definitions = {
    '#/components/schemas/Node': {
      type: 'object',
      required: ['value'],
      properties: { value: { type: 'integer' }, parent: { $ref: '#/components/schemas/Node' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    },
    '#/components/schemas/A': { allOf: [{ $ref: '#/components/schemas/B' }, { properties: { a: { type: 'string' } } }] },
    '#/components/schemas/B': { allOf: [{ $ref: '#/components/schemas/A' }, { properties: { b: { type: 'string' } } }] },
    '#/components/schemas/Loop': { $ref: '#/components/schemas/Loop' },
  };

  it('cuts a $ref already being expanded: left out of its object, an empty array', () => {
    expect(exampleBody(json({ $ref: '#/components/schemas/Node' }), definitions)).toEqual({ value: 0, children: [] });
  });

  it('cuts recursion through allOf, and a $ref to itself gives null', () => {
    expect(exampleBody(json({ $ref: '#/components/schemas/A' }), definitions)).toEqual({ b: 'string', a: 'string' });
    expect(exampleBody(json({ $ref: '#/components/schemas/Loop' }), definitions)).toBeNull();
  });

  it('leaves a $ref the description does not define out, unless what is beside it says something', () => {
    const schema = { type: 'object', properties: { gone: { $ref: '#/components/schemas/Missing' }, described: { $ref: '#/components/schemas/Missing', example: 5 } } };
    expect(exampleBody(json(schema), {})).toEqual({ described: 5 });
  });

  it('shows objects and arrays deeper than maxDepth empty', () => {
    const deep = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'array', items: { type: 'string' } } } } } } } };
    expect(exampleBody(json(deep), {}, { maxDepth: 2 })).toEqual({ a: { b: {} } });
    expect(exampleBody(json(deep), {}, { maxDepth: 3 })).toEqual({ a: { b: { c: [] } } });
  });

  it('makes at most maxValues values, required properties before optional ones', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 50; i++) properties[`p${i}`] = { type: 'string' };
    const schema = { type: 'object', required: ['p49', 'p48'], properties };
    const example = exampleBody(json(schema), {}, { maxValues: 5 }) as Record<string, unknown>;
    // The object is one value, the two required properties two, and two optional ones in document order.
    expect(Object.keys(example)).toEqual(['p0', 'p1', 'p48', 'p49']);
  });

  it('stays small on a wide and deep schema by default', () => {
    const definitions: Record<string, unknown> = {};
    for (let level = 0; level < 30; level++) {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 40; i++) properties[`f${i}`] = level < 29 ? { $ref: `#/components/schemas/L${level + 1}` } : { type: 'string' };
      definitions[`#/components/schemas/L${level}`] = { type: 'object', properties };
    }
    const example = exampleBody(json({ $ref: '#/components/schemas/L0' }), definitions);
    expect(JSON.stringify(example).length).toBeLessThan(2_000);
  });
});
