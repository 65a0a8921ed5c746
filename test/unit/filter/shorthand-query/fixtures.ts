/** Documents the query tables run against, and a helper to run a query. */
import { compileQuery } from '../../../../plugins-builtin/shorthand-query/compile.js';

export function run(query: string, value: unknown): unknown {
  return compileQuery(query)(value);
}

/** [query, expected result] */
export type Case = readonly [string, unknown];

/** A normalised response as the kernel builds it. */
export const envelope = {
  proto: 'HTTP/1.1',
  status: 200,
  headers: { 'content-type': 'application/json', 'x-total-count': '3', etag: 'W/"v1"' },
  links: { next: 'https://api.example.com/users?page=2' },
  body: {
    total: 3,
    items: [
      {
        id: 1,
        name: 'Ada',
        email: 'ada@example.com',
        age: 36,
        active: true,
        score: 91.5,
        tags: ['admin', 'early-adopter'],
        created: '2024-01-15T09:30:00Z',
        user: { login: 'ada', org: { name: 'engine' } },
      },
      {
        id: 2,
        name: 'Grace',
        email: 'grace@example.com',
        age: 45,
        active: false,
        score: 78,
        tags: ['vip'],
        created: '2023-06-01T12:00:00+02:00',
        user: { login: 'grace', org: null },
      },
      {
        id: 3,
        name: 'alan',
        email: null,
        age: 41,
        active: true,
        score: 64.25,
        tags: [],
        created: '2024-03-01',
        user: { login: 'alan' },
      },
    ],
  },
} as const;

/** Nested and mixed structures for wildcards, recursion and flattening. */
export const nested = {
  a: [{ id: 1 }, { b: { id: 2 } }],
  c: { d: { id: 3, e: [{ id: 4 }] } },
  matrix: [[1, 2], [3, [4, 5]], 6],
  text: 'hello',
  emoji: 'a🦒b',
  bytes: Uint8Array.from([104, 105, 33]),
  map: { x: { n: 1 }, y: { n: 2 }, z: { m: 3 } },
  empty: [],
  'dotted.key': 'dot',
  'with space': 'space',
  constructor: 'own',
};
