import { describe, expect, it } from 'vitest';
import { ExactNumber } from '../../../../../sdk/shared/exact-number.js';
import { OkapiError, UsageError } from '../../../../../sdk/shared/errors.js';
import type { DetailParameter } from '../../../../../sdk/shared/operation-detail-format.js';
import { serializeParameters, unsupportedStyle } from '../../../../../plugins-builtin/operations/parameters/index.js';
import { sent, thrown } from './helpers.js';

const RESERVED_AND_MORE = "a/b?c:d@e!$()*,;[]#&=+' %z";

describe('wire names', () => {
  it('sends the name the document spells, reserved characters that keep their meaning raw', () => {
    expect(sent({ name: '$select', in: 'query' }, 'id,name')).toBe('$select=id%2Cname');
    expect(sent({ name: 'filter.name', in: 'query' }, 'x')).toBe('filter.name=x');
    expect(sent({ name: 'filter[name]', in: 'query', cli_name: 'filter-name' }, 'x')).toBe('filter[name]=x');
    expect(sent({ name: 'a&b=c d', in: 'query' }, 'x')).toBe('a%26b%3Dc%20d=x');
  });

  it('keeps header and cookie names exactly, case included', () => {
    expect(sent({ name: 'X-Request-ID', in: 'header' }, 'r1')).toBe('X-Request-ID: r1');
    expect(sent({ name: 'Session.Id', in: 'cookie' }, 's1')).toBe('Session.Id=s1');
  });

  it('fills a dotted placeholder name', () => {
    const { path } = serializeParameters([{ param: { name: 'user.id', in: 'path' }, value: '7' }], '/users/{user.id}');
    expect(path).toBe('/users/7');
  });

  it('keeps the same name in different locations apart', () => {
    const result = serializeParameters(
      [
        { param: { name: 'id', in: 'path' }, value: 'p' },
        { param: { name: 'id', in: 'query' }, value: 'q' },
        { param: { name: 'id', in: 'header' }, value: 'h' },
        { param: { name: 'id', in: 'cookie' }, value: 'c' },
      ],
      '/things/{id}',
    );
    expect(result).toEqual({ path: '/things/p', query: 'id=q', headers: [['id', 'h']], cookies: 'id=c' });
  });
});

describe('allowReserved', () => {
  it('keeps reserved characters raw where a query allows them; + % & = # \' and space stay escaped', () => {
    expect(sent({ name: 'q', in: 'query', allow_reserved: true }, RESERVED_AND_MORE)).toBe("q=a/b?c:d@e!$()*,;[]%23%26%3D%2B%27%20%25z");
    expect(sent({ name: 'q', in: 'query', allow_reserved: true, array: true }, ['a/b', 'c+d'])).toBe('q=a/b&q=c%2Bd');
  });

  it('escapes everything but the unreserved characters without it', () => {
    expect(sent({ name: 'q', in: 'query' }, RESERVED_AND_MORE)).toBe('q=a%2Fb%3Fc%3Ad%40e%21%24%28%29%2A%2C%3B%5B%5D%23%26%3D%2B%27%20%25z');
  });

  it('still escapes the brackets of a deepObject key', () => {
    expect(sent({ name: 'f', in: 'query', style: 'deepObject', allow_reserved: true }, { 'a]b': 'x/y' })).toBe('f[a%5Db]=x/y');
  });

  it('leaves the delimiter of form explode: false raw and escapes a comma inside an item', () => {
    expect(sent({ name: 'q', in: 'query', explode: false, array: true }, ['a,b', 'c'])).toBe('q=a%2Cb,c');
  });

  it('is sent by the URL as it is', () => {
    const query = sent({ name: 'q', in: 'query', allow_reserved: true }, RESERVED_AND_MORE);
    expect(new URL(`http://example.test/?${query}`).search).toBe(`?${query}`);
    expect(new URLSearchParams(query).get('q')).toBe(RESERVED_AND_MORE);
  });
});

