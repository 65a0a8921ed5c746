import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INTERVAL_MS, SLOW_DOWN_MS, nextInterval, pollUntilIssued, type PollClock } from '../../../../plugins-builtin/oauth-device-code/polling.js';

/** A clock that moves only when slept on, recording each sleep. */
function steppedClock(): PollClock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

/** The provider's refusal as oauth4webapi throws it. */
function refusal(error: string): oauth.ResponseBodyError {
  const response = new Response(JSON.stringify({ error }), { status: 400 });
  return new oauth.ResponseBodyError('server responded with an error in the response body', { cause: { error }, response });
}

/** A poll that refuses with each of `answers` in turn, then issues 'token'. */
function provider(answers: string[]): { poll: () => Promise<string>; polls: () => number } {
  let polls = 0;
  return {
    poll: async () => {
      const answer = answers[polls++];
      if (answer !== undefined) throw refusal(answer);
      return 'token';
    },
    polls: () => polls,
  };
}

const expired = () => new Error('expired');

describe('device code polling', () => {
  it('keeps the interval while the approval is pending, and adds 5 s on each slow_down (RFC 8628 §3.5)', () => {
    expect(nextInterval('authorization_pending', 2_000)).toBe(2_000);
    expect(nextInterval('slow_down', 2_000)).toBe(2_000 + SLOW_DOWN_MS);
    expect(nextInterval('access_denied', 2_000)).toBeUndefined();
    expect(nextInterval('expired_token', 2_000)).toBeUndefined();
    expect(nextInterval(undefined, 2_000)).toBeUndefined();
    expect(DEFAULT_INTERVAL_MS).toBe(5_000);
  });

  it('waits the interval before each poll, slower after each slow_down, until the token is issued', async () => {
    const clock = steppedClock();
    const { poll, polls } = provider(['authorization_pending', 'slow_down', 'authorization_pending', 'slow_down']);
    expect(await pollUntilIssued(poll, { intervalMs: 1_000, expiresAt: 600_000 }, expired, clock)).toBe('token');
    expect(polls()).toBe(5);
    expect(clock.sleeps).toEqual([1_000, 1_000, 6_000, 6_000, 11_000]);
  });

  it.each(['access_denied', 'expired_token', 'invalid_grant'])('stops at %s with the provider refusal', async (code) => {
    const clock = steppedClock();
    const { poll, polls } = provider(['authorization_pending', code]);
    const error = await pollUntilIssued(poll, { intervalMs: 1_000, expiresAt: 600_000 }, expired, clock).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.ResponseBodyError);
    expect((error as oauth.ResponseBodyError).error).toBe(code);
    expect(polls()).toBe(2);
  });

  it('stops when the code expires, at its expiry and without a poll that cannot fit', async () => {
    const clock = steppedClock();
    const { poll, polls } = provider(Array(100).fill('authorization_pending'));
    const error = await pollUntilIssued(poll, { intervalMs: 4_000, expiresAt: 10_000 }, expired, clock).catch((e: unknown) => e);
    expect((error as Error).message).toBe('expired');
    expect(polls()).toBe(2);
    expect(clock.sleeps).toEqual([4_000, 4_000, 2_000]);
    expect(clock.now()).toBe(10_000);
  });

  it('a failure that is no refusal (the provider unreachable) ends the wait', async () => {
    const clock = steppedClock();
    const unreachable = new TypeError('fetch failed');
    await expect(pollUntilIssued(async () => Promise.reject(unreachable), { intervalMs: 1_000, expiresAt: 600_000 }, expired, clock)).rejects.toBe(unreachable);
  });
});
