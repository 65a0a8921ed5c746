/**
 * A command plugin's own arguments (the words after `okapi <command>`), declared once: the parser
 * and the help text both come from the declaration. Pure, needing nothing outside sdk/, so it
 * costs a plugin nothing to load. Errors are ArgumentError, a UsageError (exit 2, DESIGN.md §5),
 * which a command prints with printArgumentError() and whose exit code it returns.
 */
import { closestWords } from './shared/closest-words.js';
import { printProblem } from './command-errors.js';
import { UsageError } from './shared/errors.js';

export interface FlagDeclaration {
  /** The long name, without `--`: `spec` is `--spec`. */
  name: string;
  /** A one-letter alias, without `-`: `y` is `-y`. */
  short?: string;
  /** The flag takes a value (`--spec x` or `--spec=x`), shown in help as `<value>`; absent: a boolean. */
  value?: string;
  /** May be given more than once, each value kept; otherwise the last one wins. */
  repeatable?: boolean;
  /** An empty value (`--name ''`, `--name=`) is a value, not a missing one: for values sent as they are. */
  allowEmpty?: boolean;
  description?: string;
}

export interface PositionalDeclaration {
  name: string;
  optional?: boolean;
  /** Takes every remaining word (at least one unless also optional); only the last positional may. */
  variadic?: boolean;
  description?: string;
}

export interface ArgumentDeclaration {
  /** The command as users type it, e.g. `api connect`: messages and help name it. */
  command: string;
  flags?: FlagDeclaration[];
  positionals?: PositionalDeclaration[];
  /** The hint under usage errors; by default the generated one-line usage. */
  usage?: string;
  /** Replaces the generated message when there are too few or too many positionals. */
  wrongCount?: string;
  /**
   * Every word is a positional, `-` and `--` included: for free text such as shorthand patches,
   * whose words may start with `-`.
   */
  positionalsOnly?: boolean;
}

export interface ParsedArguments {
  positionals: string[];
  /** Boolean flags given (and not turned off with `--flag=false`). */
  flags: Set<string>;
  /** Every boolean flag given, with its last value: tells `--flag=false` from a flag not given. */
  booleans: Map<string, boolean>;
  /** Values of value flags, in the order given. */
  values: Map<string, string[]>;
  /** The value of a flag given once, or the last of several. */
  value(name: string): string | undefined;
}

/** Bad arguments: a usage error (exit code 2) with a hint for what to type instead. */
export class ArgumentError extends UsageError {
  constructor(message: string, hint?: string) {
    super(message, hint === undefined ? {} : { hint });
    this.name = 'ArgumentError';
  }
}

/**
 * Parses `args` against the declaration. `--` ends flags. A word starting with `-` is a short flag
 * only if the declaration has short aliases; otherwise it is a positional (so values like `-1` or
 * `-` pass through commands that declare none).
 */
export function parseArguments(args: readonly string[], declaration: ArgumentDeclaration): ParsedArguments {
  const flags = declaration.flags ?? [];
  const hint = usageHint(declaration);
  const byName = new Map(flags.map((f) => [f.name, f]));
  const byShort = new Map(flags.filter((f) => f.short !== undefined).map((f) => [f.short!, f]));
  const positionals: string[] = [];
  const given = new Set<string>();
  const booleans = new Map<string, boolean>();
  const values = new Map<string, string[]>();
  let literal = false;
  const isDeclaredFlag = (word: string) =>
    word.startsWith('--') ? byName.has(word.slice(2).split('=', 1)[0]!) : byShort.size > 0 && /^-[A-Za-z]$/.test(word) && byShort.has(word[1]!);

  const take = (flag: FlagDeclaration, spelled: string, inline: string | undefined, next: () => string | undefined) => {
    if (flag.value === undefined) {
      const value = inline ?? 'true';
      if (value !== 'true' && value !== 'false') throw new ArgumentError(`${spelled} takes no value, or true/false; got "${value}"`);
      if (value === 'true') given.add(flag.name);
      else given.delete(flag.name);
      booleans.set(flag.name, value === 'true');
      return;
    }
    const value = inline ?? next();
    // `--spec --yes`: the value was forgotten; taking the next flag as it would hide that.
    if (inline === undefined && value !== undefined && isDeclaredFlag(value)) throw new ArgumentError(`${spelled} needs a value; got the flag ${value}`, hint);
    if (value === undefined || (value === '' && !flag.allowEmpty)) throw new ArgumentError(`${spelled} needs a value`, hint);
    values.set(flag.name, flag.repeatable ? [...(values.get(flag.name) ?? []), value] : [value]);
  };

  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = () => args[++i];
    if (literal || declaration.positionalsOnly) positionals.push(arg);
    else if (arg === '--') literal = true;
    else if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      const flag = byName.get(name);
      if (!flag) throw unknownFlag(`--${name}`, flags, hint);
      take(flag, `--${name}`, eq === -1 ? undefined : arg.slice(eq + 1), next);
    } else if (byShort.size > 0 && /^-[A-Za-z]/.test(arg)) {
      const flag = byShort.get(arg[1]!);
      if (!flag) throw unknownFlag(arg.slice(0, 2), flags, hint);
      // -xVALUE and -x=VALUE for value flags; boolean aliases stand alone.
      const rest = arg.slice(2);
      if (rest !== '' && flag.value === undefined) throw new ArgumentError(`-${flag.short} takes no value; got "${arg}"`, hint);
      take(flag, `-${flag.short}`, rest === '' ? undefined : rest.replace(/^=/, ''), next);
    } else positionals.push(arg);
  }

  checkCount(positionals, declaration, hint);
  return {
    positionals,
    flags: given,
    booleans,
    values,
    value: (name) => values.get(name)?.at(-1),
  };
}

