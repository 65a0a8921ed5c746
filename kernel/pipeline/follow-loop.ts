/**
 * A response-middleware plugin's `follow` (DESIGN.md §2 phase 7): the plugin names the next request
 * after a response, as pagination does with `Link: rel=next`. Each response of the loop is one
 * record for the formatter (`document: false`); the loop ends at a response no plugin follows, or
 * one a plugin drops. A plugin that keeps following is stopped at MAX_FOLLOWS with an error that
 * names it, so a plugin cannot loop okapi forever.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import type { WireRequest } from '../../sdk/types.js';
import type { ReceivedResponse } from './exchange.js';
import { redactUrl } from '../../sdk/shared/redact.js';

/** Follows per request, pages after the first: generous for pagination, finite for a runaway plugin. */
export const MAX_FOLLOWS = 100;

/** What the response-middleware plugins made of one response. */
export interface MiddlewareOutcome {
  /** Undefined when a plugin dropped it. */
  response: ReceivedResponse | undefined;
  /** The request a plugin asked to follow with, and which plugin asked. */
  follow?: { request: WireRequest; plugin: string };
}

/** Sends a followed request and runs the response-middleware plugins on its response. */
export type FollowStep = (request: WireRequest) => Promise<MiddlewareOutcome>;

/** The responses after the first, fetched as they are read; `last` is the final one read so far. */
export class FollowedResponses implements AsyncIterable<ReceivedResponse> {
  private started = false;

  constructor(
    private readonly first: NonNullable<MiddlewareOutcome['follow']>,
    private readonly step: FollowStep,
    public last: ReceivedResponse,
  ) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<ReceivedResponse> {
    if (this.started) throw new Error('the followed responses have already been read');
    this.started = true;
    let follow: MiddlewareOutcome['follow'] = this.first;
    for (let follows = 1; follow; follows++) {
      if (follows > MAX_FOLLOWS) {
        throw new OkapiError(`plugin ${follow.plugin} asked to follow more than ${MAX_FOLLOWS} times in one request (the next was ${follow.request.method} ${redactUrl(follow.request.url)})`, {
          hint: `okapi follows at most ${MAX_FOLLOWS} responses per request; the plugin may be paging through a list that never ends, or following the same URL`,
        });
      }
      const outcome = await this.step(follow.request);
      if (!outcome.response) return;
      this.last = outcome.response;
      follow = outcome.follow;
      yield outcome.response;
    }
  }

  /** Reads every remaining response (their bodies unread) and gives the last: for callers that want only the end. */
  async final(): Promise<ReceivedResponse> {
    let previous: ReceivedResponse | undefined;
    for await (const response of this) {
      previous?.body.discard();
      previous = response;
    }
    return this.last;
  }
}
