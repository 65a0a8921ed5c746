import { describe, expect, it } from 'vitest';
import type { WireRequest } from '../../../sdk/types.js';
import type { ReceivedResponse } from '../../../kernel/pipeline/exchange.js';
import { FollowedResponses, MAX_FOLLOWS, type MiddlewareOutcome } from '../../../kernel/pipeline/follow-loop.js';
import { ResponseBody } from '../../../kernel/pipeline/response-body.js';

function response(url: string, status = 200): ReceivedResponse {
  return { status, statusText: 'OK', httpVersion: '1.1', url, headers: {}, body: ResponseBody.of(new TextEncoder().encode(url)) };
}

function get(url: string): WireRequest {
  return { method: 'GET', url, headers: {} };
}

/** A step that answers page N and follows to page N+1 until `pages`. */
function pager(pages: number, sent: string[]): (request: WireRequest) => Promise<MiddlewareOutcome> {
  return async (request) => {
    sent.push(request.url);
    const n = Number(new URL(request.url).searchParams.get('n'));
    return n < pages ? { response: response(request.url), follow: { request: get(`http://h/?n=${n + 1}`), plugin: 'pager' } } : { response: response(request.url, 404) };
  };
}

describe('FollowedResponses', () => {
  it('yields each followed response as it is read, the last one kept', async () => {
    const sent: string[] = [];
    const loop = new FollowedResponses({ request: get('http://h/?n=2'), plugin: 'pager' }, pager(3, sent), response('http://h/?n=1'));
    expect(sent).toEqual([]);
    const urls: string[] = [];
    for await (const page of loop) urls.push(page.url);
    expect(urls).toEqual(['http://h/?n=2', 'http://h/?n=3']);
    expect(loop.last.status).toBe(404);
  });

  it('gives where the loop ended to a caller that wants one answer', async () => {
    const loop = new FollowedResponses({ request: get('http://h/?n=2'), plugin: 'pager' }, pager(4, []), response('http://h/?n=1'));
    expect((await loop.final()).url).toBe('http://h/?n=4');
  });

  it('ends at a response a plugin drops', async () => {
    const loop = new FollowedResponses({ request: get('http://h/?n=2'), plugin: 'pager' }, async () => ({ response: undefined }), response('http://h/?n=1'));
    expect((await loop.final()).url).toBe('http://h/?n=1');
  });

  it(`stops after ${MAX_FOLLOWS} follows, naming the plugin, the cap and the next URL without its credentials`, async () => {
    const sent: string[] = [];
    const again = async (request: WireRequest): Promise<MiddlewareOutcome> => {
      sent.push(request.url);
      return { response: response(request.url), follow: { request: get('http://user:pw@h/again'), plugin: 'looper' } };
    };
    const loop = new FollowedResponses({ request: get('http://h/again'), plugin: 'looper' }, again, response('http://h/first'));
    const error = (await loop.final().catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^plugin looper asked to follow more than 100 times in one request \(the next was GET http:\/\/\S*h\/again\)$/);
    expect(error.message).not.toContain('pw');
    expect(sent).toHaveLength(MAX_FOLLOWS);
  });
});
