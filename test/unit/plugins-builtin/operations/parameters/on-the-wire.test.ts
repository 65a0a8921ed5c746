/** What a server receives: the serialized path and query reach it byte for byte through Node's URL and fetch. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serializeParameters } from '../../../../../plugins-builtin/operations/parameters/index.js';

let received: { url: string | undefined; headers: IncomingHttpHeaders } | undefined;
const server = createServer((request, response) => {
  received = { url: request.url, headers: request.headers };
  response.end();
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('sends the path, query, headers and cookies exactly as serialized', async () => {
  const result = serializeParameters(
    [
      { param: { name: 'id', in: 'path' }, value: 'a/b c%+ü' },
      { param: { name: '$select', in: 'query', array: true, explode: false }, value: ['id', 'name'] },
      { param: { name: 'q', in: 'query', allow_reserved: true }, value: "a/b?c+d 100% [x]#'" },
      { param: { name: 'filter', in: 'query', style: 'deepObject', object: true }, value: { 'first name': 'Zoë' } },
      { param: { name: 'X-Trace-ID', in: 'header' }, value: 't 1' },
      { param: { name: 'theme', in: 'cookie' }, value: 'dark mode' },
    ],
    '/items/{id}',
  );
  expect(result.path).toBe('/items/a%2Fb%20c%25%2B%C3%BC');
  expect(result.query).toBe("$select=id,name&q=a/b?c%2Bd%20100%25%20[x]%23%27&filter[first%20name]=Zo%C3%AB");
  const { port } = server.address() as AddressInfo;
  await fetch(`http://127.0.0.1:${port}${result.path}?${result.query}`, {
    headers: [...result.headers, ['Cookie', result.cookies!]],
  });
  expect(received?.url).toBe(`${result.path}?${result.query}`);
  expect(received?.headers['x-trace-id']).toBe('t 1');
  expect(received?.headers.cookie).toBe('theme=dark%20mode');
});
