import { describe, expect, it } from 'vitest';
import { escapeTemplate, expandTemplate, TemplateProblem } from '../../../../sdk/shared/template.js';

const values: Record<string, string> = { tenant: 'acme', region: 'eu-1', 'org.id': '42' };
const lookup = (name: string) => values[name];

describe('expandTemplate', () => {
  it('fills every {name} from the lookup', () => {
    expect(expandTemplate('Bearer {tenant}-{region}/{org.id}', lookup)).toBe('Bearer acme-eu-1/42');
  });

  it('leaves text without braces as it is', () => {
    expect(expandTemplate('plain value', lookup)).toBe('plain value');
  });

  it('writes {{ and }} as literal braces, never as templates', () => {
    expect(expandTemplate('{{"a":{tenant}}}', lookup)).toBe('{"a":acme}');
    expect(expandTemplate('{{tenant}}', lookup)).toBe('{tenant}');
  });

  it('does not expand a value it inserted', () => {
    expect(expandTemplate('{x}', (name) => (name === 'x' ? '{tenant}' : undefined))).toBe('{tenant}');
  });

  it('refuses an unknown name, saying which', () => {
    let problem: unknown;
    try {
      expandTemplate('x-{missing}', lookup);
    } catch (error) {
      problem = error;
    }
    expect(problem).toBeInstanceOf(TemplateProblem);
    expect((problem as TemplateProblem).unknownName).toBe('missing');
    expect((problem as Error).message).toBe('the template {missing} names no param');
  });

  it.each([
    ['an unclosed brace', 'a{tenant', /never closed/],
    ['a lone closing brace', 'a}b', /closes no template/],
    ['an empty template', 'a{}b', /must hold a name/],
    ['a name with a space', '{a b}', /must hold a name/],
    ['JSON typed without escaping', '{"a":1}', /must hold a name/],
  ])('refuses %s, without quoting the text', (_what, text, message) => {
    expect(() => expandTemplate(text, lookup)).toThrow(message);
    try {
      expandTemplate(text, lookup);
    } catch (error) {
      expect((error as Error).message).not.toContain(text);
    }
  });
});

describe('escapeTemplate', () => {
  it('gives a template that expands to the text as typed', () => {
    for (const text of ['p{ss}', '{{', '}', 'plain']) expect(expandTemplate(escapeTemplate(text), lookup)).toBe(text);
  });
});
