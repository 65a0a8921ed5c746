import { describe, expect, it } from 'vitest';
import { envelope, run } from './fixtures.js';
import { ExactNumber } from '../../../../sdk/shared/exact-number.js';

/** [filter expression inside body.items[…], ids of the items it keeps] */
type FilterCase = readonly [string, number[]];

const comparisons: FilterCase[] = [
  ['age > 40', [2, 3]],
  ['age >= 41', [2, 3]],
  ['age < 41', [1]],
  ['age <= 41', [1, 3]],
  ['age == 45', [2]],
  ['age != 45', [1, 3]],
  ['score > 80', [1]],
  ['score >= 64.25 and score < 78', [3]],
  ['score % 1 != 0', [1, 3]],
  [' age>40 ', [2, 3]],
  ['name == "Ada"', [1]],
  ['name == "Grace" or name == "Ada"', [1, 2]],
  ['name > "B"', [2, 3]],
  ['active == true', [1, 3]],
  ['active == false', [2]],
  ['active != false', [1, 3]],
  ['email == null', [3]],
  ['email != null', [1, 2]],
  ['user.org == null', [2, 3]],
  ['tags == []', [3]],
  ['tags == [admin, early-adopter]', [1]],
  ['id in [1, 3]', [1, 3]],
  ['user.login in [grace, alan]', [2, 3]],
  ['[id, age] == [2, 45]', [2]],
  // No coercion between numbers and strings: such comparisons are false, never an error.
  ['name > 3', []],
  ['age > "30"', []],
  ['age == "36"', []],
];

const unquoted: FilterCase[] = [
  ['user.login == grace', [2]],
  ['user.org.name == engine', [1]],
  ['name == ada', []],
  ['name.lower == ada', [1]],
  ['name.upper == ALAN', [3]],
  ['tags contains vip', [2]],
  ['tags contains early-adopter', [1]],
  ['name startsWith A', [1]],
  ['"id" + id == id2', [2]],
  // On the left a bare name is always a field: a missing one is missing, not a string.
  ['vip in tags', []],
];

const booleans: FilterCase[] = [
  ['active', [1, 3]],
  ['not active', [2]],
  ['not not active', [1, 3]],
  ['not (age > 40)', [1]],
  ['?active', [1, 3]],
  ['age > 30 and name startsWith A', [1]],
  ['name startsWith A or name startsWith G', [1, 2]],
  ['name == Ada or id == 3 and active', [1, 3]],
  ['(name == Ada or id == 3) and not active', []],
  ['age > 40 and age < 50 and active', [3]],
  ['true', [1, 2, 3]],
  ['false', []],
  ['null', []],
  ['1 > 0', [1, 2, 3]],
  ['0 + 1', [1, 2, 3]],
  ['missing', []],
  ['tags', [1, 2]],
  ['user.org', [1]],
];

const arithmetic: FilterCase[] = [
  ['id % 2 == 0', [2]],
  ['id % 2 == 1', [1, 3]],
  ['id * 10 + 5 == 25', [2]],
  ['(id + 1) * 2 == 8', [3]],
  ['id - 1 == 0', [1]],
  ['id / 2 == 1.5', [3]],
  ['2 ^ id == 8', [3]],
  ['id ^ 2 == 9', [3]],
  ['2 ^ 3 ^ 0 == 2', [1, 2, 3]],
  ['-id == -2', [2]],
  ['- id + 4 == 2', [2]],
  ['age - id * 10 == 26', [1]],
  ['1e2 / 4 == 25', [1, 2, 3]],
  // Division by zero at run time is a missing value, so the comparison is false.
  ['id / (id - 1) > 0', [2, 3]],
  ['id + "" == "2"', [2]],
  ['name + "!" == "Ada!"', [1]],
  ['tags + [x] == [vip, x]', [2]],
  ['(tags + tags).length == 2', [2]],
];

const strings: FilterCase[] = [
  ['name endsWith ace', [2]],
  ['email contains grace', [2]],
  ['email contains "@example.com"', [1, 2]],
  ['name.lower startsWith a', [1, 3]],
  ['name.length == 5', [2]],
  ['name.length > 3', [2, 3]],
  ['user.login.length == 4', [3]],
  ['name[0] == A', [1]],
  ['name[-1] == e', [2]],
  ['name[0:1] == Gr', [2]],
  ['user.login in "ada grace"', [1, 2]],
  ['"rac" in name', [2]],
  ['id startsWith 1', [1]],
  ['score endsWith ".5"', [1]],
];

const collections: FilterCase[] = [
  ['"vip" in tags', [2]],
  ['tags.length == 0', [3]],
  ['tags.length > 0', [1, 2]],
  ['tags.length', [1, 2]],
  ['tags[0] == admin', [1]],
  ['tags[-1] == vip', [2]],
  ['tags[0:0] == [admin]', [1]],
  ['user contains login', [1, 2, 3]],
  ['user contains org', [1, 2]],
  ['"org" in user', [1, 2]],
  ['user.length == 2', [1, 2]],
  ['(tags where @ startsWith e).length > 0', [1]],
  ['(tags where @ == vip).length == 1', [2]],
  ['(name where @ == a).length > 0', []],
  ['@.id == 2', [2]],
  ['@.tags contains admin', [1]],
];

const dates: FilterCase[] = [
  ['created after 2024-01-01', [1, 3]],
  ['created before 2024-01-01', [2]],
  ['created > 2024-02-01', [3]],
  ['created < "2024-01-15T10:00:00+01:00"', [2]],
  ['created after 2023-06-01T10:30:00Z', [1, 3]],
  ['created before 2023-06-01T10:00:01Z', [2]],
  ['created == 2024-03-01', [3]],
  ['created >= 2024-01-15T09:30:00Z', [1, 3]],
  ['created after "2024-01-15T09:29:59.999Z"', [1, 3]],
  ['created before created', []],
  ['name after 2020-01-01', []],
];

