/**
 * THE rule for which names carry secrets, used wherever okapi shows or hands on a header, query
 * parameter or auth param: -v and the --okapi-print transcript, error messages, `api inspect`, and
 * the request and params given to a plugin without `needs_auth_secrets`. The README ("Secrets")
 * states it for users; keep the two in step.
 *
 * A name is a credential when one of its words (split at `-`, `_`, `.`, spaces and lower→upper
 * case changes, compared in lower case):
 * - contains token, secret, credential, session, cookie, jwt, dpop, bearer, assertion, password,
 *   passwd, passphrase or passcode (x-csrftoken, X-Session-Id, X-JWT, DPoP);
 * - starts with auth but is not author… unless authoriz… (Authorization, Authentication, X-Auth);
 * - ends with key or keys (Api-Key, apikey, Ocp-Apim-Subscription-Key, Key-Id);
 * - is sig, sign, signed or signing, ends with sig, or contains signature (X-Sig, Signature-Input);
 * - is one of pass, pwd, pin, otp, totp, pat, code (X-Access-Code, `?code=` of OAuth).
 * Exceptions, names that match but are known not to be secrets: Idempotency-Key,
 * Sec-WebSocket-Key, WWW-Authenticate, Proxy-Authenticate, Access-Control-Allow-Credentials.
 *
 * A false positive costs little (a value masked in a diagnostic or kept from a plugin); a false
 * negative leaks a secret, so the rule leans towards "credential": X-Country-Code and Key-Id are
 * masked too.
 */

const NOT_CREDENTIALS = new Set(['idempotency-key', 'sec-websocket-key', 'www-authenticate', 'proxy-authenticate', 'access-control-allow-credentials']);

const CONTAINED = ['token', 'secret', 'credential', 'session', 'cookie', 'jwt', 'dpop', 'bearer', 'assertion', 'password', 'passwd', 'passphrase', 'passcode'];

const WHOLE = new Set(['pass', 'pwd', 'pin', 'otp', 'totp', 'pat', 'code', 'sig', 'sign', 'signed', 'signing']);

export function isCredentialName(name: string): boolean {
  const trimmed = name.trim();
  const lower = trimmed.toLowerCase();
  if (NOT_CREDENTIALS.has(lower)) return false;
  const words = (text: string) => text.toLowerCase().split(/[-_.:\s]+/).filter((word) => word !== '');
  // "DPoP" is one word, "sessionId" two: both spellings are looked at.
  const candidates = new Set([...words(trimmed), ...words(trimmed.replace(/([a-z\d])([A-Z])/g, '$1 $2'))]);
  for (const word of candidates) if (isCredentialWord(word)) return true;
  return false;
}

/** An auth param whose value is a secret: a credential's name, or the api-key type's `value`. */
export function isSecretParam(name: string): boolean {
  return isCredentialName(name) || name.toLowerCase() === 'value';
}

function isCredentialWord(word: string): boolean {
  if (CONTAINED.some((marker) => word.includes(marker)) || WHOLE.has(word)) return true;
  if (word.startsWith('auth') && (!word.startsWith('author') || word.startsWith('authoriz'))) return true;
  return /keys?$/.test(word) || word.endsWith('sig') || word.includes('signature');
}
