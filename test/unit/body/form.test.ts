import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../sdk/shared/errors.js';
import { buildBody } from '../../../sdk/shared/body/index.js';
import { text, thrown, utf8 } from './helpers.js';

function form(expression: string): string {
  const body = buildBody({ args: [expression], encoder: 'form' });
  expect(body?.contentType).toBe('application/x-www-form-urlencoded');
  return text(body!.bytes);
}

describe('form encoder', () => {
  it('encodes flat fields', () => {
    expect(form('name: Alice, age: 30, admin: true')).toBe('name=Alice&age=30&admin=true');
  });

  it('percent-encodes names and values, spaces as +', () => {
    expect(form('q: "a b&c=d", "k&y": "ü/?#+"')).toBe('q=a+b%26c%3Dd&k%26y=%C3%BC%2F%3F%23%2B');
  });

  it('repeats the name for array items', () => {
    expect(form('tag: [a, b, 3]')).toBe('tag=a&tag=b&tag=3');
    expect(form('tag[]: a, tag[]: b')).toBe('tag=a&tag=b');
  });

  it('uses bracket names for nested objects', () => {
    expect(form('user.name: Ann, user.address.city: Paris')).toBe('user%5Bname%5D=Ann&user%5Baddress%5D%5Bcity%5D=Paris');
    const decoded = [...new URLSearchParams(form('user.name: Ann, user.roles: [a, b]'))];
    expect(decoded).toEqual([
      ['user[name]', 'Ann'],
      ['user[roles]', 'a'],
      ['user[roles]', 'b'],
    ]);
  });

  it('numbers array items that are objects or arrays', () => {
    const decoded = [...new URLSearchParams(form('items: [{id: 1, n: x}, {id: 2}], grid: [[1, 2], [3]]'))];
    expect(decoded).toEqual([
      ['items[0][id]', '1'],
      ['items[0][n]', 'x'],
      ['items[1][id]', '2'],
      ['grid[0]', '1'],
      ['grid[0]', '2'],
      ['grid[1]', '3'],
    ]);
  });

  it('sends null as an empty value, bytes as base64 and skips empty containers', () => {
    expect(form('a: null, b: "", c: %AQID, d: {}, e: [], f: 1')).toBe('a=&b=&c=AQID&f=1');
  });

  it('encodes an empty object as an empty body', () => {
    expect(buildBody({ args: ['{}'], encoder: 'form' })?.bytes.length).toBe(0);
  });

  it('patches structured stdin', () => {
    const body = buildBody({ args: ['page: 2'], stdin: utf8('{"q": "x"}'), encoder: 'form' });
    expect(text(body!.bytes)).toBe('q=x&page=2');
  });

  it('rejects a body that is not an object', () => {
    for (const [expression, kind] of [
      ['[1, 2]', 'an array'],
      ['"text"', 'the string "text"'],
      ['5', 'the number 5'],
    ] as const) {
      const error = thrown(() => buildBody({ args: [expression], encoder: 'form' }));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toBe(`-c form needs an object of fields, not ${kind}`);
    }
  });
});
