import { describe, expect, it } from 'vitest';
import { envelope, nested, run, type Case } from './fixtures.js';

const fields: Case[] = [
  ['status', 200],
  ['proto', 'HTTP/1.1'],
  ['headers.content-type', 'application/json'],
  ['headers.x-total-count', '3'],
  ['headers."content-type"', 'application/json'],
  ['headers.missing', null],
  ['links.next', 'https://api.example.com/users?page=2'],
  ['body.total', 3],
  ['body.items[0].name', 'Ada'],
  ['body.items[1].user.login', 'grace'],
  ['body.items[0].user.org.name', 'engine'],
  ['body.items[1].user.org', null],
  ['body.items[1].user.org.name', null],
  ['body.nothing.deeper.still', null],
  ['  status  ', 200],
  ['"status"', 200],
];

const indexes: Case[] = [
  ['body.items[-1].id', 3],
  ['body.items[-3].id', 1],
  ['body.items[3]', null],
  ['body.items[-4]', null],
  ['body.items[ 1 ].id', 2],
  ['body.items[0].name[0]', 'A'],
  ['body.items[0].name[-1]', 'a'],
  ['body.items[0].tags[1]', 'early-adopter'],
  ['body.total[0]', null],
];

const slices: Case[] = [
  ['body.items[0:1].id', [1, 2]],
  ['body.items[0:2].id', [1, 2, 3]],
  ['body.items[1:].id', [2, 3]],
  ['body.items[:0].id', [1]],
  ['body.items[-2:].id', [2, 3]],
  ['body.items[:-2].id', [1, 2]],
  ['body.items[:].id', [1, 2, 3]],
  ['body.items[ 0 : 1 ].id', [1, 2]],
  ['body.items[5:9]', []],
  ['body.items[2:1]', []],
  ['body.items[1].name[1:3]', 'rac'],
  ['body.items[0].email[:2]', 'ada'],
  ['body.items[0].name[:30]', 'Ada'],
  ['body.items[0].name[5:]', ''],
  ['body.total[0:1]', null],
];

const mapping: Case[] = [
  ['body.items.id', [1, 2, 3]],
  ['body.items.name', ['Ada', 'Grace', 'alan']],
  // Missing and null results are dropped.
  ['body.items.email', ['ada@example.com', 'grace@example.com']],
  ['body.items.user.login', ['ada', 'grace', 'alan']],
  ['body.items.user.org.name', ['engine']],
  ['body.items.tags', [['admin', 'early-adopter'], ['vip'], []]],
  // The rest of the path runs on each element: the first tag of each item.
  ['body.items.tags[0]', ['admin', 'vip']],
  ['body.items.tags[-1]', ['early-adopter', 'vip']],
  ['body.items.name[0]', ['A', 'G', 'a']],
  ['body.items[0].tags.[0]', ['a', 'e']],
  ['body.items.missing', []],
  ['body.items | id', [1, 2, 3]],
  ['body.items | {id}', [{ id: 1 }, { id: 2 }, { id: 3 }]],
];

const pipes: Case[] = [
  ['body.items | [0] | name', 'Ada'],
  ['body.items|[0].name', 'Ada'],
  ['body.items | [-1] | id', 3],
  ['body.items.name | [0]', 'Ada'],
  ['body.items.tags | [0]', ['admin', 'early-adopter']],
  ['body.items.tags | []', ['admin', 'early-adopter', 'vip']],
  ['body | total', 3],
  ['body.items | [1:] | [0] | user.login', 'grace'],
  ['status | @', 200],
];

const current: Case[] = [
  ['@.status', 200],
  ['body.items[0] | @.id', 1],
  ['body.items[0] | @', envelope.body.items[0]],
];

const wildcards: Case[] = [
  ['headers.*', ['application/json', '3', 'W/"v1"']],
  ['body.items[0].user.*', ['ada', { name: 'engine' }]],
  ['body.items.user.*', [['ada', { name: 'engine' }], ['grace', null], ['alan']]],
  ['body.items[0].id.*', null],
];

const recursive: Case[] = [
  ['..login', ['ada', 'grace', 'alan']],
  ['body..id', [1, 2, 3]],
  ['..name', ['Ada', 'engine', 'Grace', 'alan']],
  ['..org', [{ name: 'engine' }, null]],
  ['..org.name', ['engine']],
  ['..login | [0]', 'ada'],
  ['..login[1]', 'grace'],
  ['..nothing', []],
  ['body.items[0]..name', ['Ada', 'engine']],
  ['.."content-type"', ['application/json']],
];

const projections: Case[] = [
  [
    'body.items.{id, name}',
    [
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Grace' },
      { id: 3, name: 'alan' },
    ],
  ],
  [
    'body.items.{id, login: user.login}',
    [
      { id: 1, login: 'ada' },
      { id: 2, login: 'grace' },
      { id: 3, login: 'alan' },
    ],
  ],
  ['body.items[0].{id, tags}', { id: 1, tags: ['admin', 'early-adopter'] }],
  ['body.items[0].{"id", "e-mail": email}', { id: 1, 'e-mail': 'ada@example.com' }],
  ['body.items[0].{user.login}', { login: 'ada' }],
  ['body.items[0].{missing}', { missing: null }],
  ['body.items[0].{first: tags[0], second: tags | [1]}', { first: 'admin', second: 'early-adopter' }],
  ['body.items[0].{ id : id , n : name }', { id: 1, n: 'Ada' }],
  ['{status, type: headers.content-type}', { status: 200, type: 'application/json' }],
  ['{}', {}],
  ['{a: status,}', { a: 200 }],
  ['{a: status, a: proto}', { a: 'HTTP/1.1' }],
  ['{names: body.items.name, count: body.total}', { names: ['Ada', 'Grace', 'alan'], count: 3 }],
  ['{page: {next: links.next}}', { page: { next: 'https://api.example.com/users?page=2' } }],
  ['{ids: body.items[age > 40].id}', { ids: [2, 3] }],
  ['body.missing.{id}', null],
];

