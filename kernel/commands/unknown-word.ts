/**
 * A first word okapi does not know. A single word with no dot, colon or slash (`confg`, `help`,
 * `version`), or such a word before a path (`exmaple/items`), is far more often a mistyped command
 * or API than an intranet host, so instead of asking DNS for it okapi refuses it before any
 * network, naming the nearest command, method or API.
 */
import { UsageError } from '../../sdk/shared/errors.js';
import { closestWords } from '../../sdk/shared/closest-words.js';
import { HTTP_METHODS } from '../../sdk/shared/http-methods.js';
import { apiNameLengthProblem } from '../../sdk/shared/api-names.js';

export interface KnownWords {
  /** Top-level commands, built-in and from plugins. */
  commands: Iterable<string>;
  /** Registered API names. */
  apis: Iterable<string>;
}

/** One-word IPv4 forms the URL parser accepts: `2130706433`, `0x7f000001`. */
const NUMERIC_HOST = /^(?:0x[0-9a-f]*|\d+)$/i;

/**
 * The name a first word starts with (all of it, or what comes before `/`, `?` or `#`) when that
 * name could only be taken for a host by guessing: no dot or colon (`example.com`, `:8080`,
 * `[::1]`, `127.0.0.1` all have one), not `localhost`, not a numeric address. Undefined for
 * anything else, options (`-x`) and paths (`/x`) included.
 */
export function bareName(word: string): string | undefined {
  if (word.startsWith('-')) return undefined;
  const name = word.replace(/[/?#].*$/s, '');
  const host = name.replace(/^.*@/s, '');
  if (host === '' || /[.:]/.test(name) || /^localhost$/i.test(host) || NUMERIC_HOST.test(host)) return undefined;
  return name;
}

/**
 * The usage error for a first word whose bare name (see bareName) is not a command, method or
 * API. Only an API takes a path after its name, so `name/…` is compared with API names alone.
 * `server`: the `-s` value, when given, in which case the word was likely meant as a path on it.
 */
export function unknownWordError(word: string, name: string, known: KnownWords, server?: string): UsageError {
  // A name that long is no command and no API: say so without quoting it whole or comparing it with every name.
  const tooLong = apiNameLengthProblem(name);
  if (tooLong) return new UsageError(`${tooLong}, and okapi has no command that long`, { hint: "see 'okapi api list' for the registered APIs; write a host as a URL (https://…)" });
  const commands = [...known.commands, 'help'].sort();
  const apis = [...known.apis].sort();
  const withPath = name !== word;
  // `version` is a command in other tools; okapi spells it as a flag.
  const suggestions =
    word === 'version' ? ['--version'] : closestWords(name, withPath ? apis : [...commands, ...HTTP_METHODS, ...apis]);
  const didYouMean = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(' or ')}?` : '';
  const listing = withPath
    ? apis.length > 0
      ? `registered APIs: ${apis.join(', ')}`
      : "no API is registered (see 'okapi api connect --help')"
    : suggestions.length > 0
      ? "see 'okapi --help' for every command"
      : `okapi's commands: ${commands.join(', ')}; methods: ${[...HTTP_METHODS].join(', ')}${apis.length > 0 ? `; registered APIs: ${apis.join(', ')}` : ''}`;
  const asUrl =
    server === undefined
      ? `to reach a host named "${name}", write its URL: https://${withPath ? word : `${word}/`}`
      : `to send it to the -s server, write it as a path: /${word}`;
  const message = withPath
    ? `"${name}" (in "${word}") is not a registered API, and okapi does not guess that it is a host`
    : `"${word}" is not an okapi command, a registered API or a URL`;
  return new UsageError(`${message}${didYouMean}`, { hint: `${listing}; ${asUrl}` });
}
