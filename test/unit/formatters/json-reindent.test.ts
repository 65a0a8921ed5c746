/** The streaming re-indenter lays JSON out exactly as JSON.stringify would, chunk boundaries anywhere. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonReindenter, JsonSyntaxError } from '../../../plugins-builtin/json/reindent.js';

function reindent(text: string, pretty: boolean, chunkSize = 7): string {
  const parts: Uint8Array[] = [];
  const r = new JsonReindenter(pretty, (c) => parts.push(c));
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += chunkSize) r.push(bytes.subarray(i, i + chunkSize));
  r.end();
  return Buffer.concat(parts).toString('utf8');
}

describe('JsonReindenter', () => {
  const cases: unknown[] = [
    { a: 1, b: [1, 2, { c: 'x, y: "z"' }], d: {}, e: [], f: null, g: true },
    [],
    {},
    'a "quoted" \\ string',
    [[[]], [{}], { '': '' }],
    { unicode: 'héllo 🦒 日本', escapes: '\n\t\u0001' },
  ];

  it.each(cases.map((c) => [JSON.stringify(c), c]))('matches JSON.stringify for %s', (_label, value) => {
    const compactText = JSON.stringify(value);
    const spaced = JSON.stringify(value, null, 4);
    expect(reindent(spaced, true)).toBe(`${JSON.stringify(value, null, 2)}\n`);
    expect(reindent(spaced, false)).toBe(`${compactText}\n`);
    expect(reindent(compactText, true, 1)).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('keeps numbers exactly as written (no precision lost)', () => {
    expect(reindent('{"id": 12345678901234567890, "x": 1.50, "y": 1e3}', false)).toBe('{"id":12345678901234567890,"x":1.50,"y":1e3}\n');
  });

  it('reports broken JSON with its byte offset', () => {
    expect(() => reindent('{"a": [1, 2}', true)).toThrow(JsonSyntaxError);
    expect(() => reindent('{"a": [1, 2}', true)).toThrow(/byte 11/);
    expect(() => reindent('{"a": "unterminated', true)).toThrow(/ends before/);
  });

  it('agrees with JSON.stringify on any JSON value, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), (value, chunk) => {
        const text = JSON.stringify(value);
        expect(reindent(text, true, chunk)).toBe(`${JSON.stringify(value, null, 2)}\n`);
        expect(reindent(JSON.stringify(value, null, 3), false, chunk)).toBe(`${text}\n`);
      }),
      { numRuns: 300 },
    );
  });
});