const arrays: Case[] = [
  ['[status, headers.etag]', [200, 'W/"v1"']],
  ['[status, missing]', [200, null]],
  ['[status,proto]', [200, 'HTTP/1.1']],
  ['body.items.[id, name]', [[1, 'Ada'], [2, 'Grace'], [3, 'alan']]],
  // Undotted, the brackets apply to the array itself, and each element maps on its own.
  ['body.items | [id, name]', [[1, 2, 3], ['Ada', 'Grace', 'alan']]],
  ['body.items[0].[id, user.login, tags[0]]', [1, 'ada', 'admin']],
  ['[body.items | [0] | id, body.total]', [1, 3]],
  ['[status, [proto, status]]', [200, ['HTTP/1.1', 200]]],
  ['{pair: [status, proto]}', { pair: [200, 'HTTP/1.1'] }],
];

const nestedCases: Case[] = [
  ['a.id', [1]],
  ['a.b.id', [2]],
  ['a[0].id', 1],
  ['a[1].b', { id: 2 }],
  ['..id', [1, 2, 3, 4]],
  ['c.*.id', [3]],
  ['map.*.n', [1, 2]],
  ['map.*', [{ n: 1 }, { n: 2 }, { m: 3 }]],
  ['matrix[]', [1, 2, 3, [4, 5], 6]],
  ['matrix[][]', [1, 2, 3, 4, 5, 6]],
  ['matrix[ ]', [1, 2, 3, [4, 5], 6]],
  ['matrix[1][1][0]', 4],
  ['matrix[0][1]', 2],
  ['matrix[0:1]', [[1, 2], [3, [4, 5]]]],
  ['text[0]', 'h'],
  ['text[1:]', 'ello'],
  ['text[-3:-2]', 'll'],
  ['text.length', null],
  ['emoji[1]', '🦒'],
  ['emoji[1:2]', '🦒b'],
  ['emoji[-1]', 'b'],
  ['bytes[0]', 104],
  ['bytes[1:]', Uint8Array.from([105, 33])],
  ['empty.id', []],
  ['empty[0]', null],
  ['empty[]', []],
  ['text[]', null],
  ['"dotted.key"', 'dot'],
  ['"with space"', 'space'],
  ['constructor', 'own'],
  ['toString', null],
  ['__proto__', null],
  ['hasOwnProperty', null],
  ['map.x.constructor', null],
];

function table(name: string, cases: Case[], input: unknown): void {
  describe(name, () => {
    it.each(cases.map(([query, expected]) => ({ query, expected })))('$query', ({ query, expected }) => {
      expect(run(query, input)).toEqual(expected);
    });
  });
}

table('fields', fields, envelope);
table('indexes', indexes, envelope);
table('inclusive slices', slices, envelope);
table('mapping over arrays', mapping, envelope);
table('pipes', pipes, envelope);
table('@, the current value', current, envelope);
table('wildcards', wildcards, envelope);
table('recursive descent', recursive, envelope);
table('projections', projections, envelope);
table('array construction', arrays, envelope);
table('nested and odd structures', nestedCases, nested);

describe('other roots', () => {
  const cases: [string, unknown, unknown][] = [
    ['[0]', [5, 6], 5],
    ['@', 'x', 'x'],
    ['a', 5, null],
    ['a', null, null],
    ['a.b', undefined, null],
    ['id', [{ id: 1 }, { id: 2 }], [1, 2]],
    ['{id}', [{ id: 1 }, { id: 2, x: 1 }], [{ id: 1 }, { id: 2 }]],
    ['*', [{ a: 1 }, { b: 2 }], [[1], [2]]],
    ['a.b', { a: [[{ b: 1 }]] }, []],
    ['a[].b', { a: [[{ b: 1 }]] }, [1]],
    ['@id', { '@id': 'urn:x' }, 'urn:x'],
    ['$ref', { $ref: '#/x' }, '#/x'],
    ['1', { 1: 'one' }, 'one'],
    ['名前', { 名前: '値' }, '値'],
    ['big', { big: 12345678901234567890n }, 12345678901234567890n],
    ['when', { when: new Date(0) }, new Date(0)],
    ['"__proto__"', JSON.parse('{"__proto__": 1}'), 1],
    ['{"__proto__": a}', { a: 1 }, JSON.parse('{"__proto__": 1}')],
  ];
  it.each(cases.map(([query, input, expected]) => ({ query, input, expected })))('$query', ({ query, input, expected }) => {
    expect(run(query, input)).toEqual(expected);
  });

  it('keeps __proto__ as an ordinary key of a projection', () => {
    const out = run('{"__proto__": a}', { a: 1 }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
  });

  it('never changes the value it queries', () => {
    const copy = structuredClone(envelope);
    run('{a: body.items[age > 30].{id, name}, b: ..name, c: body.items.tags | [], d: body.items[0:1]}', copy);
    expect(copy).toEqual(envelope);
  });
});
