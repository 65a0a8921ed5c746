/**
 * `okapi completion __complete <count> -- <word>…`: what the shell scripts call on each TAB. The
 * words are those after `okapi` up to the cursor, the last the one being completed; `<count>` says
 * how many there are, so a script that cannot pass an empty argument (PowerShell, fish) leaves an
 * empty last word out. `--` keeps okapi from reading the words as its own flags. Prints one
 * candidate a line (candidate.ts), nothing when there is none.
 */
import { UsageError } from '../../sdk/shared/errors.js';
import type { CommandContext } from '../../sdk/types.js';
import { candidateLines } from './candidate.js';
import { completionCandidates } from './candidates.js';
import { hostCompletionSource } from './completion-source.js';

/** Hidden: the verb is for the scripts, so help does not list it, and no user word starts with `__`. */
export const COMPLETE_VERB = '__complete';

export async function runComplete(args: readonly string[], ctx: CommandContext): Promise<number> {
  const words = typedWords(args);
  ctx.stdout(candidateLines(await completionCandidates(words, hostCompletionSource(ctx))));
  return 0;
}

/** The words with the one being completed last, empty when the script left it out. */
export function typedWords(args: readonly string[]): string[] {
  const [count, ...words] = args;
  const expected = /^[1-9]\d{0,3}$/.test(count ?? '') ? Number(count) : undefined;
  if (expected === undefined || (words.length !== expected && words.length !== expected - 1)) {
    throw new UsageError(`okapi completion ${COMPLETE_VERB} takes a word count (at least 1) and that many words, or one fewer; got ${JSON.stringify(args)}`, {
      hint: "the shell scripts call it; print one with 'okapi completion bash|zsh|fish|powershell'",
    });
  }
  return words.length === expected ? [...words] : [...words, ''];
}
