/** RFC 8288 Link header parsing: examples from the RFC, edge cases, and properties (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linksWithRel, parseLinkHeader } from '../../../sdk/shared/link-header.js';

describe('parseLinkHeader', () => {
  it.each([
    ['</openapi.json>; rel="service-desc"', [{ target: '/openapi.json', rels: ['service-desc'] }]],
    ['</openapi.json>; rel=service-desc', [{ target: '/openapi.json', rels: ['service-desc'] }]],
    ['<https://x.test/a>; rel="describedby service-desc"', [{ target: 'https://x.test/a', rels: ['describedby', 'service-desc'] }]],
    ['<a>; rel=next, <b>; rel=prev', [{ target: 'a', rels: ['next'] }, { target: 'b', rels: ['prev'] }]],
    ['<a>; title="x, y; z"; rel="next", <b>; rel=last', [{ target: 'a', rels: ['next'] }, { target: 'b', rels: ['last'] }]],
    ['<a,b>; rel=next', [{ target: 'a,b', rels: ['next'] }]],
    ['<a>; REL="Service-Desc"', [{ target: 'a', rels: ['service-desc'] }]],
    ['<a>; rel=first; rel=second', [{ target: 'a', rels: ['first'] }]],
    ['<a>;rel=next;type="text/html"', [{ target: 'a', rels: ['next'] }]],
    ['  <a> ;  rel = "next"  ', [{ target: 'a', rels: ['next'] }]],
    ['<a>; rel="x\\"y"', [{ target: 'a', rels: ['x"y'] }]],
    ['<a>', [{ target: 'a', rels: [] }]],
    ['', []],
    ['garbage, <b>; rel=next', [{ target: 'b', rels: ['next'] }]],
    ['<a> junk; rel=next, <b>; rel=prev', [{ target: 'b', rels: ['prev'] }]],
    ['<unterminated; rel=next', []],
  ])('%s', (header, expected) => {
    expect(parseLinkHeader(header).map(({ target, rels }) => ({ target, rels }))).toEqual(expected);
  });

  it('keeps parameters, lower-cased names, first occurrence, valueless ones as ""', () => {
    const [link] = parseLinkHeader('<x>; Rel=next; TYPE="application/json"; hreflang=en; type=ignored; crossorigin');
    expect(link!.params).toEqual({ rel: 'next', type: 'application/json', hreflang: 'en', crossorigin: '' });
  });

  it('reads several header lines in order', () => {
    expect(linksWithRel(parseLinkHeader(['<a>; rel=describedby', '<b>; rel=service-desc, <c>; rel="describedby"']), 'describedby')).toEqual(['a', 'c']);
  });

  const token = fc.stringMatching(/^[a-z][a-z0-9.-]{0,10}$/);
  const quotedText = fc.string({ maxLength: 12 }).filter((s) => !/[\u0000-\u001f]/.test(s));
  const link = fc.record({
    target: fc.stringMatching(/^[^<>\s]{0,20}$/),
    rels: fc.uniqueArray(token, { minLength: 1, maxLength: 3 }),
    title: fc.option(quotedText, { nil: undefined }),
  });

  it('round-trips what a server writes (quoted values with commas, semicolons and escapes)', () => {
    fc.assert(
      fc.property(fc.array(link, { maxLength: 5 }), fc.boolean(), (links, quoteRel) => {
        const header = links
          .map((l) => {
            const rel = l.rels.length === 1 && !quoteRel ? l.rels[0] : `"${l.rels.join(' ')}"`;
            const title = l.title === undefined ? '' : `; title="${l.title.replace(/["\\]/g, '\\$&')}"`;
            return `<${l.target}>${title}; rel=${rel}`;
          })
          .join(', ');
        const parsed = parseLinkHeader(header);
        expect(parsed.map((p) => p.target)).toEqual(links.map((l) => l.target));
        expect(parsed.map((p) => p.rels)).toEqual(links.map((l) => l.rels));
        expect(parsed.map((p) => p.params.title)).toEqual(links.map((l) => l.title));
      }),
    );
  });

  it('never throws on arbitrary input, and finds only targets written between < and >', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const parsed of parseLinkHeader(text)) expect(text).toContain(`<${parsed.target}`.trimEnd());
      }),
      { numRuns: 500 },
    );
  });
});
