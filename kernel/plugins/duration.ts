/** Go-style durations as used by `hook_timeouts`, `-t` and retry caps: "500ms", "10s", "2m", "1h30m". */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/;
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;

/**
 * The longest wait okapi can keep: Node timers hold at most 2^31-1 ms (about 24.8 days) and fire at
 * once past that, so a longer duration is refused rather than turned into no wait at all.
 */
export const MAX_DURATION_MS = 2 ** 31 - 1;

/** MAX_DURATION_MS as a user writes a duration: "596h31m23s". */
export const LONGEST_DURATION = `${Math.floor(MAX_DURATION_MS / 3_600_000)}h${Math.floor((MAX_DURATION_MS % 3_600_000) / 60_000)}m${Math.floor((MAX_DURATION_MS % 60_000) / 1000)}s`;

/** Why a wait past MAX_DURATION_MS is refused, in the same words wherever it was asked for: `subject` says which. */
export function longerThanOkapiCanWait(subject: string): string {
  const longest = `${LONGEST_DURATION} (${MAX_DURATION_MS} ms, about 24.8 days)`;
  return `${subject} is longer than okapi can wait: the longest is ${longest}`;
}

/** Milliseconds, or undefined when the text is not a duration. A bare number means seconds. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!DURATION.test(trimmed)) return undefined;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(PART)) total += Number(amount) * (UNIT_MS[unit!] ?? 0);
  return total;
}

/** Milliseconds as a duration parseDuration reads back: "300ms", "1.5s", "2m". */
export function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(3))}s`;
  return `${ms}ms`;
}
