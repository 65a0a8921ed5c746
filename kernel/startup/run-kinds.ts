/**
 * A stored code cache (code-cache.ts) and the kinds of run that enriched it. A run adds the
 * functions it compiled to a file's cache at exit while its kind has enriched it fewer than
 * ENRICHING_RUNS times, so every kind of run finds its own code cached, whatever the first runs
 * after an install happened to be: before, the first four runs decided for good, and a generated
 * command after a few plain requests compiled ~40 KB of the kernel's code on every call.
 *
 * A run's kind is its first word (a method, a command, an API's name; any URL is one kind) with
 * the flags it was given, so `okapi get URL` and `okapi get URL -v` are two kinds. Only a 32-bit
 * hash of it is stored, so no word the user typed is written as text (the directory is the user's
 * own, mode 0700).
 *
 * Layout: a byte counting the kinds, each kind's hash (4 bytes) and runs (1 byte), then V8's data.
 */
import { fnv1a } from '../../sdk/shared/fnv1a.js';

export const ENRICHING_RUNS = 2;

/** Past this many kinds a cache is left as it is: a file rewritten on every run would cost more than it saves. */
const MAX_KINDS = 64;
const KIND_BYTES = 5;

interface StoredCache {
  /** Runs of each kind that enriched the cache, by the kind's hash. */
  kinds: Map<number, number>;
  /** V8's data; undefined when there is none or the file is damaged. */
  data: Buffer | undefined;
}

export function parseStoredCache(stored: Buffer | undefined): StoredCache {
  const count = stored?.[0];
  if (stored === undefined || count === undefined || stored.length <= 1 + count * KIND_BYTES) return { kinds: new Map(), data: undefined };
  const kinds = new Map<number, number>();
  for (let i = 0; i < count; i++) kinds.set(stored.readUInt32BE(1 + i * KIND_BYTES), stored[1 + i * KIND_BYTES + 4]!);
  return { kinds, data: stored.subarray(1 + count * KIND_BYTES) };
}

export function serializeStoredCache(kinds: ReadonlyMap<number, number>, data: Buffer): Buffer {
  const head = Buffer.alloc(1 + kinds.size * KIND_BYTES);
  head[0] = kinds.size;
  [...kinds].forEach(([kind, runs], i) => {
    head.writeUInt32BE(kind, 1 + i * KIND_BYTES);
    head[1 + i * KIND_BYTES + 4] = runs;
  });
  return Buffer.concat([head, data]);
}

/** The kinds after a run of `kind` enriched the cache, or undefined when it should leave it as it is. */
export function enrichedKinds(kinds: ReadonlyMap<number, number>, kind: number): Map<number, number> | undefined {
  const runs = kinds.get(kind) ?? 0;
  if (runs >= ENRICHING_RUNS || (runs === 0 && kinds.size >= MAX_KINDS)) return undefined;
  return new Map(kinds).set(kind, runs + 1);
}

/** The kind of a run with these arguments (process.argv after the script), as a hash. */
export function runKind(args: readonly string[]): number {
  const [first] = args;
  const word = first === undefined ? '' : first.startsWith('-') ? '-' : /[./:]/.test(first) ? 'url' : first.toLowerCase();
  const flags = new Set(args.filter((arg) => arg.length > 1 && arg.startsWith('-')).map((arg) => arg.split('=')[0]!));
  return fnv1a([word, ...[...flags].sort()].join(' '));
}
