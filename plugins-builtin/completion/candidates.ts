/**
 * What may come next on an okapi command line: `words` are those after `okapi`, the last one the
 * word being completed (empty when the cursor is after a space). The first word is a command, a
 * registered API, a method or `help`; after an API come its operations (or, with `command_layout:
 * tags`, its tags and then their operations), then the operation's flags and the values its
 * parameters allow. Global flags and their closed sets of values are offered wherever a flag fits.
 */
import type { GlobalFlagName } from '../../sdk/shared/global-flag-name.js';
import { GLOBAL_FLAG_NAMES } from '../../sdk/shared/global-flags.generated.js';
import { HTTP_METHODS } from '../../sdk/shared/http-methods.js';
import type { CommandEntry, CommandTable, DetailParameter, OperationDetail } from '../../sdk/shared/operation-detail-format.js';
import { startingWith, type Candidate } from './candidate.js';
import { isFlag, readCommandLine, type CommandLine } from './command-line.js';
import type { CompletionSource } from './completion-source.js';
import { enumValues, operationFlagCandidates, operationPositionals, takesValue, type OperationFlag } from './operation-arguments.js';
import { SHELL_SCRIPTS } from './shells.js';

/** The command word okapi itself answers: `okapi help [command]`. */
const HELP = 'help';
/** This plugin's command: a shell's name follows it. */
const COMPLETION = 'completion';

/** A generated operation named on the command line, and the words given to it so far. */
interface NamedOperation {
  detail: OperationDetail;
  flags: OperationFlag[];
  /** Positional words after the operation's name. */
  given: number;
}

export async function completionCandidates(words: readonly string[], source: CompletionSource): Promise<Candidate[]> {
  const typed = words.at(-1) ?? '';
  const prior = words.slice(0, -1);
  let line = readCommandLine(prior, globalTakesValue);
  let operation = await namedOperation(line.positionals, source);
  if (operation) {
    // Its flags are known now: the words after one that takes a value are no positionals.
    const flags = operation.flags;
    line = readCommandLine(prior, (flag) => globalTakesValue(flag) || flags.some((f) => f.flag === flag && takesValue(f)));
    operation = await namedOperation(line.positionals, source);
  }
  if (line.valueFor !== undefined) return startingWith(await flagValues(line.valueFor, line, operation, source), typed);
  if (!line.literal && typed.startsWith('--') && typed.includes('=')) {
    const flag = typed.slice(0, typed.indexOf('='));
    const values = await flagValues(flag, line, operation, source);
    return startingWith(values.map((value) => ({ ...value, value: `${flag}=${value.value}` })), typed);
  }
  // A lone `-` is a value to okapi (stdin), but typed before TAB it is the start of a flag.
  if (!line.literal && (typed === '-' || isFlag(typed))) return startingWith([...(operation?.flags ?? []).map(operationFlag), ...globalFlags()], typed);
  return startingWith(await positionalCandidates(line.positionals, operation, source), typed);
}

const GLOBAL_BY_SPELLING = new Map<string, GlobalFlagName>(
  GLOBAL_FLAG_NAMES.flatMap((flag) => [[`--${flag.long}`, flag] as const, ...(flag.short ? [[`-${flag.short}`, flag] as const] : [])]),
);

function globalTakesValue(flag: string): boolean {
  return GLOBAL_BY_SPELLING.get(flag)?.takes_value ?? false;
}

function globalFlags(): Candidate[] {
  return GLOBAL_FLAG_NAMES.flatMap((flag) => [
    { value: `--${flag.long}`, description: flag.description },
    ...(flag.short ? [{ value: `-${flag.short}`, description: flag.description }] : []),
  ]);
}

function operationFlag({ flag, parameter }: OperationFlag): Candidate {
  const description = parameter.deprecated ? `(deprecated) ${parameter.description ?? ''}` : parameter.description;
  return { value: flag, ...(description ? { description } : {}) };
}

/** The values a flag allows, when they form a closed set okapi knows. */
async function flagValues(flag: string, line: CommandLine, operation: NamedOperation | undefined, source: CompletionSource): Promise<Candidate[]> {
  const global = GLOBAL_BY_SPELLING.get(flag);
  if (global) {
    switch (global.long) {
      case 'okapi-output-format':
        return (await source.formats()).map((value) => ({ value }));
      case 'okapi-filter-lang':
        return [
          { value: 'shorthand', description: "okapi's shorthand query language" },
          { value: 'jq', description: 'jq' },
        ];
      case 'okapi-tls-min-version':
        return [{ value: 'TLS1.2' }, { value: 'TLS1.3' }];
      case 'okapi-profile':
        return profilesOf(line.positionals[0], source);
      default:
        return [];
    }
  }
  const parameter = operation?.flags.find((f) => f.flag === flag)?.parameter;
  return parameter ? parameterValues(parameter, operation.detail) : [];
}

/** The profiles of the API the command line names, if it names one. */
async function profilesOf(api: string | undefined, source: CompletionSource): Promise<Candidate[]> {
  if (api === undefined) return [];
  const found = (await source.apis()).find((summary) => summary.name === api);
  return (found?.profiles ?? []).map((value) => ({ value, description: `profile of ${api}` }));
}

