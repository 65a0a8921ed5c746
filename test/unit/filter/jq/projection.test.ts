import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { JqEngine } from '../../../../plugins-builtin/jq/engine.js';
import { toJsonText } from '../../../../sdk/shared/json-text.js';
import { inputDemand, project } from '../../../../plugins-builtin/jq/projection.js';
import { anyDocument, compileErrors, documents, forDocument, runtimeErrors, type DocumentName } from './corpus.js';

const envelope = {
  proto: 'HTTP/1.1',
  status: 200,
  headers: { 'content-type': 'application/json', 'x-id': 'a1' },
  links: { next: 'https://api.test/?page=2' },
  body: [
    { id: 1, name: 'one', active: true, tags: ['a', 'b'], owner: { id: 7, name: 'ann' } },
    { id: 2, name: 'two', active: false, tags: [], owner: null },
  ],
};

/** What jq would be given for `program` over the envelope. */
function sent(program: string, value: unknown = envelope): unknown {
  return JSON.parse(toJsonText(project(value, inputDemand(program))));
}

describe('projection: what a program can look at', () => {
  it('the benchmark filter needs two fields of each item, nothing else', () => {
    expect(sent('[.body[] | select(.id % 2 == 0) | {id, name}]')).toEqual({
      body: [
        { id: 1, name: 'one' },
        { id: 2, name: 'two' },
      ],
    });
  });

  it('paths keep what they reach; outputs are kept whole', () => {
    expect(sent('.status')).toEqual({ status: 200 });
    expect(sent('.headers["content-type"]')).toEqual({ headers: { 'content-type': 'application/json' } });
    expect(sent('.headers."x-id"')).toEqual({ headers: { 'x-id': 'a1' } });
    expect(sent('.body[0].owner.name')).toEqual({ body: [{ owner: { name: 'ann' } }, { owner: null }] });
    expect(sent('.body[-1] | .name?')).toEqual({ body: [{ name: 'one' }, { name: 'two' }] });
    expect(sent('.body[0]')).toEqual({ body: envelope.body });
    expect(sent('(.body | first | .id), (.body | last | .name)')).toEqual({ body: [{ id: 1, name: 'one' }, { id: 2, name: 'two' }] });
  });

  it('iterating keeps every element (and every member of an object), emptied when unread', () => {
    expect(sent('.body[] | 1')).toEqual({ body: [{}, {}] });
    expect(sent('[.body[] | .tags[] | 1]')).toEqual({ body: [{ tags: ['a', 'b'] }, { tags: [] }] });
    expect(sent('.headers[] | length')).toEqual({ headers: envelope.headers });
    expect(sent('.body[0][] | 1')).toEqual({ body: [{ id: 1, name: 'one', active: true, tags: [], owner: {} }, { id: 2, name: 'two', active: false, tags: [], owner: null }] });
  });

  it('builtins see their input whole, except the ones with a rule', () => {
    expect(sent('.body | length')).toEqual({ body: envelope.body });
    expect(sent('.headers | keys')).toEqual({ headers: envelope.headers });
    expect(sent('.body | map(.id)')).toEqual({ body: [{ id: 1 }, { id: 2 }] });
    expect(sent('first(.body[] | select(.active)) | .name')).toEqual({ body: [{ active: true, name: 'one' }, { active: false, name: 'two' }] });
    expect(sent('limit(1; .body[] | .owner | objects | .id)')).toEqual({ body: [{ owner: { id: 7 } }, { owner: null }] });
    expect(sent('.body[] | select(.tags | length > 0) | .id')).toEqual({ body: [{ id: 1, tags: ['a', 'b'] }, { id: 2, tags: [] }] });
  });

  it('constructions, strings, alternatives, conditions, computed indexes', () => {
    expect(sent('{s: .status, n: .body[0].name}')).toEqual({ status: 200, body: [{ name: 'one' }, { name: 'two' }] });
    expect(sent('"\\(.status): \\(.links.next)"')).toEqual({ status: 200, links: { next: 'https://api.test/?page=2' } });
    expect(sent('@base64 "\\(.proto)"')).toEqual({ proto: 'HTTP/1.1' });
    expect(sent('.missing // .status')).toEqual({ status: 200 });
    expect(sent('if .status == 200 then .proto elif .links then 1 else .headers end')).toEqual({ status: 200, proto: 'HTTP/1.1', links: envelope.links, headers: envelope.headers });
    expect(sent('.body[.status - 200]')).toEqual({ status: 200, body: envelope.body });
    expect(sent('.body[1:] | length')).toEqual({ body: envelope.body });
    expect(sent('[.status, (.proto | ascii_downcase)] | .[0]')).toEqual({ status: 200, proto: 'HTTP/1.1' });
    expect(sent('1, "x", $__loc__, empty')).toEqual({});
  });

  it('anything it does not read means the whole input', () => {
    for (const program of [
      '. as $e | $e.status',
      'reduce .body[] as $i (0; . + $i.id)',
      'def f: .status; f',
      '.status = 1',
      '.status |= 1',
      '.body[0].id += 1',
      '.x //= 1',
      'try .status catch .proto',
      'label $out | .status',
      '.status ?// 1',
      '# a comment\n.status',
      '$x',
      'import "m" as m; .status',
      'm::f',
      '..',
      '.. | .id?',
      '.body | | .id',
      '.[',
      '{a:',
      '"\\(',
      '.status "x"',
      `${'('.repeat(50_000)}.status${')'.repeat(50_000)}`, // deeper than the analysis' stack
    ]) {
      expect(inputDemand(program), program.slice(0, 40)).toBe('all');
    }
  });

  it('a member named __proto__ stays a member', () => {
    const value = JSON.parse('{"__proto__": {"a": 1, "b": 2}, "c": 3}') as unknown;
    expect(toJsonText(project(value, inputDemand('.["__proto__"].a')))).toBe('{"__proto__":{"a":1}}');
  });
});

