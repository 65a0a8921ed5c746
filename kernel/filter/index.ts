/**
 * `-f`: a filter over the normalised response `{proto, status, headers, links, body}`, written in
 * the shorthand query language or in jq. The language is detected unless `--okapi-filter-lang`
 * says: a leading `.` is jq (`.body[] | select(.id > 2)`), except `..name`, which is shorthand's
 * recursive descent (`.. | .id?` is jq again); anything else is shorthand (`body.items[0].name`).
 *
 * A filter detected as shorthand that shorthand cannot read is tried as jq (`map(.id)`,
 * `[.body[] | .id]`); when jq cannot read it either, the error of the likelier language comes
 * first and the other's follows as a hint. A leading `.` can only be jq. jq is loaded only when a
 * filter needs it, so shorthand filters never pay for it.
 */

import { ExitCode, UsageError } from '../../sdk/errors.js';
import { isNameChar } from './shorthand-query/cursor.js';
import { compileQuery, QueryError } from './shorthand-query/index.js';

export { compileQuery, QueryError } from './shorthand-query/index.js';

export type FilterLanguage = 'shorthand' | 'jq';

export const FILTER_LANGUAGES: readonly FilterLanguage[] = ['shorthand', 'jq'];

/** The results of a filter: exactly one for shorthand, zero or more for jq. */
export async function applyFilter(expression: string, envelope: object, lang?: FilterLanguage): Promise<unknown[]> {
  if (lang === 'shorthand') return [compileQuery(expression)(envelope)];
  if (lang === 'jq') return (await loadJq()).runJq(expression, envelope);
  // A leading '.' can only be jq (shorthand paths start with a name), so jq alone answers for it.
  if (detectLanguage(expression) === 'jq') return (await loadJq()).runJq(expression, envelope);
  return shorthandFirst(expression, envelope);
}

/** The language a filter is written in, judged from its start. */
export function detectLanguage(expression: string): FilterLanguage {
  const text = expression.trimStart();
  if (!text.startsWith('.')) return 'shorthand';
  if (!text.startsWith('..')) return 'jq';
  // `..name` and `.."quoted name"` descend to a name: shorthand. `..`, `.. | .x`, `..[]`, `..?`: jq.
  return text.charAt(2) === '"' || isNameChar(text.charCodeAt(2)) ? 'shorthand' : 'jq';
}

async function shorthandFirst(expression: string, envelope: object): Promise<unknown[]> {
  let query: (value: unknown) => unknown;
  try {
    query = compileQuery(expression);
  } catch (queryError) {
    // A blank filter is a mistake in both languages, though jq would read it as `.`.
    if (!(queryError instanceof QueryError) || expression.trim() === '') throw queryError;
    const jq = await loadJq();
    try {
      return await jq.runJq(expression, envelope);
    } catch (jqError) {
      // jq read it and failed while running it: the filter was jq, and that failure is the news.
      if (!(jqError instanceof jq.JqError) || jqError.exitCode !== ExitCode.usage) throw jqError;
      throw likelierLanguage(expression) === 'jq' ? jqWithShorthandHint(jqError, queryError) : queryWithJqHint(queryError, jqError);
    }
  }
  return [query(envelope)];
}

/**
 * Which language a filter that neither reads was most likely meant in: jq when it has a leading
 * `.` or syntax only jq has (calls such as `select(`, `$variables`, `//`, `|=`, `| .x`, `(.x`).
 */
export function likelierLanguage(expression: string): FilterLanguage {
  if (detectLanguage(expression) === 'jq') return 'jq';
  return /[A-Za-z_][A-Za-z0-9_]*\s*\(|\$[A-Za-z_]|\/\/|\|=|\|\s*\.|\(\s*\./.test(expression) ? 'jq' : 'shorthand';
}

function queryWithJqHint(queryError: QueryError, jqError: UsageError): QueryError {
  const hint = [queryError.hint, `read as jq it fails too: ${firstLine(jqError.message)}`].filter(Boolean).join('; ');
  return new QueryError(queryError.reason, queryError.position, queryError.expression, { hint });
}

function jqWithShorthandHint(jqError: UsageError, queryError: QueryError): UsageError {
  const hint = [jqError.hint, `read as shorthand it fails too: ${queryError.reason} at position ${queryError.position}`].filter(Boolean).join('; ');
  return new UsageError(jqError.message, { hint, cause: jqError });
}

/** The first line of a message, without the colon that introduced what followed it. */
function firstLine(text: string): string {
  const newline = text.indexOf('\n');
  return (newline === -1 ? text : text.slice(0, newline)).replace(/:\s*$/, '');
}

type JqModule = typeof import('./jq/index.js');

/** jq (WebAssembly) is loaded on the first filter that needs it. */
function loadJq(): Promise<JqModule> {
  return import('./jq/index.js');
}
