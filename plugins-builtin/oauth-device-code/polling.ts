/**
 * Polling the token endpoint while the user approves a device code (RFC 8628 §3.4–3.5): wait the
 * interval, ask; `authorization_pending` asks again after the same interval, `slow_down` after
 * 5 s more, every other refusal ends the wait (`access_denied`, `expired_token`). The code's own
 * lifetime ends it too, without a last request. The clock is a parameter: tests step it.
 */
import { providerErrorCode } from '../../sdk/oauth/provider-refusal.js';

/** RFC 8628 §3.2: the interval when the provider names none. */
export const DEFAULT_INTERVAL_MS = 5_000;
/** RFC 8628 §3.5: what `slow_down` adds to the interval, for this and every later poll. */
export const SLOW_DOWN_MS = 5_000;

export interface PollClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PollClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** After a refused poll: the interval before the next one, or undefined when the refusal is final. */
export function nextInterval(refusal: string | undefined, intervalMs: number): number | undefined {
  if (refusal === 'authorization_pending') return intervalMs;
  if (refusal === 'slow_down') return intervalMs + SLOW_DOWN_MS;
  return undefined;
}

export interface PollSchedule {
  intervalMs: number;
  /** When the device code expires (epoch ms, on `clock`). */
  expiresAt: number;
}

/**
 * Calls `poll` every interval until it answers; a final refusal is thrown as `poll` threw it, and
 * `expired()` is thrown once the code's lifetime ends before an answer.
 */
export async function pollUntilIssued<T>(poll: () => Promise<T>, schedule: PollSchedule, expired: () => Error, clock: PollClock = realClock): Promise<T> {
  let intervalMs = schedule.intervalMs;
  for (;;) {
    if (clock.now() + intervalMs > schedule.expiresAt) {
      // The code expires before the next poll may be sent: the error comes when that is true.
      await clock.sleep(Math.max(0, schedule.expiresAt - clock.now()));
      throw expired();
    }
    await clock.sleep(intervalMs);
    try {
      return await poll();
    } catch (error) {
      const next = nextInterval(providerErrorCode(error), intervalMs);
      if (next === undefined) throw error;
      intervalMs = next;
    }
  }
}
