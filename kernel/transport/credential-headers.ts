/**
 * Which header names carry credentials. Redirects drop these when the origin changes, and the
 * redaction code masks their values. A false positive costs little (a header not forwarded to
 * another origin, a value masked in diagnostics); a false negative leaks a secret, so the predicate
 * leans towards "credential".
 */

/** Always credentials, whatever their spelling suggests. */
const EXACT = new Set(['authorization', 'proxy-authorization', 'cookie', 'cookie2', 'set-cookie', 'set-cookie2']);

/** Names that look like credentials but are not (nonces and keys that identify, not authorise). */
const NOT_CREDENTIALS = new Set(['idempotency-key', 'sec-websocket-key', 'www-authenticate', 'proxy-authenticate']);

/** A word of the name containing one of these marks a credential: x-auth-token, x-csrftoken, x-api-secret… */
const MARKERS = ['token', 'secret', 'pass', 'credential', 'session', 'cookie', 'jwt', 'dpop', 'bearer'];

export function isCredentialHeader(name: string): boolean {
  const lower = name.trim().toLowerCase();
  if (EXACT.has(lower)) return true;
  if (NOT_CREDENTIALS.has(lower)) return false;
  const words = lower.split(/[-_.\s]+/).filter((word) => word !== '');
  for (const word of words) {
    if (MARKERS.some((marker) => word.includes(marker))) return true;
    // x-auth, x-auth-user, x-authorization, x-authz… but not "author".
    if (word.startsWith('auth') && !word.startsWith('author')) return true;
    if (word.startsWith('authoriz')) return true;
    // x-sig, x-hub-signature-256, signed-headers.
    if (word.startsWith('sig')) return true;
    // api-key, apikey, x-api-keys, ocp-apim-subscription-key, x-key-id, private-key…
    if (/keys?$/.test(word)) return true;
  }
  return false;
}
