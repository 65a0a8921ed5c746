/**
 * okapi's one nesting limit (sdk/shared/nesting.ts): each checker accepts MAX_NESTING levels and refuses
 * one more, never recursing (100,000 levels give a NestingError, not a stack overflow), and the
 * libraries that recurse (yaml, cbor-x) still read and write data at the limit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { newCborDecoder, newCborEncoder } from '../../../sdk/shared/cbor.js';
import { numberFromText } from '../../../sdk/shared/exact-number.js';
import { parseJsonExact } from '../../../sdk/shared/json-parse.js';
import { checkCborNesting, checkValueNesting, checkYamlTextNesting, MAX_NESTING, NestingError } from '../../../sdk/shared/nesting.js';

const DEEP = 100_000;

function nestedArray(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function nestedObject(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

function arrayCbor(depth: number): Uint8Array {
  return Buffer.concat([Buffer.alloc(depth, 0x81), Buffer.from([0x01])]);
}

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('checkValueNesting', () => {
  it('accepts the limit and refuses one level more, of arrays and of objects', () => {
    expect(() => checkValueNesting(nestedArray(MAX_NESTING))).not.toThrow();
    expect(() => checkValueNesting(nestedObject(MAX_NESTING))).not.toThrow();
    expect(thrown(() => checkValueNesting(nestedArray(MAX_NESTING + 1), 'the body'))).toEqual(new NestingError('the body', undefined));
    expect(() => checkValueNesting(nestedObject(MAX_NESTING + 1))).toThrow(NestingError);
  });

  it('walks 100,000 levels without recursing', () => {
    expect(() => checkValueNesting(nestedArray(DEEP))).toThrow(`the data is nested deeper than okapi's limit of ${MAX_NESTING} levels`);
  });

  it('counts Maps but not byte strings', () => {
    expect(() => checkValueNesting(nestedArray(MAX_NESTING, new Uint8Array(3)))).not.toThrow();
    expect(() => checkValueNesting(new Map([['a', nestedArray(MAX_NESTING)]]))).toThrow(NestingError);
  });
});

describe('parseJsonExact', () => {
  it('parses the limit and refuses one level more, saying where', () => {
    expect(parseJsonExact('['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING))).toEqual(nestedArray(MAX_NESTING - 1, []));
    const text = '{"a":'.repeat(MAX_NESTING) + '1' + '}'.repeat(MAX_NESTING);
    expect(parseJsonExact(text)).toEqual(nestedObject(MAX_NESTING));
    const error = thrown(() => parseJsonExact(`[${text}]`));
    expect(error).toBeInstanceOf(NestingError);
    expect((error as Error).message).toBe(`the JSON text is nested deeper than okapi's limit of ${MAX_NESTING} levels (at character ${1 + 5 * (MAX_NESTING - 1)})`);
  });

  it('does not count brackets inside strings', () => {
    const text = JSON.stringify({ text: '['.repeat(DEEP), escaped: '\\"[[[' });
    expect(parseJsonExact(text)).toEqual(JSON.parse(text));
  });

  it('refuses 100,000 levels', () => {
    expect(() => parseJsonExact('['.repeat(DEEP) + ']'.repeat(DEEP))).toThrow(NestingError);
  });
});

describe('checkYamlTextNesting', () => {
  it('accepts what the yaml library writes for any value within the limit, and refuses any deeper', () => {
    const levels = fc.array(fc.constantFrom('map', 'seq'), { minLength: MAX_NESTING - 3, maxLength: MAX_NESTING + 3 });
    fc.assert(
      fc.property(levels, fc.boolean(), (kinds, flow) => {
        let value: unknown = 'leaf';
        for (const kind of kinds) value = kind === 'map' ? { key: value } : [value];
        const text = stringify(value, flow ? { collectionStyle: 'flow' } : {});
        if (kinds.length <= MAX_NESTING) expect(() => checkYamlTextNesting(text)).not.toThrow();
        else expect(() => checkYamlTextNesting(text)).toThrow(NestingError);
      }),
      { numRuns: 12 },
    );
  });

  it('refuses deep flow and block collections, saying on which line', () => {
    expect(() => checkYamlTextNesting('['.repeat(DEEP))).toThrow("the YAML text is nested deeper than okapi's limit of 500 levels (at line 1)");
    const block = Array.from({ length: MAX_NESTING + 1 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + `\n${' '.repeat(MAX_NESTING + 1)}v: 1\n`;
    expect(() => checkYamlTextNesting(block)).toThrow('(at line 501)');
    expect(() => checkYamlTextNesting('- '.repeat(MAX_NESTING + 1) + '1\n')).toThrow(NestingError);
  });

  it('does not count brackets in quoted scalars or comments', () => {
    const text = `a: "${'['.repeat(DEEP)}"\nb: '${'{'.repeat(DEEP)}'\nc: 1 # ${'['.repeat(DEEP)}\n`;
    expect(() => checkYamlTextNesting(text)).not.toThrow();
  });
});

describe('checkCborNesting', () => {
  it('accepts the limit and refuses one level more, saying at which byte', () => {
    expect(() => checkCborNesting(arrayCbor(MAX_NESTING))).not.toThrow();
    expect(thrown(() => checkCborNesting(arrayCbor(MAX_NESTING + 1)))).toEqual(new NestingError('the CBOR data', `at byte ${MAX_NESTING}`));
  });

  it('follows maps, indefinite-length arrays, byte strings and sequences', () => {
    const encoder = newCborEncoder();
    expect(() => checkCborNesting(encoder.encode(nestedObject(MAX_NESTING)))).not.toThrow();
    expect(() => checkCborNesting(encoder.encode(nestedObject(MAX_NESTING + 1)))).toThrow(NestingError);
    const indefinite = Buffer.concat([Buffer.alloc(MAX_NESTING + 1, 0x9f), Buffer.alloc(MAX_NESTING + 1, 0xff)]);
    expect(() => checkCborNesting(indefinite)).toThrow(NestingError);
    const closedEachTime = Buffer.concat(Array.from({ length: MAX_NESTING + 1 }, () => Buffer.from([0x9f, 0x43, 1, 2, 3, 0xff])));
    expect(() => checkCborNesting(closedEachTime)).not.toThrow();
    const sequence = Buffer.concat([arrayCbor(MAX_NESTING), arrayCbor(MAX_NESTING)]);
    expect(() => checkCborNesting(sequence)).not.toThrow();
  });

  it('lets the decoder refuse 100,000 levels before cbor-x recurses', () => {
    expect(() => newCborDecoder().decode(arrayCbor(DEEP))).toThrow(NestingError);
    expect(() => newCborDecoder().decodeMultiple(arrayCbor(DEEP))).toThrow(NestingError);
  });
});

describe('the libraries that recurse, at the limit', () => {
  it('yaml parses and writes MAX_NESTING levels, flow and block', () => {
    const flow = parseAllDocuments('['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING));
    expect(flow[0]!.errors).toEqual([]);
    expect(flow[0]!.toJS()).toEqual(nestedArray(MAX_NESTING - 1, []));
    const value = nestedObject(MAX_NESTING);
    expect(parseAllDocuments(stringify(value))[0]!.toJS()).toEqual(value);
  });

  it('cbor-x writes and reads MAX_NESTING levels with an exact number inside', () => {
    const value = nestedArray(MAX_NESTING, numberFromText('2.50'));
    const bytes = newCborEncoder().encode(value);
    expect(newCborDecoder().decode(bytes)).toEqual(value);
  });
});