function checkCount(positionals: string[], declaration: ArgumentDeclaration, hint: string): void {
  const declared = declaration.positionals ?? [];
  const required = declared.filter((p) => !p.optional).length;
  if (positionals.length < required) {
    const missing = declared.slice(positionals.length).filter((p) => !p.optional);
    throw new ArgumentError(declaration.wrongCount ?? `${declaration.command} needs ${missing.map(positionalSpelling).join(' ')}`, hint);
  }
  if (declared.at(-1)?.variadic) return;
  if (positionals.length > declared.length) {
    const extra = positionals[declared.length]!;
    const most = declared.length === 0 ? 'takes no arguments' : `takes at most ${declared.length} argument${declared.length === 1 ? '' : 's'}`;
    throw new ArgumentError(declaration.wrongCount ?? `${declaration.command} ${most}, got "${extra}"`, hint);
  }
}

function unknownFlag(spelled: string, flags: FlagDeclaration[], hint: string): ArgumentError {
  // Long names only: any one letter is a typo away from any other.
  const [closest] = spelled.startsWith('--') ? closestWords(spelled.slice(2), flags.map((f) => f.name)) : [];
  return new ArgumentError(`unknown flag ${spelled}${closest === undefined ? '' : ` (did you mean --${closest}?)`}`, hint);
}

/** One line: `okapi api connect <name> <url> [setup-expression...] [--spec <url-or-file>] [--yes]`. */
export function formatUsage(declaration: ArgumentDeclaration): string {
  const flags = (declaration.flags ?? []).map((f) => `[${flagSpelling(f)}]${f.repeatable ? '...' : ''}`);
  const positionals = (declaration.positionals ?? []).map(positionalSpelling);
  return ['okapi', declaration.command, ...positionals, ...flags].join(' ');
}

/**
 * The flags as aligned help lines, e.g. `--spec <url-or-file>  use this description`. `indent` and
 * `column` (where descriptions start) let a command match the layout of its hand-written help.
 */
export function formatFlagHelp(declaration: ArgumentDeclaration, options: { indent?: number; column?: number } = {}): string {
  const flags = declaration.flags ?? [];
  const indent = ' '.repeat(options.indent ?? 2);
  const spellings = flags.map(flagSpelling);
  const column = options.column ?? Math.max(0, ...spellings.map((s) => s.length)) + 2;
  return flags
    .map((f, i) => `${indent}${f.description ? `${spellings[i]!.padEnd(column)}${f.description}` : spellings[i]}`.trimEnd())
    .join('\n');
}

/** The whole help: usage line, positionals and flags. */
export function formatHelp(declaration: ArgumentDeclaration): string {
  const lines = [`Usage: ${formatUsage(declaration)}`];
  const described = (declaration.positionals ?? []).filter((p) => p.description);
  if (described.length > 0) {
    const width = Math.max(...described.map((p) => p.name.length)) + 2;
    lines.push('', 'Arguments:', ...described.map((p) => `  ${p.name.padEnd(width)}${p.description}`));
  }
  if ((declaration.flags ?? []).length > 0) lines.push('', 'Flags:', formatFlagHelp(declaration));
  return `${lines.join('\n')}\n`;
}

function flagSpelling(flag: FlagDeclaration): string {
  const long = `--${flag.name}${flag.value === undefined ? '' : ` <${flag.value}>`}`;
  return flag.short === undefined ? long : `-${flag.short}, ${long}`;
}

function positionalSpelling(positional: PositionalDeclaration): string {
  const word = positional.variadic ? `${positional.name}...` : positional.name;
  return positional.optional ? `[${word}]` : `<${word}>`;
}

function usageHint(declaration: ArgumentDeclaration): string {
  return declaration.usage ?? formatUsage(declaration);
}

/** Prints an ArgumentError the way okapi prints usage errors and returns its exit code (2). */
export function printArgumentError(error: ArgumentError, stderr: (text: string) => void): number {
  printProblem(stderr, error.message, error.hint);
  return error.exitCode;
}
