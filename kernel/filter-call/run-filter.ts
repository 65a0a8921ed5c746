/**
 * `-f`: a filter over the normalised response `{proto, status, headers, links, body}` (or a
 * command's data), run by the plugin whose `filter` hook handles its language (built in: the
 * shorthand query language and jq). The language is `--okapi-filter-lang`'s, else detected
 * (language.ts).
 *
 * A filter detected as shorthand that shorthand cannot read is tried as jq (`map(.id)`,
 * `[.body[] | .id]`); when jq cannot read it either, the failure of the likelier language comes
 * first and the other's follows as a hint. A leading `.` can only be jq. Each language's plugin
 * loads on its first filter, so shorthand filters never pay for jq.
 */
import type { FilterFailure, FilterOutput } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { detectLanguage, likelierLanguage, type FilterLanguage } from './language.js';

/** A `-f` filter that failed, as its language's plugin reported it: exit 2 for a bad expression, 1 for a failed run. */
export class FilterError extends OkapiError {
  constructor(
    readonly language: FilterLanguage,
    readonly failure: FilterFailure,
  ) {
    super(failure.message, { exitCode: failure.exit_code, ...(failure.hint !== undefined ? { hint: failure.hint } : {}) });
    this.name = 'FilterError';
  }
}

/** Runs one filter in one language: the call of a filter plugin's hook. */
export type FilterRunner = (language: FilterLanguage, expression: string, value: unknown) => Promise<FilterOutput>;

/** The results of a filter: exactly one for shorthand, zero or more for jq. */
export async function applyFilter(run: FilterRunner, expression: string, value: unknown, lang?: FilterLanguage): Promise<unknown[]> {
  // A leading '.' can only be jq (shorthand paths start with a name), so jq alone answers for it.
  const language = lang ?? detectLanguage(expression);
  const output = await run(language, expression, value);
  if ('results' in output) return output.results;
  // A blank filter is a mistake in both languages, though jq would read it as `.`.
  if (lang !== undefined || language !== 'shorthand' || !output.failure.unreadable || expression.trim() === '') {
    throw new FilterError(language, output.failure);
  }
  return jqAfterShorthand(run, expression, value, output.failure);
}

async function jqAfterShorthand(run: FilterRunner, expression: string, value: unknown, shorthand: FilterFailure): Promise<unknown[]> {
  const output = await run('jq', expression, value);
  if ('results' in output) return output.results;
  const jq = output.failure;
  // jq read it and failed while running it: the filter was jq, and that failure is the news.
  if (!jq.unreadable) throw new FilterError('jq', jq);
  if (likelierLanguage(expression) === 'jq') throw new FilterError('jq', withHint(jq, `read as shorthand it fails too: ${shorthand.summary}`));
  throw new FilterError('shorthand', withHint(shorthand, `read as jq it fails too: ${jq.summary}`));
}

function withHint(failure: FilterFailure, hint: string): FilterFailure {
  return { ...failure, hint: [failure.hint, hint].filter(Boolean).join('; ') };
}
