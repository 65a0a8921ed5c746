/**
 * Splits argv into global flags and everything else, keeping every value exactly as typed
 * (cac's parser turns `-H 0x10` into 16; see docs/design/001-argv.md). Unknown options stay in
 * `words`, in order, for the command that owns them, except unknown `--okapi-…` ones: those may be
 * flags an external formatter declares, known only once the plugin registry is read
 * (kernel/cli/declared-flags.ts).
 */
import { UsageError } from '../../sdk/shared/errors.js';
import { FLAG_TABLE } from './flag-table.js';
import type { FlagSpec } from './flags.js';

/** What an unknown flag's error suggests, wherever it is found. */
export const UNKNOWN_FLAG_HINT = "see 'okapi --help-all' for every flag; put -- before body values that start with -";

export type FlagValue = boolean | number | string | string[];

export interface ScannedArgv {
  flags: Map<string, FlagValue>;
  /** Positional words and unknown options, in order. */
  words: string[];
  /** Index in `words` where `--` was given, if it was: words from there on are never options. */
  literalFrom: number | undefined;
  /**
   * `--okapi-…` flags before `--` that okapi's own table does not hold, with the word after each
   * as its value (or the value after `=`). Taking that word is safe either way: a flag a formatter
   * declares takes a value, and any other one fails the run as an unknown flag.
   */
  undeclared: UndeclaredFlag[];
}

export interface UndeclaredFlag {
  /** Without its dashes: `okapi-delimiter`. */
  name: string;
  /** Undefined when argv ended after the flag. */
  value: string | undefined;
}

export function scanArgv(argv: readonly string[], table: readonly FlagSpec[] = FLAG_TABLE): ScannedArgv {
  const byLong = new Map(table.map((f) => [f.long, f]));
  const byShort = new Map(table.filter((f) => f.short).map((f) => [f.short!, f]));
  const flags = new Map<string, FlagValue>();
  /** How each flag was spelled when first given, for the error a repeated `once` flag gets. */
  const spelledAs = new Map<string, string>();
  const words: string[] = [];
  const undeclared: UndeclaredFlag[] = [];
  let literalFrom: number | undefined;

  const set = (spec: FlagSpec, typed: string, value: string | undefined) => {
    switch (spec.kind) {
      case 'boolean':
        if (value !== undefined && value !== 'true' && value !== 'false') {
          throw new UsageError(`${typed} takes no value, or true/false; got "${value}"`);
        }
        flags.set(spec.long, value !== 'false');
        return;
      case 'count':
        flags.set(spec.long, ((flags.get(spec.long) as number | undefined) ?? 0) + 1);
        return;
      case 'string':
      case 'strings': {
        if (value === undefined) throw new UsageError(`${typed} needs a value${spec.valueName ? ` (${spec.valueName})` : ''}`);
        spec.check?.(value, typed);
        const earlier = flags.get(spec.long);
        if (spec.once && earlier !== undefined) {
          throw new UsageError(`${spelledAs.get(spec.long)} "${earlier}" and ${typed} "${value}" were both given; okapi takes one ${spec.valueName ?? 'value'}`, {
            hint: spec.once.hint,
          });
        }
        spelledAs.set(spec.long, typed);
        if (spec.kind === 'string') flags.set(spec.long, value);
        else flags.set(spec.long, [...((flags.get(spec.long) as string[] | undefined) ?? []), value]);
      }
    }
  };
  const takesValue = (spec: FlagSpec) => spec.kind === 'string' || spec.kind === 'strings';

  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (literalFrom !== undefined) {
      words.push(token);
      continue;
    }
    if (token === '--') {
      literalFrom = words.length;
      continue;
    }
    if (token.startsWith('--') && token.length > 2) {
      const eq = token.indexOf('=');
      const name = eq === -1 ? token.slice(2) : token.slice(2, eq);
      const spec = byLong.get(name);
      if (!spec && name.startsWith('okapi-')) {
        undeclared.push({ name, value: eq === -1 ? argv[++i] : token.slice(eq + 1) });
        continue;
      }
      if (!spec) {
        words.push(token);
        continue;
      }
      let value = eq === -1 ? undefined : token.slice(eq + 1);
      if (value === undefined && takesValue(spec)) value = argv[++i];
      set(spec, `--${name}`, value);
      continue;
    }
    if (token.startsWith('-') && token.length > 1 && !isNumberLike(token)) {
      const first = byShort.get(token[1]!);
      if (!first) {
        words.push(token);
        continue;
      }
      if (takesValue(first)) {
        const attached = token.slice(2).replace(/^=/, '');
        set(first, `-${first.short}`, attached !== '' ? attached : argv[++i]);
        continue;
      }
      // A cluster of flags without values: -vv, -vS.
      const cluster = [...token.slice(1)].map((c) => byShort.get(c));
      if (cluster.some((spec) => !spec || takesValue(spec))) {
        words.push(token);
        continue;
      }
      for (const spec of cluster) set(spec!, `-${spec!.short}`, undefined);
      continue;
    }
    words.push(token);
  }
  return { flags, words, literalFrom, undeclared };
}

/** `-5` and `-1.5e3` are values (a negative number in a body), not flags. */
function isNumberLike(token: string): boolean {
  return /^-\d/.test(token);
}

/** Options the kernel does not know, before any `--`: for commands that accept none, a usage error. */
export function unknownOptions(scanned: ScannedArgv): string[] {
  const end = scanned.literalFrom ?? scanned.words.length;
  return scanned.words.slice(0, end).filter((w) => w.startsWith('-') && w.length > 1 && !isNumberLike(w));
}
