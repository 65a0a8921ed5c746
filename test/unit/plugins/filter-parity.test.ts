/**
 * The jq and shorthand-query filter plugins answer identically in-process and as external
 * executables (their built chunks wrapped by runPlugin(), both encodings): results with exact
 * numbers and bytes, and failures with their message, hint, exit code and readability.
 */
import { describe, expect, it } from 'vitest';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';
import type { FilterOutput } from '../../../sdk/types.js';
import { builtinRuntimes } from '../../helpers/builtin-plugins.js';

const envelope = {
  proto: 'HTTP/1.1',
  status: 200,
  headers: { 'content-type': 'application/json' },
  links: {},
  body: {
    items: [
      { id: new ExactNumber('1234567890123456789'), name: 'Ada', price: new ExactNumber('2.50'), age: 36 },
      { id: 2, name: 'Grace', price: new ExactNumber('1e400'), age: 85 },
      { id: 3, name: 'ünïcödé ✓', price: -0.5, age: 41, raw: new Uint8Array([0, 1, 254, 255]) },
    ],
  },
};

/**
 * A value in a form that compares across runtimes: exact numbers by their digits (CBOR carries a
 * big integer as a bignum, read back as a bigint); bytes marked as such, except under the JSON
 * encoding, which has no bytes and carries them as their base64 text, as it does formatter items.
 */
function comparable(value: unknown, json: boolean): unknown {
  if (value instanceof ExactNumber || typeof value === 'bigint') return `number:${String(value)}`;
  if (value instanceof Uint8Array) return `${json ? '' : 'bytes:'}${Buffer.from(value).toString('base64')}`;
  if (Array.isArray(value)) return value.map((item) => comparable(item, json));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, json)]));
  return value;
}

/** Each runtime's answers; `in-process (json)` is the in-process one as the JSON encoding can carry it. */
async function outputsOf(name: string, language: string, expressions: string[]): Promise<Map<string, unknown[]>> {
  const outputs = new Map<string, unknown[]>();
  for (const [how, runtime] of await builtinRuntimes(name)) {
    const answers: FilterOutput[] = [];
    for (const expression of expressions) answers.push(await runtime.call('filter', { language, expression, value: envelope }));
    outputs.set(how, answers.map((answer) => comparable(answer, how === 'json')));
    if (how === 'in-process') outputs.set('in-process (json)', answers.map((answer) => comparable(answer, true)));
  }
  return outputs;
}

describe('filter plugins in-process and out-of-process', () => {
  it('shorthand-query answers identically', async () => {
    const outputs = await outputsOf('shorthand-query', 'shorthand', [
      'body.items[age > 40].{id, price}',
      'body.items[id == 1234567890123456789].name',
      'body.items[price > 2].price',
      'body.items[2].raw',
      'headers.content-type',
      'body.nothing',
      'body.items[age > ]',
      '.body',
      'body.items.{id}.x.{y}',
    ]);
    expect(outputs.get('cbor')).toEqual(outputs.get('in-process'));
    expect(outputs.get('json')).toEqual(outputs.get('in-process (json)'));
    const inProcess = outputs.get('in-process')!;
    expect(inProcess[1]).toEqual({ results: [['Ada']] });
    expect(inProcess[2]).toEqual({ results: [['number:2.50', 'number:1e400']] });
    expect(inProcess[3]).toEqual({ results: ['bytes:AAH+/w=='] });
    expect(inProcess[6]).toMatchObject({ failure: { exit_code: 2, unreadable: true, summary: expect.stringMatching(/ at position 17$/) } });
  });

  it('jq answers identically', async () => {
    const outputs = await outputsOf('jq', 'jq', [
      '.body.items[] | .id',
      '[.body.items[] | select(.age > 40) | {name, price}]',
      '.body.items[0].price',
      '.body.items[1].price + 1',
      '.body.items[2].raw',
      '.body.items | length',
      '.body[',
      '.body.items[0].name | tonumber',
      'empty',
    ]);
    expect(outputs.get('cbor')).toEqual(outputs.get('in-process'));
    expect(outputs.get('json')).toEqual(outputs.get('in-process (json)'));
    const inProcess = outputs.get('in-process')!;
    expect(inProcess[0]).toEqual({ results: ['number:1234567890123456789', 2, 3] });
    expect(inProcess[2]).toEqual({ results: ['number:2.50'] });
    expect(inProcess[4]).toEqual({ results: ['AAH+/w=='] });
    expect(inProcess[6]).toMatchObject({ failure: { exit_code: 2, unreadable: true, hint: expect.stringContaining('jq 1.8 manual') } });
    expect(inProcess[7]).toMatchObject({ failure: { exit_code: 1 } });
    expect(inProcess[7]).not.toHaveProperty('failure.unreadable');
    expect(inProcess[8]).toEqual({ results: [] });
  });
});
