/**
 * What every fuzz suite shares: how many cases to run and from which seed, and the tally of what
 * happened to them (cases tried, handled cleanly, crashes, hangs, leaks, peak memory).
 *
 * The normal suite runs each fuzzer a bounded number of times from a fixed seed, so a failure is
 * the same on every machine. `npm run fuzz` (test/fuzz/run.mjs) sets OKAPI_FUZZ_RUNS,
 * OKAPI_FUZZ_ROUNDS and a random OKAPI_FUZZ_SEED (printed, to reproduce a failure with), and
 * OKAPI_FUZZ_REPORT, the file each suite appends its tally to for the table printed at the end.
 */
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll } from 'vitest';

const FIXED_SEED = 20261126;

export const fuzzSeed: number = process.env.OKAPI_FUZZ_SEED ? Number(process.env.OKAPI_FUZZ_SEED) : FIXED_SEED;

/** Cases for one in-process property: `normal` in the normal suite, OKAPI_FUZZ_RUNS under `npm run fuzz`. */
export function fuzzRuns(normal: number): number {
  const runs = Number(process.env.OKAPI_FUZZ_RUNS);
  return Number.isInteger(runs) && runs > 0 ? runs : normal;
}

/**
 * How many times a process-level suite goes through every combination of its cases
 * (OKAPI_FUZZ_ROUNDS), or 0 in the normal suite, where it runs each case once with rotating options.
 */
export function fullRounds(): number {
  const rounds = Number(process.env.OKAPI_FUZZ_ROUNDS);
  return Number.isInteger(rounds) && rounds > 0 ? rounds : 0;
}

export interface Tally {
  readonly suite: string;
  tried: number;
  clean: number;
  crashes: number;
  hangs: number;
  leaks: number;
  /** Peak resident memory in KiB, where measured: the okapi processes' for process-level suites. */
  peakRssKiB: number;
}

/** A tally for `suite`, reported when the test file ends. */
export function tally(suite: string): Tally {
  const counts: Tally = { suite, tried: 0, clean: 0, crashes: 0, hangs: 0, leaks: 0, peakRssKiB: 0 };
  afterAll(() => {
    const report = process.env.OKAPI_FUZZ_REPORT;
    if (report) appendFileSync(report, `${JSON.stringify(counts)}\n`);
  });
  return counts;
}

type ErrorClass = abstract new (...args: never[]) => Error;

/** Whether `error` is one of the component's documented errors. */
function isDocumented(error: unknown, documented: readonly ErrorClass[]): boolean {
  return documented.some((type) => error instanceof type);
}

/**
 * Asserts that `check` holds for every generated input: it returns, or throws one of the
 * `documented` error types (a clean refusal); anything else is a crash and fails the property
 * with fast-check's shrunk counterexample and the seed to replay it.
 */
export function fuzz<T>(counts: Tally, input: fc.Arbitrary<T>, documented: readonly ErrorClass[], check: (value: T) => void, normalRuns: number): void {
  fc.assert(
    fc.property(input, (value) => {
      counts.tried++;
      try {
        check(value);
      } catch (error) {
        crashUnlessDocumented(counts, documented, error);
      }
      counts.clean++;
    }),
    { numRuns: fuzzRuns(normalRuns), seed: fuzzSeed },
  );
  counts.peakRssKiB = Math.max(counts.peakRssKiB, process.resourceUsage().maxRSS);
}

/** A refusal of a documented type is clean; anything else counts as a crash and fails the property. */
function crashUnlessDocumented(counts: Tally, documented: readonly ErrorClass[], error: unknown): void {
  if (isDocumented(error, documented)) return;
  counts.crashes++;
  throw error;
}

/** {@link fuzz} for a component whose work is asynchronous. */
export async function fuzzAsync<T>(counts: Tally, input: fc.Arbitrary<T>, documented: readonly ErrorClass[], check: (value: T) => Promise<void>, normalRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(input, async (value) => {
      counts.tried++;
      try {
        await check(value);
      } catch (error) {
        crashUnlessDocumented(counts, documented, error);
      }
      counts.clean++;
    }),
    { numRuns: fuzzRuns(normalRuns), seed: fuzzSeed },
  );
  counts.peakRssKiB = Math.max(counts.peakRssKiB, process.resourceUsage().maxRSS);
}
