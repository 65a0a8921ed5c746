/**
 * What the user gave for this request (-H, -q, the URL's own query, OKAPI_HEADER, OKAPI_QUERY, a
 * command's header, query or cookie parameter) beats what an auth plugin answers for the same
 * header, query name or cookie name, as flags beat profile defaults (SPEC "precedence"). The
 * plugin is still asked: only it knows what it sets. Only -v says which was sent (curl and HTTPie
 * send a typed header over their own without a word), as -v masks the value that would tell.
 */
import type { AuthOutput, FieldUpdate, WireRequest } from '../../sdk/types.js';
import { cookieLine, cookiePairsOf } from '../../sdk/shared/cookie-pairs.js';
import type { AuthPlan } from './auth-phase.js';
import type { FieldLayer } from './request-description.js';

/** Each name given by hand with where it was given (the highest layer's); header names lower-case, Cookie by cookie name. */
export interface GivenByHand {
  headers: Map<string, string>;
  query: Map<string, string>;
  cookies: Map<string, string>;
  note?: (message: string) => void;
}

export function givenByHand(headerLayers: FieldLayer[], queryLayers: FieldLayer[], note: ((message: string) => void) | undefined): GivenByHand {
  const given: GivenByHand = { headers: new Map(), query: new Map(), cookies: new Map(), ...(note ? { note } : {}) };
  for (const { source, entries } of headerLayers) {
    for (const [name, value] of entries) {
      if (name.toLowerCase() !== 'cookie') given.headers.set(name.toLowerCase(), source);
      else for (const [cookie] of cookiePairsOf([value])) given.cookies.set(cookie, source);
    }
  }
  for (const { source, entries } of queryLayers) for (const [name] of entries) given.query.set(name, source);
  return given;
}

/**
 * `answer` with the request's own value for each name given by hand: sent as the user gave it, and
 * still secret for -v, as everything an auth sets is.
 */
export function keepGiven(answer: AuthOutput, request: WireRequest, given: GivenByHand, auth: AuthPlan): AuthOutput {
  const kept = new Set<string>();
  // Whether the answer still sends something of the auth's own.
  const own = { sends: false };
  const field = (value: FieldUpdate[string], source: string | undefined, current: string[], what: string): FieldUpdate[string] => {
    if (source === undefined) {
      own.sends = true;
      return value;
    }
    kept.add(`the ${what} you gave (${source})`);
    return current.length > 0 ? current : null;
  };
  const headers: FieldUpdate = {};
  for (const [name, value] of Object.entries(answer.headers ?? {})) {
    const current = Object.entries(request.headers).flatMap(([n, values]) => (n.toLowerCase() === name.toLowerCase() ? values : []));
    headers[name] =
      name.toLowerCase() === 'cookie' && given.cookies.size > 0
        ? keptCookies(value, current, given, kept, own)
        : field(value, given.headers.get(name.toLowerCase()), current, name);
  }
  const query: FieldUpdate = {};
  const answeredQuery = Object.entries(answer.query ?? {});
  const sentQuery = answeredQuery.length > 0 ? new URL(request.url).searchParams : undefined;
  for (const [name, value] of answeredQuery) {
    query[name] = field(value, given.query.get(name), sentQuery!.getAll(name), `query parameter ${name}`);
  }
  if (kept.size === 0) return answer;
  const owner = auth.credential !== undefined ? `credential ${auth.credential} (${auth.type}) of profile ${auth.profile}` : `profile ${auth.profile}'s ${auth.type} credential`;
  given.note?.(`sending ${[...kept].join(', ')}, not ${owner}`);
  // With nothing of the auth's sent, a 401 answers the user's credential: renewing the auth's would change nothing.
  return { headers, query, ...(own.sends && answer.renewable ? { renewable: true } : {}) };
}

/** The answer's Cookie line with each cookie given by hand as the request has it. */
function keptCookies(value: FieldUpdate[string], current: string[], given: GivenByHand, kept: Set<string>, own: { sends: boolean }): string | null {
  const mine = cookiePairsOf(current).filter(([name]) => given.cookies.has(name));
  const answered = cookiePairsOf(value === null ? [] : Array.isArray(value) ? value : [value]);
  for (const [name, pair] of answered) {
    if (!given.cookies.has(name)) own.sends = true;
    else if (!mine.some(([, typed]) => typed === pair)) kept.add(`the cookie ${name} you gave (${given.cookies.get(name)})`);
  }
  const line = cookieLine([...mine, ...answered.filter(([name]) => !given.cookies.has(name))]);
  return line === '' ? null : line;
}
