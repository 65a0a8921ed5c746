/**
 * URLs as they may appear in messages: user information and credential-looking query values are
 * replaced by `***`, so an error report never carries a secret.
 */
import { isCredentialHeader } from './credential-headers.js';

const MASK = '***';

/** Query parameters that carry secrets without looking like a credential header name. */
const EXTRA_PARAMS = new Set(['sig', 'code', 'pwd', 'jwt', 'assertion', 'client_assertion', 'otp', 'pin']);

export function isCredentialParam(name: string): boolean {
  const lower = name.toLowerCase();
  return EXTRA_PARAMS.has(lower) || isCredentialHeader(lower);
}

export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : new URL(url.href);
  } catch {
    return typeof url === 'string' ? redactUserinfoLoosely(url) : MASK;
  }
  let userinfo = '';
  if (parsed.username !== '' || parsed.password !== '') {
    userinfo = `${MASK}@`;
    parsed.username = '';
    parsed.password = '';
  }
  let search = parsed.search;
  if (search.length > 1) {
    // Rebuilt by hand so the parameters keep their original spelling and order.
    search =
      '?' +
      search
        .slice(1)
        .split('&')
        .map((pair) => {
          const eq = pair.indexOf('=');
          const rawName = eq < 0 ? pair : pair.slice(0, eq);
          let name: string;
          try {
            name = decodeURIComponent(rawName.replace(/\+/g, ' '));
          } catch {
            name = rawName;
          }
          return eq >= 0 && isCredentialParam(name) ? `${rawName}=${MASK}` : pair;
        })
        .join('&');
  }
  const base = `${parsed.protocol}//${userinfo}${parsed.host}${parsed.pathname}`;
  return `${base}${search}${parsed.hash}`;
}

/** Every URL inside free text (an error message from a library, say) redacted. */
export function redactText(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi, (url) => redactUrl(url));
}

function redactUserinfoLoosely(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, `$1${MASK}@`);
}
