import { describe, expect, it } from 'vitest';
import { linksOf } from '../../../kernel/pipeline/response-links.js';

describe('linksOf', () => {
  it('maps each relation to its target, resolved against the response URL', () => {
    const links = linksOf(['</items?page=2>; rel="next", <https://other.example/p1>; rel=first', '<?page=9>; rel="last prev"'], 'https://api.example/items?page=1');
    expect(links).toEqual({
      next: 'https://api.example/items?page=2',
      first: 'https://other.example/p1',
      last: 'https://api.example/items?page=9',
      prev: 'https://api.example/items?page=9',
    });
  });

  it('keeps the first link of a relation named twice', () => {
    expect(linksOf(['<a>; rel=next, <b>; rel=next'], 'http://h/x/')).toEqual({ next: 'http://h/x/a' });
  });

  it('is empty without a Link header, and skips what cannot be parsed or resolved', () => {
    expect(linksOf(undefined, 'http://h/')).toEqual({});
    expect(linksOf(['<<>>;;rel=="next,,<', '<http://[bad>; rel=up'], 'http://h/')).toEqual({});
  });

  it('keeps a relation named like an Object.prototype key as a plain entry', () => {
    const links = linksOf(['</p>; rel=__proto__'], 'http://h/');
    expect(Object.keys(links)).toEqual(['__proto__']);
    expect(links.__proto__).toBe('http://h/p');
  });
});
