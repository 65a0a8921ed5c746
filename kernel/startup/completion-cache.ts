/**
 * Completion answers kept in the cache directory, so a TAB is answered by the entry alone, as
 * cached help is (help-cache.ts): the candidates for the words before the cursor are stored whole
 * and cut to what is typed on each use. The config, the plugin directories and the command table
 * of the API the words name are stamped; any change is a miss, and the kernel asks the completion
 * plugin again (`okapi completion __complete`, plugins-builtin/completion/complete-verb.ts).
 */
import { resolveCacheDir, resolveConfigLocation } from '../config/paths.js';
import { apiCacheFiles } from '../api/cache-paths.js';
import { cachedHelp, keptAnswer, rootHelpFiles, type HelpCache } from './help-cache.js';

export interface CompletionCache extends HelpCache {
  /** The word being completed: the stored candidates that begin with it are printed. */
  typed: string;
  /** The argv that asks for every candidate at this place: the typed word left empty, or `-` for flags. */
  all: string[];
  /** The API the words name first, if they name one: its command table is stamped too. */
  api: string | undefined;
}

const COMPLETE = ['completion', '__complete'];

/** Where the answer to a completion request is kept, or undefined when it is not one worth keeping. */
export function completionCacheFor(argv: readonly string[], env: NodeJS.ProcessEnv, kernelFile: string, version: string): CompletionCache | undefined {
  const [, , count, separator, ...given] = argv;
  if (separator !== '--' || !/^[1-9]\d{0,2}$/.test(count ?? '')) return undefined;
  const words = given.length === Number(count) ? given : given.length === Number(count) - 1 ? [...given, ''] : undefined;
  if (!words) return undefined;
  const typed = words.at(-1)!;
  // `--flag=val` is completed as a whole word: kept only in its own cache line, not worth one.
  if (typed.includes('=')) return undefined;
  const prior = words.slice(0, -1);
  const place = typed.startsWith('-') ? '-' : '';
  const name = `${[place === '-' ? 'flags' : 'words', ...prior].map(encodeURIComponent).join('~')}.txt`;
  const kept = keptAnswer('completion', name, env, kernelFile, version);
  return kept && { ...kept, typed, all: [...COMPLETE, String(prior.length + 1), '--', ...prior, place], api: prior[0] };
}

/** What an answer depends on: the config, the plugin directories, the named API's command table. */
export function completionFiles(cache: CompletionCache, env: NodeJS.ProcessEnv): string[] {
  const location = resolveConfigLocation(undefined, env);
  const table = cache.api === undefined ? [] : [apiCacheFiles(resolveCacheDir(location, env), cache.api).commands];
  return [...rootHelpFiles(location.path, env), ...table];
}

/** The kept answer cut to what is typed, or undefined when there is none or it is out of date. */
export function cachedCompletion(cache: CompletionCache): string | undefined {
  const text = cachedHelp(cache);
  return text === undefined ? undefined : candidatesStartingWith(text, cache.typed);
}

/** The candidate lines (`value`, or `value<TAB>description`) whose value begins with `typed`. */
export function candidatesStartingWith(text: string, typed: string): string {
  return text
    .split('\n')
    .filter((line) => line !== '' && line.startsWith(typed))
    .map((line) => `${line}\n`)
    .join('');
}
