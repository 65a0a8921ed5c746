/**
 * The words typed before the one being completed, read as okapi reads argv: flags (and the values
 * they take) apart from positional words, `--` ending flags.
 */

export interface CommandLine {
  /** The words that are no flag and no flag's value, in order. */
  positionals: string[];
  /** The flag, as typed (`-o`, `--okapi-profile`), whose value the word being completed is. */
  valueFor?: string;
  /** `--` came earlier: the word being completed is no flag. */
  literal: boolean;
}

/** `takesValue('-o')`, `takesValue('--okapi-profile')`: whether that flag, given alone, takes the next word. */
export function readCommandLine(prior: readonly string[], takesValue: (flag: string) => boolean): CommandLine {
  const positionals: string[] = [];
  let valueFor: string | undefined;
  let literal = false;
  for (const word of prior) {
    if (valueFor !== undefined) {
      valueFor = undefined;
      continue;
    }
    if (literal) positionals.push(word);
    else if (word === '--') literal = true;
    else if (isFlag(word)) {
      // `--flag=value` and `-ovalue` carry their value; only a flag alone takes the next word.
      const alone = word.startsWith('--') ? !word.includes('=') : word.length === 2;
      if (alone && takesValue(word)) valueFor = word;
    } else positionals.push(word);
  }
  return { positionals, ...(valueFor === undefined ? {} : { valueFor }), literal };
}

/** As okapi's argv scanner decides: `-` alone and negative numbers (`-5`) are values, not flags. */
export function isFlag(word: string): boolean {
  return word.length > 1 && word.startsWith('-') && !/^-\d/.test(word);
}
