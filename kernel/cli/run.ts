/**
 * Dispatch: the kernel decides what the words mean (cac cannot match multi-word commands such as
 * `api connect` or `<api> <operation>`), then hands over to a request or a plugin command.
 */
import { ExitCode, exitCodeOf, formatError, UsageError } from '../../sdk/shared/errors.js';
import { interruptedBy, interruptExitCode } from '../../sdk/interrupt.js';
import { Invocation, type Streams } from '../invocation.js';
import { OKAPI_VERSION } from '../../sdk/shared/version.js';
import { scanArgv } from './argv.js';
import { HTTP_METHODS } from '../../sdk/shared/http-methods.js';
import { rootHelpFiles, storeHelp, type HelpCache } from '../startup/help-cache.js';
import type { CompletionCache } from '../startup/completion-cache.js';
import { apiEntry, apiNames, localSpecSources } from '../../sdk/shared/api-config.js';
import { configDir } from '../config/paths.js';
import { bareName, unknownWordError } from '../commands/unknown-word.js';
import { apiCommandEntry } from '../commands/api-command-route.js';
import { RESERVED_COMMANDS } from '../../sdk/shared/api-names.js';

/**
 * Flags of generated operation commands: global so that argv scanning knows they take no value, handed
 * to the plugin that owns the API's commands as its own arguments.
 */
const OPERATION_FLAGS = ['okapi-generate-body', 'okapi-validate'] as const;

// Each path loads only its own code: a request never loads help, help never loads the transport.
const request = () => import('../commands/request.js');

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env, io: Streams = process, helpCache?: HelpCache): Promise<number> {
  if (helpCache && 'all' in helpCache) return completeAndKeep(helpCache as CompletionCache, env, io);
  let inv: Invocation | undefined;
  try {
    const scanned = scanArgv(argv);
    inv = new Invocation(scanned, env, io);
    if (scanned.flags.get('version')) {
      inv.writeFinal(`okapi ${OKAPI_VERSION}\n`);
      return ExitCode.ok;
    }
    // `okapi help [command]` is `okapi [command] --help`.
    const helpCommand = scanned.words[0] === 'help';
    const words = helpCommand ? scanned.words.slice(1) : scanned.words;
    const wantsHelp = helpCommand || Boolean(scanned.flags.get('help') || scanned.flags.get('help-all'));
    const first = words[0];

    if (first !== undefined && HTTP_METHODS.has(first.toLowerCase()) && !wantsHelp) return await (await request()).runRequest(inv, words);
    // `okapi <api>` and `okapi <api> --help`: the API's help from its small cached index, before
    // (and without) the plugin registry. Built-in command names are never API names.
    // An `--okapi-…` flag the scan did not know needs the registry to be checked, so it skips this.
    if (first !== undefined && words.length === 1 && scanned.undeclared.length === 0 && !RESERVED_COMMANDS.includes(first) && apiEntry(inv.config(), first)) {
      return await (await import('../api/api-help.js')).printApiHelp(inv, first, helpCache);
    }

    // `okapi config` repairs a config file that does not parse: it must not need the file first.
    const registry = await inv.registry(first === 'config');
    // The one word's owner, not the whole table: a call dispatches without the claims it does not use.
    const entry = first === undefined ? undefined : registry.container.commandEntry(first);
    const bare = first === undefined || entry ? undefined : bareName(first);
    if (bare !== undefined && !isKnownName(bare, bare !== first, inv)) {
      throw unknownWordError(first!, bare, { commands: registry.container.commandTable().commands.keys(), apis: apiNames(inv.config()) }, inv.string('okapi-server'));
    }

    // `okapi <api> <command…> --help` (or `okapi help <api> <command…>`): the command's own help,
    // from the plugin that owns the API's commands.
    const apiCommand = entry ? undefined : apiCommandEntry(words, inv.config(), registry.container);
    if (apiCommand) {
      const kernelFlags = [...OPERATION_FLAGS.filter((flag) => scanned.flags.get(flag)).map((flag) => `--${flag}`), ...(wantsHelp ? ['--help'] : [])];
      const args = operationArgs(words, scanned.words.length - words.length, scanned.literalFrom, kernelFlags);
      const { runPluginCommand } = await import('../commands/plugin-command.js');
      if (!wantsHelp || !helpCache) return await runPluginCommand(inv, registry, apiCommand, args);
      // The command's help is kept like an API's: the next `--help` is answered by the entry alone.
      const { code, text } = await captureStdout(io, () => runPluginCommand(inv!, registry, apiCommand, args));
      const { apiCacheFiles } = await import('../api/cache-paths.js');
      if (code === ExitCode.ok) {
        const sources = localSpecSources(apiEntry(inv.config(), first!)!, configDir(inv.configLocation));
        storeHelp(helpCache, text, [...rootHelpFiles(inv.configPath, env), apiCacheFiles(inv.cacheDir, first!).commands, ...sources]);
      }
      return code;
    }
    const operationFlag = OPERATION_FLAGS.find((flag) => scanned.flags.get(flag));
    if (operationFlag) {
      throw new UsageError(`--${operationFlag} applies to a registered API's generated commands only`, { hint: "see 'okapi <api> --help' for an API's commands" });
    }

    if (wantsHelp || first === undefined) {
      const { commandHelp, rootHelp } = await import('./help.js');
      const help = entry ? commandHelp(entry) : rootHelp(registry.container, Boolean(scanned.flags.get('help-all')));
      if (!wantsHelp) {
        // `okapi` alone asked for nothing: the help says what it could have asked, as a usage error.
        if (!inv.flag('okapi-silent')) io.stderr.write(help);
        return ExitCode.usage;
      }
      inv.writeFinal(help);
      if (helpCache && !entry && !scanned.flags.get('help-all') && words.length === 0) storeHelp(helpCache, help, rootHelpFiles(inv.configPath, env));
      return ExitCode.ok;
    }
    if (entry) return await (await import('../commands/plugin-command.js')).runPluginCommand(inv, registry, entry, words.slice(1));
    return await (await request()).runRequest(inv, words);
  } catch (error) {
    // What an interrupt broke (a plugin stopped, a request aborted) is no error to report.
    const interrupted = interruptedBy();
    if (interrupted !== undefined) return interruptExitCode(interrupted);
    if (!inv?.flag('okapi-silent')) io.stderr.write(`${formatError(error)}\n`);
    return exitCodeOf(error);
  } finally {
    inv?.reportDroppedDiagnostics();
  }
}

