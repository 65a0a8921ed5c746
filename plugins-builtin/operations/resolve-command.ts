/**
 * Which operation `okapi <api> <words…>` names: a command name or alias, flat by default, or
 * `<tag> <command>` when the API's config says `command_layout: tags` (never guessed from the
 * description). Hidden commands answer to their exact name; anything else that does not match is
 * an error with the nearest names, never a guess.
 */
import { closestWords } from '../../sdk/shared/closest-words.js';
import { UsageError } from '../../sdk/shared/errors.js';
import type { CommandEntry, CommandTable, TagEntry } from '../../sdk/shared/operation-detail-format.js';

export type CommandLayout = 'flat' | 'tags';

export type Resolution =
  | { kind: 'command'; entry: CommandEntry; /** The words typed to name it: `list-pets`, or `pets list-pets`. */ typed: string; rest: string[] }
  /** `okapi <api> <tag>` alone: the tag's commands are listed. */
  | { kind: 'tag'; tag: TagEntry; rest: string[] };

export function resolveCommand(api: string, table: CommandTable, layout: CommandLayout, words: readonly string[]): Resolution {
  // The kernel keeps the user's `--` where it was typed (`okapi <api> <command> -- -5`), even before
  // the command (`okapi -- <api> <command> …`): it names no command, so the command is read past it,
  // and it stays at the head of what follows, where it still marks the words after it as arguments.
  const marker = words.indexOf('--');
  if (marker === -1) return resolveWords(api, table, layout, words);
  const resolution = resolveWords(api, table, layout, [...words.slice(0, marker), ...words.slice(marker + 1)]);
  const at = Math.max(0, marker - (words.length - 1 - resolution.rest.length));
  return { ...resolution, rest: [...resolution.rest.slice(0, at), '--', ...resolution.rest.slice(at)] };
}

function resolveWords(api: string, table: CommandTable, layout: CommandLayout, words: readonly string[]): Resolution {
  const [first, ...rest] = words;
  if (first === undefined) throw new UsageError(`okapi ${api} needs a command`, { hint: `see 'okapi ${api} --help'` });
  if (layout === 'tags') {
    const tag = table.tags.find((t) => t.word === first);
    if (tag) {
      const [second, ...after] = rest;
      if (second === undefined || second.startsWith('-')) return { kind: 'tag', tag, rest };
      const inTag = table.commands.filter((c) => c.tags?.includes(tag.word));
      const entry = byName(inTag, second);
      if (entry) return { kind: 'command', entry, typed: `${first} ${second}`, rest: after };
      throw unknownCommand(api, `${first} ${second}`, second, visibleNames(inTag), `see 'okapi ${api} ${first} --help'`);
    }
    // Commands with no tag stay at the top level.
    const untagged = table.commands.filter((c) => !c.tags || c.tags.length === 0);
    const entry = byName(untagged, first);
    if (entry) return { kind: 'command', entry, typed: first, rest };
    const tagged = byName(table.commands, first);
    if (tagged) {
      const tags = tagged.tags!.map((word) => `okapi ${api} ${word} ${first}`);
      throw new UsageError(`${api} groups its commands by tag (command_layout: tags): ${first} is under ${tagged.tags!.length === 1 ? 'its tag' : 'each of its tags'}`, {
        hint: `type ${tags.join(' or ')}`,
      });
    }
    throw unknownCommand(api, first, first, [...table.tags.map((t) => t.word), ...visibleNames(untagged)], `see 'okapi ${api} --help'`);
  }
  const entry = byName(table.commands, first);
  if (entry) return { kind: 'command', entry, typed: first, rest };
  throw unknownCommand(api, first, first, visibleNames(table.commands), `see 'okapi ${api} --help'`);
}

function byName(commands: readonly CommandEntry[], word: string): CommandEntry | undefined {
  return commands.find((c) => c.name === word) ?? commands.find((c) => c.aliases?.includes(word));
}

function visibleNames(commands: readonly CommandEntry[]): string[] {
  return commands.filter((c) => !c.hidden).flatMap((c) => [c.name, ...(c.aliases ?? [])]);
}

function unknownCommand(api: string, typed: string, word: string, known: string[], listing: string): UsageError {
  const near = closestWords(word, known);
  return new UsageError(`${api} has no command "${typed}"`, {
    hint: near.length > 0 ? `did you mean ${near.map((n) => `'${n}'`).join(' or ')}? (${listing})` : listing,
  });
}