function table(name: string, cases: FilterCase[]): void {
  describe(name, () => {
    it.each(cases.map(([expression, ids]) => ({ expression, ids })))('[$expression]', ({ expression, ids }) => {
      expect(run(`body.items[${expression}].id`, envelope)).toEqual(ids);
    });
  });
}

table('comparisons', comparisons);
table('unquoted strings on the right', unquoted);
table('and, or, not, truthiness', booleans);
table('arithmetic', arithmetic);
table('string operators', strings);
table('arrays and objects', collections);
table('dates', dates);

describe('filters in context', () => {
  const cases: [string, unknown, unknown][] = [
    ['body.items[0].tags[@ startsWith e]', envelope, ['early-adopter']],
    ['body.items[0].tags[@ == admin]', envelope, ['admin']],
    ['body.items.tags[@ contains a]', envelope, [['admin', 'early-adopter'], [], []]],
    // A filter on one object keeps it or not.
    ['body.items[0][age > 30].name', envelope, 'Ada'],
    ['body.items[0][age > 50]', envelope, null],
    // A filter is an ordinary step: what follows applies to the filtered array.
    ['body.items[id > 1][0].name', envelope, 'Grace'],
    ['body.items[id > 1] | [0] | name', envelope, 'Grace'],
    ['body.items[active][age > 40].id', envelope, [3]],
    ['body.items[age > 40].{id, name}', envelope, [{ id: 2, name: 'Grace' }, { id: 3, name: 'alan' }]],
    ['body.items[age > 99].{id}', envelope, []],
    ['body.missing[age > 1]', envelope, null],
    ['[d after 2020-01-01]', [{ d: new Date('2021-01-01T00:00:00Z') }, { d: new Date('2019-01-01T00:00:00Z') }], [{ d: new Date('2021-01-01T00:00:00Z') }]],
    ['[n > 1]', [{ n: 2n }, { n: 1n }], [{ n: 2n }]],
    ['[n == 2]', [{ n: 2n }], [{ n: 2n }]],
    ['[名前 == 値]', [{ 名前: '値' }, { 名前: 'x' }], [{ 名前: '値' }]],
    ['[@type == Person]', [{ '@type': 'Person' }, { '@type': 'Org' }], [{ '@type': 'Person' }]],
    ['[content-type contains json]', [{ 'content-type': 'application/json' }, { 'content-type': 'text/plain' }], [{ 'content-type': 'application/json' }]],
    ['[@ > 2]', [1, 2, 3, 4], [3, 4]],
    ['[@ % 2 == 0]', [1, 2, 3, 4], [2, 4]],
    ['[@ contains github]', ['https://github.com/x', 'https://example.com'], ['https://github.com/x']],
    ['[@.length > 1]', ['a', 'bb', '🦒🦒'], ['bb', '🦒🦒']],
    ['[@ == [1, 2]]', [[1, 2], [1]], [[1, 2]]],
    // A number alone in brackets is an index, not a filter.
    ['body.items[1].id', envelope, 2],
    ['[@ == null]', [null, 1, null], [null, null]],
    ['[a == b]', [{ a: { x: [1, { y: 2 }] }, b: { x: [1, { y: 2 }] } }, { a: { x: 1 }, b: { x: 2 } }], [{ a: { x: [1, { y: 2 }] }, b: { x: [1, { y: 2 }] } }]],
    ['[b == 2024-01-01]', [{ b: '2024-01-01' }], [{ b: '2024-01-01' }]],
    ['[x.length == 3]', [{ x: Uint8Array.from([1, 2, 3]) }], [{ x: Uint8Array.from([1, 2, 3]) }]],
    ['[x]', [{ x: new Uint8Array() }, { x: {} }, { x: [] }, { x: 0 }, { x: '' }, { x: 'a' }], [{ x: 'a' }]],
    ['[x.in == 1]', [{ x: { in: 1 } }], [{ x: { in: 1 } }]],
    ['[x."a b" == 1]', [{ x: { 'a b': 1 } }], [{ x: { 'a b': 1 } }]],
  ];
  it.each(cases.map(([query, input, expected]) => ({ query, input, expected })))('$query', ({ query, input, expected }) => {
    expect(run(query, input)).toEqual(expected);
  });
});

describe('numbers a double would change (ExactNumbers) compare by their exact values', () => {
  const id = (text: string) => new ExactNumber(text);
  const ids = [id('1234567890123456789'), id('1234567890123456788'), 1234567890123456800, 12345678901234567890n, id('2.50'), id('0.0'), id('1e400')];
  const cases: Array<readonly [string, unknown, unknown]> = [
    ['[@ == 1234567890123456789]', ids, [ids[0]]],
    ['[@ > 1234567890123456789]', ids, [1234567890123456800, 12345678901234567890n, ids[6]]],
    ['[@ == -(-1234567890123456788)]', ids, [ids[1]]],
    ['[@ == 2.5]', ids, [ids[4]]],
    ['[@]', ids.slice(4), [ids[4], ids[6]]],
    ['[@ in [1234567890123456788, 1e400]]', ids, [ids[1], ids[6]]],
    // Arithmetic rounds to doubles, as asked: both ids are the same double.
    ['[@ + 0 == 1234567890123456800]', ids.slice(0, 2), ids.slice(0, 2)],
    // An ExactNumber is a number, not an object with fields.
    ['[0].text', ids, null],
    ['[0].isIntegerLiteral', ids, null],
  ];
  it.each(cases.map(([query, input, expected]) => ({ query, input, expected })))('$query', ({ query, input, expected }) => {
    expect(run(query, input)).toEqual(expected);
  });
});