function parameterValues(parameter: DetailParameter, detail: OperationDetail): Candidate[] {
  return enumValues(parameter, detail).map((value) => ({ value, ...(parameter.description ? { description: parameter.description } : {}) }));
}

async function positionalCandidates(positionals: string[], operation: NamedOperation | undefined, source: CompletionSource): Promise<Candidate[]> {
  const [first] = positionals;
  if (first === undefined) return firstWords(source);
  if (operation) {
    const parameter = operationPositionals(operation.detail)[operation.given];
    return parameter ? parameterValues(parameter, operation.detail) : [];
  }
  if (first === HELP) return positionals.length === 1 ? [...(await source.commands()), ...(await apiCandidates(source))] : [];
  if (first === COMPLETION) return positionals.length === 1 ? Object.entries(SHELL_SCRIPTS).map(([value, { description }]) => ({ value, description })) : [];
  if (await isApi(first, source)) return (await apiWords(first, positionals.slice(1), source, true))?.listing ?? [];
  return [];
}

async function firstWords(source: CompletionSource): Promise<Candidate[]> {
  return [
    ...(await source.commands()),
    { value: HELP, description: 'Show help for okapi, a command or an API' },
    ...(await apiCandidates(source)),
    ...[...HTTP_METHODS].map((method) => ({ value: method, description: `Send a request: okapi ${method} <url>` })),
  ];
}

async function apiCandidates(source: CompletionSource): Promise<Candidate[]> {
  return (await source.apis()).map((api) => ({ value: api.name, description: api.base_url ? `API at ${api.base_url}` : 'registered API' }));
}

async function isApi(word: string, source: CompletionSource): Promise<boolean> {
  return (await source.apis()).some((api) => api.name === word);
}

/**
 * The operation the positionals name (`<api> <command>`, or `<api> <tag> <command>` with the tags
 * layout), read from the API's command table and its details; undefined when they name none yet.
 */
async function namedOperation(positionals: string[], source: CompletionSource): Promise<NamedOperation | undefined> {
  const [api, ...rest] = positionals;
  if (api === undefined || rest.length === 0 || !(await isApi(api, source))) return undefined;
  const words = await apiWords(api, rest, source, false);
  if (!words?.entry) return undefined;
  const detail = await source.operation(api, words.entry);
  return { detail, flags: operationFlagCandidates(detail), given: words.given };
}

interface ApiWords {
  /** What may come next when the words name no operation yet. */
  listing?: Candidate[];
  /** The operation the words name, and how many words follow its name. */
  entry?: CommandEntry;
  given: number;
}

/** Reads the words after an API's name against its command table; `listing`: what comes next is wanted, with descriptions. */
async function apiWords(api: string, rest: string[], source: CompletionSource, listing: boolean): Promise<ApiWords | undefined> {
  const table = await source.commandTable(api, listing);
  if (!table) return undefined;
  const byTags = (await source.api(api))?.command_layout === 'tags';
  const [first, second] = rest;
  if (first === undefined) return { listing: byTags ? tagListing(table) : commandListing(table.commands), given: 0 };
  if (byTags && isTag(table, first)) {
    const inTag = table.commands.filter((command) => command.tags?.includes(first));
    if (second === undefined) return { listing: commandListing(inTag), given: 0 };
    const entry = findCommand(inTag, second);
    return entry ? { entry, given: rest.length - 2 } : { listing: [], given: 0 };
  }
  // With the tags layout, a command without tags stays at the first level.
  const entry = findCommand(byTags ? table.commands.filter((command) => !command.tags?.length) : table.commands, first);
  return entry ? { entry, given: rest.length - 1 } : { listing: [], given: 0 };
}

/** Callable by name or alias, hidden ones too; listed, only those not hidden. */
function findCommand(commands: readonly CommandEntry[], word: string): CommandEntry | undefined {
  return commands.find((command) => command.name === word) ?? commands.find((command) => command.aliases?.includes(word));
}

function commandListing(commands: readonly CommandEntry[]): Candidate[] {
  return commands
    .filter((command) => !command.hidden)
    .map((command) => {
      const description = command.deprecated ? `(deprecated) ${command.summary ?? ''}` : command.summary;
      return { value: command.name, ...(description ? { description } : {}) };
    });
}

function isTag(table: CommandTable, word: string): boolean {
  return table.tags.some((tag) => tag.word === word);
}

/** The tags that have a command to list, in the document's order, then the commands without a tag. */
function tagListing(table: CommandTable): Candidate[] {
  const tags = table.tags.flatMap((tag) => {
    const count = table.commands.filter((command) => !command.hidden && command.tags?.includes(tag.word)).length;
    const commands = `${count} command${count === 1 ? '' : 's'}`;
    return count === 0 ? [] : [{ value: tag.word, description: tag.description ? `${tag.description} (${commands})` : commands }];
  });
  return [...tags, ...commandListing(table.commands.filter((command) => !command.tags?.length))];
}
