import { describe, expect, it } from 'vitest';
import { OUTLINE_LIMITS, schemaOutline, type Outline } from '../../../../../plugins-builtin/operations/command-line/schema-outline.js';
import type { Schema } from '../../../../../sdk/shared/operation-detail-format.js';

/** The outline as `key  info` lines, indented by level: easy to read in an expectation. */
function text(outline: Outline): string[] {
  return outline.lines.map((l) => `${'  '.repeat(l.level)}${l.key}  ${l.info}${l.description ? ` — ${l.description}` : ''}`.trimEnd());
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const defs = (schemas: Record<string, Schema>) => Object.fromEntries(Object.entries(schemas).map(([k, v]) => [`#/components/schemas/${k}`, v]));

describe('schemaOutline', () => {
  it('lists fields by their shorthand path, with types, required marks, enums, formats and descriptions', () => {
    const schema = {
      type: 'object',
      required: ['name'],
      properties: {
        id: { type: 'string', readOnly: true },
        name: { type: 'string', description: 'What to call it\nand more' },
        when: { type: 'string', format: 'date-time' },
        size: { type: 'integer', enum: [1, 2, 3], default: 2 },
        kind: { const: 'pet' },
        old: { type: 'boolean', deprecated: true },
        'odd key': { type: ['number', 'null'] },
        grid: { type: 'array', items: { type: 'array', items: { type: 'number' } }, description: 'Rows of cells' },
        meta: { type: 'object', additionalProperties: true },
        anything: {},
      },
    };
    expect(text(schemaOutline(schema, {}))).toEqual([
      'name  string, required — What to call it',
      'when  string (date-time)',
      'size  one of: 1 | 2 | 3, default 2',
      'kind  always pet',
      'old  boolean, deprecated',
      '"odd key"  number or null',
      'grid[][]  number — Rows of cells',
      'meta  object',
      'meta.<key>  any',
      'anything  any',
    ]);
  });

  it('merges allOf parts, following their $refs, and names the schema an object came from', () => {
    const definitions = defs({
      Base: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      Owner: { allOf: [ref('Base'), { properties: { name: { type: 'string' } }, required: ['name'] }] },
    });
    expect(text(schemaOutline({ type: 'object', properties: { owner: ref('Owner') } }, definitions))).toEqual([
      'owner  object (Owner)',
      'owner.id  integer, required',
      'owner.name  string, required',
    ]);
  });

  it('lists oneOf and anyOf alternatives under their names', () => {
    const definitions = defs({ Cat: { type: 'object', properties: { meows: { type: 'boolean' } } } });
    const schema = { anyOf: [ref('Cat'), { type: 'object', title: 'Dog', properties: { barks: { type: 'boolean' } } }, { type: 'string' }, { type: 'object' }] };
    expect(text(schemaOutline(schema, definitions))).toEqual([
      '(body)  any of:',
      '  - Cat',
      '    meows  boolean',
      '  - Dog',
      '    barks  boolean',
      '  - string',
      '    (body)  string',
      '  - option 4',
    ]);
  });

  it('names a recursive schema instead of expanding it again, directly or through another', () => {
    const definitions = defs({
      Node: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: ref('Node') }, owner: ref('Person') } },
      Person: { type: 'object', properties: { name: { type: 'string' }, tree: ref('Node'), friend: ref('Person') } },
    });
    expect(text(schemaOutline(ref('Node'), definitions))).toEqual([
      'value  string',
      'children[]  Node (recursive: the same shape as the body)',
      'owner  object (Person)',
      'owner.name  string',
      'owner.tree  Node (recursive: the same shape as the body)',
      'owner.friend  Person (recursive: the same shape as owner)',
    ]);
  });

  it('says when a $ref leads nowhere, and survives a loop of $refs and of allOf', () => {
    const definitions = defs({ A: ref('B'), B: ref('A'), C: { allOf: [ref('D')], properties: { c: { type: 'string' } } }, D: { allOf: [ref('C')] } });
    expect(text(schemaOutline({ properties: { gone: ref('Missing'), loop: ref('A'), c: ref('C') } }, definitions))).toEqual([
      'gone  Missing (its definition is missing from the description)',
      "loop  A (its $refs only lead to each other)",
      'c  object (C)',
      'c.c  string',
    ]);
  });

  it('stops descending at the depth limit and says so', () => {
    let schema: Schema = { type: 'string' };
    for (let i = 0; i < 50; i++) schema = { type: 'object', properties: { a: schema } };
    const outline = schemaOutline(schema, {});
    const last = outline.lines.at(-1)!;
    expect(outline.lines).toHaveLength(OUTLINE_LIMITS.maxDepth);
    expect(last.key).toBe(Array(OUTLINE_LIMITS.maxDepth).fill('a').join('.'));
    expect(last.info).toBe('object, its fields are not shown here');
  });

  it('makes at most its line limit for a wide schema, and says it cut', () => {
    const properties = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`field${i}`, { type: 'string' }]));
    const outline = schemaOutline({ type: 'object', properties }, {});
    expect(outline.lines).toHaveLength(OUTLINE_LIMITS.maxLines);
    expect(outline.truncated).toBe(true);
  });

  it('looks at a bounded number of schemas when alternatives fan out at every level', () => {
    // 2^40 paths through the alternatives if each were expanded.
    const schemas: Record<string, Schema> = { L40: { type: 'string' } };
    for (let i = 0; i < 40; i++) schemas[`L${i}`] = { oneOf: [ref(`L${i + 1}`), { allOf: [ref(`L${i + 1}`)] }] };
    const outline = schemaOutline(ref('L0'), defs(schemas));
    expect(outline.lines.length).toBeLessThanOrEqual(OUTLINE_LIMITS.maxLines);
    expect(outline.truncated).toBe(true);
  });
});
