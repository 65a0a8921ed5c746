/** One word a shell may offer, and what it means (zsh, fish and PowerShell show the description). */
export interface Candidate {
  value: string;
  description?: string;
}

/** The candidates that begin with what is typed so far, each value once. */
export function startingWith(candidates: readonly Candidate[], typed: string): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    if (!candidate.value.startsWith(typed) || seen.has(candidate.value)) return false;
    seen.add(candidate.value);
    return true;
  });
}

/**
 * The lines `okapi completion __complete` prints: the value, then a tab and the description when
 * there is one. A value holding a tab, a line break or another control character could not be read
 * back by the scripts, so it is left out; a description is kept to one short line.
 */
export function candidateLines(candidates: readonly Candidate[]): string {
  return candidates
    .filter((candidate) => candidate.value !== '' && !/\p{Cc}/u.test(candidate.value))
    .map((candidate) => {
      const description = oneLine(candidate.description ?? '');
      return description === '' ? `${candidate.value}\n` : `${candidate.value}\t${description}\n`;
    })
    .join('');
}

/** Longer descriptions are cut here: a completion menu shows one line per candidate. */
const DESCRIPTION_LENGTH = 100;

function oneLine(text: string): string {
  const line = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return line.length <= DESCRIPTION_LENGTH ? line : `${line.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}