describe('projection never changes what jq says', () => {
  let engine: JqEngine;
  beforeAll(async () => {
    engine = await JqEngine.create();
  });

  const same = (program: string, value: unknown): void => {
    const whole = engine.run(program, toJsonText(value));
    const projected = engine.run(program, toJsonText(project(value, inputDemand(program))));
    expect(projected, program).toEqual(whole);
  };

  const corpus: [DocumentName, string][] = [
    ...(Object.keys(documents) as DocumentName[]).flatMap((name) => [...anyDocument, ...Object.values(forDocument).flat()].map((program): [DocumentName, string] => [name, program])),
    ...[...compileErrors, ...runtimeErrors].map((program): [DocumentName, string] => ['shop', program]),
  ];

  it('over the differential corpus, every filter on every document (errors included)', () => {
    let projected = 0;
    for (const [name, program] of corpus) {
      same(program, documents[name]);
      if (inputDemand(program) !== 'all') projected++;
    }
    // The analysis reads most of the corpus: a check that it is exercised, not a limit.
    expect(projected).toBeGreaterThan(corpus.length / 2);
  }, 60_000);

  it('over random documents', () => {
    const programs = [
      '.a',
      '.a.b',
      '.[0]',
      '.[] | .a?',
      '[.[]?.b?]',
      '.a[]?',
      '[.. | numbers]',
      '{x: .a, y: .b.c}',
      '.a // .b',
      '[.[]? | select(.a?) | .b?]',
      'map(.a?)?',
      'first(.[]?)',
      '.a | length?',
      '.a | keys?',
      '.a + .b',
      '"\\(.a)"',
      'if .a then .b else .c end',
      '.a | objects | .b',
      '.[]? | 1',
      '.a[1:]?',
      '[.b?, .a?] | tojson',
      'limit(2; .[]?) | .c?',
    ];
    const key = fc.constantFrom('a', 'b', 'c', '__proto__');
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('array'), tie('object')),
      leaf: fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -5, max: 5 }), fc.constantFrom('', 'x', 'a b')),
      array: fc.array(tie('tree'), { maxLength: 3 }),
      object: fc.dictionary(key, tie('tree'), { maxKeys: 3 }),
    }));
    fc.assert(
      fc.property(tree, fc.constantFrom(...programs), (value, program) => {
        same(program, value);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
