/**
 * One run of the built okapi in a process-level fuzz suite, judged: it must end (a guard kills it
 * otherwise: a hang), exit with one of okapi's exit codes and a human message rather than a stack
 * trace (else a crash), and leave none of the secrets it was given in stdout, stderr, its config
 * and cache directory, or its temporary directory (a leak, as is a temporary file left behind).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freshHome, runOkapi, type OkapiResult } from '../helpers/run-okapi.js';
import { isCompileCache, tempDir } from '../helpers/temp-dir.js';
import type { Tally } from './harness.js';

const PEAK_RSS_PRELOAD = resolve(import.meta.dirname, 'peak-rss.cjs');
/** Longer than any case may take with its -t, so only a real hang reaches it. */
const GUARD_MS = 25_000;
/** okapi's exit codes (README "Exit codes"); 130 is an interrupt, which no case sends. */
const EXIT_CODES = new Set([0, 1, 2, 3, 4, 5]);
const CRASH_SIGNS = [/^\s+at .+[:(]\d+/m, /Maximum call stack/, /\bRangeError\b/, /\bTypeError\b/, /\bReferenceError\b/, /node:internal/, /Uncaught/, /FATAL ERROR/];

export interface Verdict {
  result: OkapiResult;
  hang: boolean;
  crash: string | undefined;
  /** Where each secret was found: "stderr", "stdout", a file path. */
  leaks: string[];
}

export interface OkapiCase {
  args: string[];
  /** Strings that must appear nowhere okapi writes. */
  secrets: string[];
  /** The config file's contents (it holds the profile's secrets, so it is not searched). */
  config?: object;
  env?: NodeJS.ProcessEnv;
  stdin?: string;
  /** The config and cache home to run in, for a case that goes on from an earlier one; a fresh one otherwise. */
  home?: Home;
}

export type Home = ReturnType<typeof freshHome>;

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return names.map((name) => join(dir, name)).filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile());
}

/** Runs the case, judges it, and counts it in `counts`. */
export async function runCase(counts: Tally, run: OkapiCase): Promise<Verdict> {
  const home = run.home ?? freshHome();
  const tmp = tempDir('okapi-fuzz-tmp-');
  const rssFile = join(tempDir('okapi-fuzz-rss-'), 'peak');
  if (run.config) writeFileSync(home.config, JSON.stringify(run.config));
  const result = await runOkapi(run.args, {
    env: { ...home.env, ...run.env, TMPDIR: tmp, NODE_OPTIONS: `--require ${PEAK_RSS_PRELOAD}`, OKAPI_FUZZ_RSS_FILE: rssFile },
    timeoutMs: GUARD_MS,
    ...(run.stdin !== undefined ? { stdin: run.stdin } : {}),
  });
  const hang = result.signal === 'SIGKILL';
  let crash: string | undefined;
  if (!hang && (result.code === null || !EXIT_CODES.has(result.code))) crash = `exit ${result.code ?? result.signal}`;
  else if (CRASH_SIGNS.some((sign) => sign.test(result.stderr))) crash = 'a stack trace or engine error on stderr';
  else if ((result.code === 1 || result.code === 2) && !/^okapi: \S/m.test(result.stderr)) crash = 'an error exit without an "okapi: " message';
  const leaks: string[] = [];
  const searched: [string, Buffer][] = [
    ['stdout', result.stdoutBytes],
    ['stderr', Buffer.from(result.stderr)],
    ...[...filesUnder(home.dir).filter((path) => path !== home.config), ...filesUnder(tmp)].map((path): [string, Buffer] => [path, readFileSync(path)]),
  ];
  for (const [where, bytes] of searched) for (const secret of run.secrets) if (bytes.includes(secret)) leaks.push(`${where} holds ${secret}`);
  // okapi's V8 code cache is meant to outlive a run (kernel/startup/code-cache.ts).
  for (const left of filesUnder(tmp).filter((path) => !isCompileCache(path))) leaks.push(`temporary file left: ${left}`);
  counts.tried++;
  if (hang) counts.hangs++;
  else if (crash) counts.crashes++;
  if (leaks.length > 0) counts.leaks++;
  if (!hang && !crash && leaks.length === 0) counts.clean++;
  const peak = Math.max(0, ...filesUnder(join(rssFile, '..')).flatMap((path) => readFileSync(path, 'utf8').split('\n').filter(Boolean).map(Number)));
  counts.peakRssKiB = Math.max(counts.peakRssKiB, peak);
  return { result, hang, crash, leaks };
}
