/** An auth answer against what the user gave by hand: the user's header, query parameter and cookie are kept, and -v is told. */
import { describe, expect, it } from 'vitest';
import { givenByHand, keepGiven } from '../../../kernel/pipeline/hand-given.js';
import type { AuthPlan } from '../../../kernel/pipeline/auth-phase.js';
import type { WireRequest } from '../../../sdk/types.js';
import { planRequest } from '../../../kernel/pipeline/plan-request.js';

const bearer: AuthPlan = { type: 'bearer', params: {}, templateParams: [], paramsPath: 'apis.kb.profiles.default.auth.params', api: 'kb', profile: 'default' };
const binding: AuthPlan = { ...bearer, type: 'api-key', credential: 'key' };
const request = (headers: Record<string, string[]>, url = 'http://127.0.0.1:9/items'): WireRequest => ({ method: 'GET', url, headers });

function given(headers: [string, string][], query: [string, string][] = []) {
  const notes: string[] = [];
  const hand = givenByHand([{ source: 'OKAPI_HEADER', entries: [] }, { source: '-H', entries: headers }], [{ source: 'the URL', entries: query }], (note) => notes.push(note));
  return { hand, notes };
}

describe('keepGiven', () => {
  it("puts the request's own value in place of the auth's for a header given by hand, saying which was sent", () => {
    const { hand, notes } = given([['authorization', 'Bearer READONLY']]);
    const answer = keepGiven({ headers: { Authorization: 'Bearer ADMIN', 'X-Other': 'o' } }, request({ authorization: ['Bearer READONLY'] }), hand, bearer);
    expect(answer).toEqual({ headers: { Authorization: ['Bearer READONLY'], 'X-Other': 'o' }, query: {} });
    expect(notes).toEqual(["sending the Authorization you gave (-H), not profile default's bearer credential"]);
  });

  it("keeps a query parameter given by hand, and drops the answer's renewal when nothing of the auth's is left", () => {
    const { hand, notes } = given([], [['api_key', 'MINE']]);
    const answer = keepGiven({ query: { api_key: 'PROFKEY' }, renewable: true }, request({}, 'http://127.0.0.1:9/items?api_key=MINE'), hand, binding);
    expect(answer).toEqual({ headers: {}, query: { api_key: ['MINE'] } });
    expect(notes).toEqual(['sending the query parameter api_key you gave (the URL), not credential key (api-key) of profile default']);
  });

  it("keeps the cookies given by hand in the auth's Cookie line and the auth's own other cookies", () => {
    const { hand, notes } = given([['Cookie', 'sid=mine; other=1']]);
    const answer = keepGiven({ headers: { Cookie: 'other=1; sid=prof; k=auth' } }, request({ Cookie: ['sid=mine; other=1'] }), hand, binding);
    expect(answer.headers).toEqual({ Cookie: 'sid=mine; other=1; k=auth' });
    expect(notes).toEqual(['sending the cookie sid you gave (-H), not credential key (api-key) of profile default']);
  });

  it('returns the answer as it is, with no note, when it sets nothing given by hand', () => {
    const { hand, notes } = given([['Cookie', 'other=1']], [['page', '2']]);
    const answer = { headers: { Cookie: 'other=1; sid=prof' }, query: { api_key: 'K' }, renewable: true };
    expect(keepGiven(answer, request({ Cookie: ['other=1'] }), hand, bearer)).toEqual({ headers: { Cookie: 'other=1; sid=prof' }, query: { api_key: 'K' }, renewable: true });
    expect(notes).toEqual([]);
  });

  it("lets the auth set a query name base_url or the description wrote: only what the user typed is kept from it", () => {
    const config = { apis: { kb: { base_url: 'http://127.0.0.1:9/?api_key=BASE', profiles: { default: { auth: { type: 'bearer', params: { token: 'T' } } } } } } };
    const described = { method: 'GET', headerLayers: [], queryLayers: [], configDir: '/config', limits: {} };
    const generic = planRequest({ ...described, target: 'kb/items' }, config, {});
    expect(generic.url.href).toBe('http://127.0.0.1:9/items?api_key=BASE');
    expect(keepGiven({ query: { api_key: 'AUTH' } }, { method: 'GET', url: generic.url.href, headers: {} }, generic.given!, bearer)).toEqual({ query: { api_key: 'AUTH' } });
    const command = planRequest({ ...described, target: 'http://127.0.0.1:9/items?api_key=BASE&page=2', api: 'kb', operation: 'list', query: 'page=2' }, config, {});
    expect(keepGiven({ query: { api_key: 'AUTH' } }, { method: 'GET', url: command.url.href, headers: {} }, command.given!, bearer)).toEqual({ query: { api_key: 'AUTH' } });
  });
});
