/**
 * The names a generated command gives its parameters on the command line: the flag `--page-size`
 * for the query parameter `page[size]`, the argument `<pet-id>` for the path parameter `petId`.
 * Only the command line sees them; the request carries `param.name` exactly as the document wrote it.
 *
 * The rule, in order:
 * 1. The name is `x-cli-name` when given, else the parameter's name.
 * 2. It is made a shell word: camelCase humps split (`petId` → `pet-id`, `HTTPVersion` →
 *    `http-version`), every run of characters that are not letters or digits becomes one `-`
 *    (`$select` → `select`, `page[size]` → `page-size`, `X-Request-ID` → `x-request-id`), no `-`
 *    at either end, lower case. A name with no letter or digit becomes `<location>-parameter`.
 * 3. A name the command line already gives a meaning (`help`, `h`, `help-all`, `version`, and
 *    everything starting `okapi`: okapi's global flags and the command's own) gets its location in
 *    front: `--query-help`, `--header-okapi-trace`.
 * 4. Parameters in different locations that end up with the same name all get their location in
 *    front (`--query-id`, `--header-id`), so neither is the "real" one users must guess.
 * 5. Any name still taken (two query parameters `pageSize` and `page_size`) is numbered in
 *    parameter order: the first keeps it, the next is `page-size-2`, and so on.
 */
import type { DetailParameter } from '../operation-detail-format.js';

/**
 * Long names okapi reads before a generated command sees its words, or the command's own; the
 * one-letter globals (`-H`, `-q`, …) are spelled with one dash and cannot clash with a `--` flag
 * except `-h`, whose long form is `--help`.
 */
const RESERVED = new Set(['help', 'h', 'help-all', 'version']);

export function isReservedName(name: string): boolean {
  return RESERVED.has(name) || name === 'okapi' || name.startsWith('okapi-');
}

/** Step 2 of the rule: the shell word for a name as the document wrote it. */
export function shellWord(name: string): string {
  // ASCII names (nearly all) take ASCII classes: compiling the Unicode property classes costs a
  // millisecond or two on each call, a tenth of a generated command's budget.
  if (!/[^\x00-\x7f]/.test(name)) {
    return name
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase();
  }
  return name
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1-$2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1-$2')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** The command-line name of each parameter, in the order given (the rule above). */
export function argumentNames(params: readonly DetailParameter[]): string[] {
  const names = params.map((p) => {
    const word = shellWord(p.cli_name ?? p.name);
    if (word === '') return `${p.in}-parameter`;
    return isReservedName(word) ? `${p.in}-${word}` : word;
  });

  const locationsByName = new Map<string, Set<string>>();
  names.forEach((name, i) => locationsByName.set(name, (locationsByName.get(name) ?? new Set()).add(params[i]!.in)));
  const located = names.map((name, i) => (locationsByName.get(name)!.size > 1 ? `${params[i]!.in}-${name}` : name));

  const taken = new Set<string>();
  return located.map((name) => {
    let unique = name;
    for (let n = 2; taken.has(unique); n++) unique = `${name}-${n}`;
    taken.add(unique);
    return unique;
  });
}
