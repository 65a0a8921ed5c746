import { describe, expect, it } from 'vitest';
import { callbackPage } from '../../../../plugins-builtin/oauth-authorization-code/callback-page.js';

describe('the page the loopback listener shows', () => {
  it('says the sign-in worked', () => {
    expect(callbackPage({ kind: 'signed-in' })).toContain('<h1>Signed in</h1>');
  });

  it("quotes a failure's words HTML-escaped: the provider's words come from a query anyone can write", () => {
    const page = callbackPage({ kind: 'failed', problem: `access_denied (<script>alert("x")</script> & 'more')` });
    expect(page).toContain('<h1>Sign-in failed</h1>');
    expect(page).toContain('access_denied (&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;more&#39;)');
    expect(page).not.toContain('<script>');
  });

  it('tells a browser that arrives in --okapi-no-browser mode to paste its address', () => {
    expect(callbackPage({ kind: 'paste' })).toContain("paste it at okapi&#39;s prompt");
  });
});
