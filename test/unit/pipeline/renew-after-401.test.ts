import { describe, expect, it } from 'vitest';
import type { AuthOutput, WireRequest } from '../../../sdk/types.js';
import type { ReceivedResponse } from '../../../kernel/pipeline/exchange.js';
import { RESENT_AFTER_401, sendRenewingAfter401, type AuthSteps, type AuthenticatedRequest } from '../../../kernel/pipeline/renew-after-401.js';
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

/** Merges an answer's headers into the request, as the exchange applies an auth answer. */
function apply(request: WireRequest, answer: AuthOutput): WireRequest {
  const headers = { ...request.headers };
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers[name] = [value as string];
  return { ...request, headers };
}

/**
 * Credentials whose hooks answer `Name: <name>-1`, `<name>-2`, … in header `Name`, renewable as
 * said, recording each call as [name, renew].
 */
function credentials(...list: { name: string; renewable: boolean }[]) {
  const calls: [string, boolean][] = [];
  const steps: AuthSteps = {
    count: list.length,
    ask: async (index, _request, renew) => {
      const { name, renewable } = list[index]!;
      calls.push([name, renew]);
      const asked = calls.filter(([called]) => called === name).length;
      return { headers: { [name]: `${name}-${asked}` }, ...(renewable ? { renewable: true } : {}) };
    },
    apply,
  };
  return { calls, steps };
}

const oauth = { name: 'Authorization', renewable: true };
const apiKey = { name: 'X-Key', renewable: false };

describe('the 401 rule', () => {
  it('renews a renewable answer refused with a 401 and resends the same request once, the refused body let go of', async () => {
    const { sent, discarded, transmit } = api([401, 200]);
    const { calls, steps } = credentials(oauth);
    const exchanged = await sendRenewingAfter401(request, steps, transmit);
    expect(calls).toEqual([['Authorization', false], ['Authorization', true]]);
    expect(sent.map((s) => s.request.headers.Authorization)).toEqual([['Authorization-1'], ['Authorization-2']]);
    expect(sent[1]!.request.body).toBe(request.body);
    expect(sent[1]!.secretFields).toEqual({ headers: ['Authorization'], query: [] });
    expect(discarded).toEqual([true, false]);
    expect(exchanged.response.status).toBe(200);
    expect(exchanged.request.headers.Authorization).toEqual(['Authorization-2']);
    // -v: the refused exchange, then the resent one saying why.
    expect(exchanged.response.hops!.map((h) => [h.response.status, h.resent])).toEqual([[401, undefined], [200, RESENT_AFTER_401]]);
  });

  it('resends only once, whatever the second answer', async () => {
    const { sent, transmit } = api([401, 401, 401]);
    const { calls, steps } = credentials(oauth);
    const exchanged = await sendRenewingAfter401(request, steps, transmit);
    expect(sent).toHaveLength(2);
    expect(calls).toEqual([['Authorization', false], ['Authorization', true]]);
    expect(exchanged.response.status).toBe(401);
  });

  it('does not resend when no answer is renewable', async () => {
    const { sent, discarded, transmit } = api([401]);
    const { calls, steps } = credentials(apiKey);
    const exchanged = await sendRenewingAfter401(request, steps, transmit);
    expect(sent).toHaveLength(1);
    expect(calls).toEqual([['X-Key', false]]);
    expect(discarded).toEqual([false]);
    expect(exchanged.response.hops).toHaveLength(1);
  });

  it('with several credentials, renews only the renewable one and sends the others as they were', async () => {
    const { sent, transmit } = api([401, 200]);
    const { calls, steps } = credentials(apiKey, oauth);
    await sendRenewingAfter401(request, steps, transmit);
    expect(calls).toEqual([['X-Key', false], ['Authorization', false], ['Authorization', true]]);
    expect(sent.map((s) => [s.request.headers['X-Key'], s.request.headers.Authorization])).toEqual([
      [['X-Key-1'], ['Authorization-1']],
      [['X-Key-1'], ['Authorization-2']],
    ]);
  });

  it.each([403, 200, 500])('does not resend a renewable answer on a %i', async (status) => {
    const { sent, transmit } = api([status]);
    const exchanged = await sendRenewingAfter401(request, credentials(oauth).steps, transmit);
    expect(sent).toHaveLength(1);
    expect(exchanged.response.status).toBe(status);
  });
});
