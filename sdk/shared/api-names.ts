/**
 * API name rules (SPEC.md "Config file"): Unicode letters, numbers and combining marks, `-` and `_`;
 * the first character a letter or a number; at most MAX_API_NAME_LENGTH characters (a name is part
 * of cache paths, and people type it); never the name of a command okapi already has, since
 * `okapi <api>` and `okapi <command>` share the first word of argv.
 */
import { BUILTIN_COMMAND_NAMES } from './command-names.generated.js';
import { HTTP_METHODS } from './http-methods.js';
import { KERNEL_COMMANDS } from './kernel-commands.js';
import { UsageError } from './errors.js';

export const MAX_API_NAME_LENGTH = 64;

/** How much of an over-long name a message quotes: enough to recognise it. */
const QUOTED_LENGTH = 20;

/** Commands built into okapi whatever plugins exist: the built-in plugins' (as their manifests declare them) and the kernel's own. */
export const RESERVED_COMMANDS: readonly string[] = [...BUILTIN_COMMAND_NAMES, ...KERNEL_COMMANDS];


/**
 * Why `name` cannot name an API, or undefined when it can. `commands` are the command names the
 * command table knows now (built-in and plugin commands); method words are refused in any case.
 */
export function apiNameProblem(name: string, commands: Iterable<string> = []): string | undefined {
  if (name === '') return 'an API name cannot be empty';
  const tooLong = apiNameLengthProblem(name);
  if (tooLong) return tooLong;
  const first = String.fromCodePoint(name.codePointAt(0)!);
  if (!/^[\p{L}\p{N}]$/u.test(first)) {
    return `"${name}" starts with ${describeChar(first)}; an API name starts with a letter or a number`;
  }
  // Inside the function: creating a Unicode-property regex costs ~1 ms, too much for start-up.
  if (!/^[\p{L}\p{N}][\p{L}\p{N}\p{M}_-]*$/u.test(name)) {
    const bad = [...name].find((c) => !/^[\p{L}\p{N}\p{M}_-]$/u.test(c)) ?? '';
    return `"${name}" contains ${describeChar(bad)}; an API name may hold only letters, numbers, combining marks, "-" and "_"`;
  }
  if (HTTP_METHODS.has(name.toLowerCase())) return `"${name}" is a method command (okapi ${name.toLowerCase()} <url>)`;
  const reserved = new Set([...RESERVED_COMMANDS, ...commands]);
  if (reserved.has(name)) return `"${name}" is the name of an okapi command (okapi ${name})`;
  return undefined;
}

/** Why `name` is too long for an API name, quoting only its start; undefined when it is not. */
export function apiNameLengthProblem(name: string): string | undefined {
  const characters = [...name];
  if (characters.length <= MAX_API_NAME_LENGTH) return undefined;
  return `"${characters.slice(0, QUOTED_LENGTH).join('')}…" is ${characters.length} characters long; an API name has at most ${MAX_API_NAME_LENGTH}`;
}

/**
 * For commands that look an API up by name: an over-long name cannot be one, and is refused as a
 * usage error before any lookup could quote it whole or build a file path from it.
 */
export function refuseOverlongApiName(name: string): void {
  const problem = apiNameLengthProblem(name);
  if (problem) throw new UsageError(problem, { hint: "see 'okapi api list' for the registered names" });
}

function describeChar(c: string): string {
  if (c === ' ') return 'a space';
  if (/^\s$/u.test(c)) return 'whitespace';
  if (/^\p{C}$/u.test(c)) return `the control character U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `"${c}"`;
}
