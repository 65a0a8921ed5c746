import { describe, expect, it } from 'vitest';
import type { AuthOutput, WireRequest } from '../../../sdk/types.js';
import type { ReceivedResponse } from '../../../kernel/pipeline/exchange.js';
import { RESENT_AFTER_401, sendRenewingAfter401, type AuthenticatedRequest } from '../../../kernel/pipeline/renew-after-401.js';
import { ResponseBody } from '../../../kernel/pipeline/response-body.js';
import type { RecordedHop } from '../../../kernel/transport/index.js';

const request: WireRequest = { method: 'POST', url: 'http://api.test/things', headers: {}, body: new TextEncoder().encode('{"a":1}') };

function hop(status: number, authorization: string): RecordedHop {
  return {
    url: request.url,
    request: { method: 'POST', target: '/things', httpVersion: '1.1', headers: { authorization: [authorization] } },
    response: { status, statusText: '', httpVersion: '1.1', headers: {} },
  };
}

/** An API that answers each status in turn, recording what it was sent and whether each body was let go of. */
function api(statuses: number[]) {
  const sent: AuthenticatedRequest[] = [];
  const discarded: boolean[] = [];
  const transmit = async (authenticated: AuthenticatedRequest): Promise<ReceivedResponse> => {
    const index = sent.push(authenticated) - 1;
    const status = statuses[index]!;
    discarded.push(false);
    const body = new ResponseBody((async function* () {})(), async () => new Uint8Array(), () => void (discarded[index] = true));
    const authorization = authenticated.request.headers.Authorization?.[0] ?? '';
    return { status, statusText: '', httpVersion: '1.1', url: request.url, headers: {}, body, hops: [hop(status, authorization)] };
  };
  return { sent, discarded, transmit };
}

/** An auth hook answering token-1, token-2, … and recording each `renew`. */
function auth(renewable: boolean) {
  const renews: boolean[] = [];
  const authenticate = async (renew: boolean) => {
    renews.push(renew);
    const answer: AuthOutput = { headers: { Authorization: `Bearer token-${renews.length}` }, ...(renewable ? { renewable: true } : {}) };
    return { request: { ...request, headers: { Authorization: [answer.headers!.Authorization as string] } }, secretFields: { headers: ['Authorization'], query: [] }, answer };
  };
  return { renews, authenticate };
}

describe('the 401 rule', () => {
  it('renews a renewable answer refused with a 401 and resends the same request once, the refused body let go of', async () => {
    const { sent, discarded, transmit } = api([401, 200]);
    const { renews, authenticate } = auth(true);
    const exchanged = await sendRenewingAfter401(authenticate, transmit);
    expect(renews).toEqual([false, true]);
    expect(sent.map((s) => s.request.headers.Authorization)).toEqual([['Bearer token-1'], ['Bearer token-2']]);
    expect(sent[1]!.request.body).toBe(request.body);
    expect(discarded).toEqual([true, false]);
    expect(exchanged.response.status).toBe(200);
    expect(exchanged.request.headers.Authorization).toEqual(['Bearer token-2']);
    // -v: the refused exchange, then the resent one saying why.
    expect(exchanged.response.hops!.map((h) => [h.response.status, h.resent])).toEqual([[401, undefined], [200, RESENT_AFTER_401]]);
  });

  it('resends only once, whatever the second answer', async () => {
    const { sent, transmit } = api([401, 401, 401]);
    const { renews, authenticate } = auth(true);
    const exchanged = await sendRenewingAfter401(authenticate, transmit);
    expect(sent).toHaveLength(2);
    expect(renews).toEqual([false, true]);
    expect(exchanged.response.status).toBe(401);
  });

  it('does not resend for an answer that is not renewable', async () => {
    const { sent, discarded, transmit } = api([401]);
    const { renews, authenticate } = auth(false);
    const exchanged = await sendRenewingAfter401(authenticate, transmit);
    expect(sent).toHaveLength(1);
    expect(renews).toEqual([false]);
    expect(discarded).toEqual([false]);
    expect(exchanged.response.hops).toHaveLength(1);
  });

  it.each([403, 200, 500])('does not resend a renewable answer on a %i', async (status) => {
    const { sent, transmit } = api([status]);
    const exchanged = await sendRenewingAfter401(auth(true).authenticate, transmit);
    expect(sent).toHaveLength(1);
    expect(exchanged.response.status).toBe(status);
  });
});
