/**
 * What the user pasted at the prompt of `--okapi-no-browser`: the whole address the provider
 * redirected the browser to (its query is the authorization response, state included), or only
 * the code shown on it. A bare code carries no state to check: it is taken because the user copied
 * it from the page they were sent to, and PKCE still binds it to this sign-in (docs/design/030).
 */
import { OkapiError } from '../../sdk/shared/errors.js';

export interface PastedResponse {
  parameters: URLSearchParams;
  /** A code alone: no `state` or `iss` to check. */
  bare: boolean;
}

/** A code is printable ASCII without spaces (RFC 6749 Appendix A.11, VSCHAR). */
const BARE_CODE = /^[\x21-\x7e]+$/;

export function pastedResponse(text: string, owner: string): PastedResponse {
  const pasted = text.trim();
  const hint = 'paste the full address the browser was sent to after signing in (http://127.0.0.1:…?code=…&state=…), or the code alone';
  if (pasted === '') throw new OkapiError(`${owner}: nothing was pasted`, { hint });
  if (/^https?:\/\//i.test(pasted)) {
    if (!URL.canParse(pasted)) throw new OkapiError(`${owner}: the pasted address is not a URL`, { hint });
    const parameters = new URL(pasted).searchParams;
    if (!parameters.has('code') && !parameters.has('error')) {
      throw new OkapiError(`${owner}: the pasted address has neither a code nor an error in its query`, { hint });
    }
    return { parameters, bare: false };
  }
  if (!BARE_CODE.test(pasted)) throw new OkapiError(`${owner}: what was pasted is neither an address nor a code`, { hint });
  return { parameters: new URLSearchParams({ code: pasted }), bare: true };
}
