/**
 * Auth material as `api auth get | inspect` print it, curl-friendly: `Name: value` per header
 * value, `?name=value` per query parameter. Redacted, every value an auth set is masked (they are
 * all secrets, whatever their names), keeping only what says how it is used: an Authorization
 * scheme word (`Bearer ***`) and cookie names (`Cookie: session=***`).
 */
import { MASK } from '../../sdk/shared/redact.js';
import type { ResolvedCredential } from '../../sdk/services.js';

export function headerLines(credential: ResolvedCredential, redact: boolean): string[] {
  return Object.entries(credential.headers).flatMap(([name, values]) => values.map((value) => `${name}: ${redact ? maskHeaderValue(name, value) : value}`));
}

export function queryLines(credential: ResolvedCredential, redact: boolean): string[] {
  return Object.entries(credential.query).flatMap(([name, values]) =>
    values.map((value) => `?${encodeURIComponent(name)}=${redact ? MASK : encodeURIComponent(value)}`),
  );
}

function maskHeaderValue(name: string, value: string): string {
  if (name.toLowerCase() === 'cookie') return value.split(/;\s*/).map((pair) => `${pair.split('=', 1)[0]}=${MASK}`).join('; ');
  const scheme = /^(Bearer|Basic|Token|Digest|DPoP|Negotiate)\s+\S/i.exec(value);
  return scheme ? `${scheme[1]} ${MASK}` : MASK;
}