/**
 * Whether a bare name means something besides a command of the table: a registered API, or, as a
 * word alone, a method or `help`. Before a path (`name/…`) only an API name does.
 */
function isKnownName(name: string, beforePath: boolean, inv: Invocation): boolean {
  if (apiEntry(inv.config(), name) !== undefined) return true;
  return !beforePath && (HTTP_METHODS.has(name.toLowerCase()) || name === 'help');
}

/**
 * The words a generated command's plugin parses: those after the API name, with the flags the
 * kernel took for it, and the user's `--` kept (the scan drops it) so that words after it that
 * start with `-` stay arguments. It goes where it was typed, but never ahead of the command's
 * first word: the plugin reads the command's name first (resolve-command.ts reads past a `--`
 * among its words). `skipped`: words before `words` (`help`).
 */
function operationArgs(words: readonly string[], skipped: number, literalFrom: number | undefined, kernelFlags: readonly string[]): string[] {
  const rest = words.slice(1);
  if (literalFrom === undefined) return [...rest, ...kernelFlags];
  const at = Math.max(1, literalFrom - skipped - 1);
  return [...rest.slice(0, at), ...kernelFlags, '--', ...rest.slice(at)];
}

/**
 * A TAB the entry found no kept answer for: every candidate at that place is asked for, kept, and
 * those that begin with the typed word printed (kernel/startup/completion-cache.ts).
 */
async function completeAndKeep(cache: CompletionCache, env: NodeJS.ProcessEnv, io: Streams): Promise<number> {
  const { code, text } = await captureStdout(io, () => run(cache.all, env, io), { through: false });
  const { candidatesStartingWith, completionFiles } = await import('../startup/completion-cache.js');
  if (code === ExitCode.ok) storeHelp(cache, text, completionFiles(cache, env));
  io.stdout.write(candidatesStartingWith(text, cache.typed));
  return code;
}

/** Runs `run`, keeping a copy of what it writes to stdout (and writing it through, unless told not to). */
async function captureStdout(io: Streams, run: () => Promise<number>, options: { through: boolean } = { through: true }): Promise<{ code: number; text: string }> {
  const chunks: string[] = [];
  const write = io.stdout.write;
  io.stdout.write = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    if (!options.through) return true;
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
  try {
    return { code: await run(), text: chunks.join('') };
  } finally {
    io.stdout.write = write;
  }
}