describe('values', () => {
  it('sends numbers with the digits they were typed with and text exactly', () => {
    expect(sent({ name: 'f', in: 'query', object: true }, { a: new ExactNumber('1.50'), b: 10n, c: true, d: null })).toBe('a=1.50&b=10&c=true&d=');
    expect(sent({ name: 'n', in: 'query' }, '007')).toBe('n=007');
  });

  it('sends a number default from the description as its JSON text', () => {
    expect(sent({ name: 'limit', in: 'query', type: 'integer' }, 25)).toBe('limit=25');
  });

  it('leaves out a parameter whose value is undefined', () => {
    expect(serializeParameters([{ param: { name: 'a', in: 'query' }, value: undefined }], '/x')).toEqual({ path: '/x', query: '', headers: [], cookies: undefined });
  });

  it('keeps the order the parameters came in', () => {
    const { query } = serializeParameters(
      [
        { param: { name: 'b', in: 'query' }, value: '2' },
        { param: { name: 'a', in: 'query', array: true }, value: ['1', '3'] },
      ],
      '/x',
    );
    expect(query).toBe('b=2&a=1&a=3');
  });

  it('refuses a nested value, which no style defines', () => {
    const error = thrown(() => sent({ name: 'f', in: 'query', style: 'deepObject', object: true }, { a: { b: 1 } }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('the field "a" of query parameter "f" is an object, which its style cannot send');
    expect(thrown(() => sent({ name: 'f', in: 'query', array: true }, [['x']])).message).toBe('item 1 of query parameter "f" is an array, which its style cannot send');
  });

  it('refuses text with a lone surrogate, which has no UTF-8 form', () => {
    const error = thrown(() => sent({ name: 'f', in: 'query' }, 'a\uD800'));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain('the value of query parameter "f" holds a lone UTF-16 surrogate');
  });
});

describe('JSON content parameters', () => {
  const filter: DetailParameter = { name: 'filter', in: 'query', content_type: 'application/json', object: true };

  it('sends compact JSON as one escaped query value, numbers as typed', () => {
    const value = { a: new ExactNumber('1.50'), b: ['x y'] };
    expect(sent(filter, value)).toBe(`filter=${encodeURIComponent('{"a":1.50,"b":["x y"]}')}`);
    expect(new URLSearchParams(sent(filter, value)).get('filter')).toBe('{"a":1.50,"b":["x y"]}');
  });

  it('accepts +json types and media type parameters', () => {
    expect(sent({ ...filter, content_type: 'application/vnd.api+json; charset=utf-8' }, [1, 2])).toBe('filter=%5B1%2C2%5D');
    expect(unsupportedStyle({ ...filter, content_type: 'Application/JSON' })).toBeUndefined();
  });

  it('sends an array of objects as one JSON array, not as JSON strings', () => {
    expect(new URLSearchParams(sent({ ...filter, array: true }, [{ a: 1 }, { b: 2 }])).get('filter')).toBe('[{"a":1},{"b":2}]');
  });

  it('puts JSON in a path segment, a header and a cookie', () => {
    expect(sent({ name: 'f', in: 'path', content_type: 'application/json' }, { a: '/' })).toBe('%7B%22a%22%3A%22%2F%22%7D');
    expect(sent({ name: 'X-Filter', in: 'header', content_type: 'application/json' }, { name: 'Zoë', n: 1 })).toBe('X-Filter: {"name":"Zo\\u00eb","n":1}');
    expect(sent({ name: 'prefs', in: 'cookie', content_type: 'application/json' }, { a: 1 })).toBe('prefs=%7B%22a%22%3A1%7D');
  });

  it('ignores a style the document gives a content parameter anyway', () => {
    expect(sent({ name: 'X-F', in: 'header', content_type: 'application/json', style: 'form' }, [1])).toBe('X-F: [1]');
  });

  it('refuses a content type other than JSON, naming it', () => {
    const param: DetailParameter = { name: 'q', in: 'query', content_type: 'text/plain' };
    expect(unsupportedStyle(param)).toBe(
      'query parameter "q" has content of type text/plain, which okapi cannot send: only application/json and +json content parameters are supported',
    );
    expect(thrown(() => sent(param, 'x'))).toBeInstanceOf(UsageError);
  });
});

describe('headers', () => {
  it('refuses a value a header line cannot carry', () => {
    for (const value of ['a\r\nX-Injected: 1', 'caf\u00e9', 'a\u0000']) {
      const error = thrown(() => sent({ name: 'X-Note', in: 'header' }, value));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toBe(`the value of header parameter "X-Note" cannot be sent in a header: ${JSON.stringify(value)}`);
    }
  });

  it('masks the value of a credential in the message', () => {
    expect(thrown(() => sent({ name: 'X-Auth-Token', in: 'header' }, 'secret\n')).message).toBe('the value of header parameter "X-Auth-Token" cannot be sent in a header: ***');
  });

  it('refuses a header name HTTP does not allow, as a fault of the description', () => {
    const error = thrown(() => sent({ name: 'Bad Name', in: 'header' }, 'x'));
    expect(error).toBeInstanceOf(OkapiError);
    expect(error.exitCode).toBe(1);
  });
});

describe('cookies', () => {
  it('sends every cookie parameter in one Cookie header value, values escaped', () => {
    const { cookies } = serializeParameters(
      [
        { param: { name: 'session', in: 'cookie' }, value: 'a b;c=d' },
        { param: { name: 'theme', in: 'cookie' }, value: 'dark' },
      ],
      '/x',
    );
    expect(cookies).toBe('session=a%20b%3Bc%3Dd; theme=dark');
  });

  it('refuses a field of an exploded object that cannot be a cookie name', () => {
    const error = thrown(() => sent({ name: 'prefs', in: 'cookie', object: true }, { 'a b': '1' }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('the field "a b" of cookie parameter "prefs" cannot be a cookie name');
  });
});

describe('paths', () => {
  it('escapes / and every other reserved character, so a value stays in its segment', () => {
    expect(sent({ name: 'id', in: 'path' }, 'a/b c?d%2F')).toBe('a%2Fb%20c%3Fd%252F');
  });

  it('fills several placeholders of one segment', () => {
    const params = [
      { param: { name: 'name', in: 'path' as const }, value: 'report' },
      { param: { name: 'ext', in: 'path' as const }, value: 'pdf' },
    ];
    expect(serializeParameters(params, '/files/{name}.{ext}').path).toBe('/files/report.pdf');
  });

  it('refuses a value that would make an empty, "." or ".." segment', () => {
    for (const value of ['', '.', '..']) {
      const error = thrown(() => serializeParameters([{ param: { name: 'id', in: 'path' }, value }], '/items/{id}/tags'));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toBe(`path parameter "id" would make the path segment "${value}" of /items/{id}/tags, which a URL drops or resolves`);
    }
    expect(serializeParameters([{ param: { name: 'id', in: 'path' }, value: '..' }], '/items/v{id}').path).toBe('/items/v..');
  });

  it('refuses a placeholder no value fills', () => {
    const error = thrown(() => serializeParameters([], '/items/{id}'));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe('the path /items/{id} needs a value for {id}, and none was given');
  });

  it('refuses a path parameter the template has no place for', () => {
    const error = thrown(() => serializeParameters([{ param: { name: 'id', in: 'path' }, value: '1' }], '/items'));
    expect(error).toBeInstanceOf(OkapiError);
    expect(error.message).toBe('path parameter "id" has no {id} in the operation\'s path /items, so its value cannot be sent');
  });
});

describe('unsupported styles', () => {
  it.each<[DetailParameter, string]>([
    [{ name: 'f', in: 'path', style: 'deepObject' }, 'path parameter "f" uses style deepObject, which OpenAPI does not define for path parameters; okapi sends path parameters as simple, label or matrix'],
    [{ name: 'f', in: 'query', style: 'matrix' }, 'query parameter "f" uses style matrix, which OpenAPI does not define for query parameters; okapi sends query parameters as form, spaceDelimited, pipeDelimited or deepObject'],
    [{ name: 'f', in: 'header', style: 'form' }, 'header parameter "f" uses style form, which OpenAPI does not define for header parameters; okapi sends header parameters as simple'],
    [{ name: 'f', in: 'cookie', style: 'cookie' }, 'cookie parameter "f" uses style "cookie", which is not one of the styles of OpenAPI 3.0 and 3.1; okapi sends cookie parameters as form'],
    [{ name: 'f', in: 'query', style: 'tabDelimited' }, 'query parameter "f" uses style "tabDelimited", which is not one of the styles of OpenAPI 3.0 and 3.1; okapi sends query parameters as form, spaceDelimited, pipeDelimited or deepObject'],
    [{ name: 'f', in: 'query', style: 'deepObject', array: true }, 'query parameter "f" uses style deepObject, which OpenAPI defines for objects only, but its schema is an array'],
    [{ name: 'f', in: 'query', style: 'deepObject', type: 'string' }, 'query parameter "f" uses style deepObject, which OpenAPI defines for objects only, but its schema is of type string'],
    [{ name: 'f', in: 'query', style: 'pipeDelimited', explode: true, object: true }, 'query parameter "f" uses style pipeDelimited with explode: true, which OpenAPI does not define for objects'],
  ])('%o', (param, reason) => {
    expect(unsupportedStyle(param)).toBe(reason);
    const error = thrown(() => serializeParameters([{ param, value: 'x' }], param.in === 'path' ? '/{f}' : '/'));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(reason);
    expect(error.hint).toMatch(/^okapi cannot send this parameter; leave it out, or (add it with -[qH]|call the URL)/);
  });

  it('are refused when the value, not the schema, makes them undefined', () => {
    const exploded = thrown(() => sent({ name: 'f', in: 'query', style: 'spaceDelimited', explode: true }, { a: '1' }));
    expect(exploded).toBeInstanceOf(UsageError);
    expect(exploded.message).toBe('query parameter "f" uses style spaceDelimited with explode: true, which OpenAPI does not define for objects');
    const deep = thrown(() => sent({ name: 'f', in: 'query', style: 'deepObject' }, 'x'));
    expect(deep).toBeInstanceOf(UsageError);
    expect(deep.message).toBe('query parameter "f" uses style deepObject, which sends objects only, but was given a single value');
  });

  it('names the command-line name when x-cli-name gives another', () => {
    expect(unsupportedStyle({ name: 'f', in: 'query', style: 'matrix', cli_name: 'filter' })).toMatch(/^query parameter "f" \(given as filter\) uses style matrix/);
  });

  it('finds nothing to call out in the styles okapi sends', () => {
    const supported: DetailParameter[] = [
      { name: 'a', in: 'query' },
      { name: 'a', in: 'query', style: 'spaceDelimited', array: true },
      { name: 'a', in: 'query', style: 'pipeDelimited', explode: true, array: true },
      { name: 'a', in: 'query', style: 'deepObject', object: true },
      { name: 'a', in: 'query', style: 'deepObject' },
      { name: 'a', in: 'path', style: 'label' },
      { name: 'a', in: 'path', style: 'matrix', explode: true },
      { name: 'a', in: 'header', explode: true, object: true },
      { name: 'a', in: 'cookie', explode: false },
    ];
    for (const param of supported) expect(unsupportedStyle(param)).toBeUndefined();
  });
});
