/**
 * Reads a generated command's words (what follows `okapi <api> <command>`, global flags already
 * taken by the kernel) against its OperationArguments, with the shared declared-argument parser
 * (sdk/arguments.ts). Everything that can be known wrong before sending is a usage error (exit 2)
 * naming the command (SPEC.md "Generated operation commands" item 14, issue #14 item 9): a missing
 * required argument, an unknown flag, a flag without its value, a value outside a closed enum, words
 * for a body the operation does not take. Values are otherwise passed on as typed: the serializer
 * and the body encoder decide what they mean.
 */
import { ArgumentError, parseArguments, type ArgumentDeclaration, type FlagDeclaration } from '../../../sdk/arguments.js';
import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';
import type { OperationArgument, OperationArguments } from '../../../sdk/shared/operation-arguments/operation-arguments.js';

export interface ParsedOperation {
  /** The parameters given, positionals first, then flags in the order the operation lists them. */
  values: { param: DetailParameter; words: string[] }[];
  /** The words after the positionals: the request body's shorthand. */
  bodyWords: string[];
  help: boolean;
  generateBody: boolean;
  validate: boolean;
}

/** The command's own flags, named so no parameter can take them (argument-names.ts). */
export const COMMAND_FLAGS = {
  help: 'help',
  generateBody: 'okapi-generate-body',
  validate: 'okapi-validate',
} as const;

export function parseOperationArguments(args: readonly string[], spec: OperationArguments): ParsedOperation {
  const usage = operationUsage(spec);
  const hint = `usage: ${usage}; 'okapi ${spec.command} --help' describes each`;
  const declaration: ArgumentDeclaration = {
    command: spec.command,
    flags: [
      ...spec.flags.map(flagDeclaration),
      { name: COMMAND_FLAGS.help, short: 'h' },
      { name: COMMAND_FLAGS.generateBody },
      { name: COMMAND_FLAGS.validate },
    ],
    // Counted here, where the positionals and the body words are told apart.
    positionals: [{ name: 'words', optional: true, variadic: true }],
    usage: hint,
  };
  let parsed;
  try {
    parsed = parseArguments(args, declaration);
  } catch (error) {
    if (error instanceof ArgumentError) throw new ArgumentError(`${spec.command}: ${error.message}`, hint);
    throw error;
  }
  // Help is shown whatever else is missing or wrong: it is how users find out what is.
  const help = parsed.flags.has(COMMAND_FLAGS.help);
  const generateBody = parsed.flags.has(COMMAND_FLAGS.generateBody);
  const words = parsed.positionals;
  const positionalWords = words.slice(0, spec.positionals.length);
  const bodyWords = words.slice(spec.positionals.length);
  if (!help) {
    // An example body depends on the body's schema alone and nothing is sent: the arguments a
    // request would need are not asked for.
    if (!generateBody && positionalWords.length < spec.positionals.length) {
      const missing = spec.positionals.slice(positionalWords.length);
      const named = missing.map((a) => `<${a.name}> (${a.param.in} parameter ${a.param.name})`).join(', ');
      throw new ArgumentError(`${spec.command} needs ${named}`, hint);
    }
    if (bodyWords.length > 0 && !spec.body) {
      const takes = spec.positionals.length === 0 ? 'takes no arguments' : `takes ${count(spec.positionals.length, 'argument')}`;
      throw new ArgumentError(`${spec.command} ${takes} and no request body; got "${bodyWords[0]}"`, hint);
    }
  }

  const values: ParsedOperation['values'] = [];
  positionalWords.forEach((word, i) => {
    const argument = spec.positionals[i]!;
    // An array given as one word ("a,b") is split by the serializer, as its style says; its items are not checked here.
    if (!help && !argument.repeatable) checkAllowed(spec, argument, `<${argument.name}>`, word);
    values.push({ param: argument.param, words: [word] });
  });
  for (const argument of spec.flags) {
    const given = flagWords(argument, parsed);
    if (given === undefined) continue;
    if (!help) for (const word of given) checkAllowed(spec, argument, `--${argument.name}`, word);
    values.push({ param: argument.param, words: given });
  }
  return {
    values,
    bodyWords,
    help,
    generateBody,
    validate: parsed.flags.has(COMMAND_FLAGS.validate),
  };
}

/** `okapi petstore get-pet <pet-id> [flags] [body...]`. */
export function operationUsage(spec: OperationArguments): string {
  return [
    'okapi',
    spec.command,
    ...spec.positionals.map((a) => `<${a.name}>`),
    ...(spec.flags.length > 0 ? ['[flags]'] : []),
    ...(spec.body ? ['[body...]'] : []),
  ].join(' ');
}

function flagDeclaration(argument: OperationArgument): FlagDeclaration {
  if (argument.boolean) return { name: argument.name };
  // An empty value is a value here: `--filter ''` sends `filter=`. Every value is kept, repeatable
  // or not: parseParameterValue joins an object's into one expression and refuses a second value
  // of a single one, rather than the parser silently keeping the last.
  return { name: argument.name, value: argument.valueType, repeatable: true, allowEmpty: true };
}

function flagWords(argument: OperationArgument, parsed: ReturnType<typeof parseArguments>): string[] | undefined {
  if (argument.boolean) {
    const value = parsed.booleans.get(argument.name);
    return value === undefined ? undefined : [String(value)];
  }
  return parsed.values.get(argument.name);
}

function checkAllowed(spec: OperationArguments, argument: OperationArgument, spelled: string, word: string): void {
  if (argument.allowed === undefined || argument.allowed.includes(word)) return;
  const allowed = argument.allowed.join(', ');
  throw new ArgumentError(`${spec.command}: ${spelled} "${word}" is not one of the values it allows: ${allowed}`, `give one of: ${allowed}`);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
