import { describe, expect, it } from 'vitest';
import { pastedResponse } from '../../../../plugins-builtin/oauth-authorization-code/authorization-response.js';

const owner = 'the oauth-authorization-code auth of API a (profile default)';

describe('a pasted authorization response', () => {
  it('takes the query of a full redirect address, state and issuer included', () => {
    const pasted = pastedResponse('  http://127.0.0.1:5000/callback?code=abc-123&state=s1&iss=https%3A%2F%2Fidp.test\n', owner);
    expect(pasted.bare).toBe(false);
    expect(Object.fromEntries(pasted.parameters)).toEqual({ code: 'abc-123', state: 's1', iss: 'https://idp.test' });
  });

  it("takes a redirect carrying the provider's refusal", () => {
    const pasted = pastedResponse('http://127.0.0.1:5000/callback?error=access_denied&state=s1', owner);
    expect(pasted.parameters.get('error')).toBe('access_denied');
  });

  it('takes a code alone, which has no state to check', () => {
    const pasted = pastedResponse('Zx_9.~-abc=', owner);
    expect(pasted).toEqual({ parameters: new URLSearchParams({ code: 'Zx_9.~-abc=' }), bare: true });
  });

  it.each([
    ['', 'nothing was pasted'],
    ['   ', 'nothing was pasted'],
    ['http://127.0.0.1:5000/callback?state=s1', 'the pasted address has neither a code nor an error in its query'],
    ['http://[bad/callback?code=1', 'the pasted address is not a URL'],
    ['two words', 'what was pasted is neither an address nor a code'],
    ['cod\u00e9', 'what was pasted is neither an address nor a code'],
  ])('refuses %j', (text, message) => {
    expect(() => pastedResponse(text, owner)).toThrow(`${owner}: ${message}`);
  });

  it('does not quote what was pasted in an error', () => {
    expect(() => pastedResponse('secret-looking words', owner)).toThrow(expect.objectContaining({ message: expect.not.stringContaining('secret-looking') }));
  });
});
