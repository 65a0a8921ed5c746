/**
 * The shorthand query language of `-f`: paths, wildcards, indexes and inclusive slices, `..name`,
 * `[]`, pipes, `{field, renamed: a.b}` projections, `[a, b]` arrays and `[expr]` filters, over the
 * normalised response `{proto, status, headers, links, body}`.
 *
 * `compileQuery` parses once and returns a function; a query that cannot be read throws a
 * QueryError (exit 2) pointing at the character at fault, and so does applying one to a value it
 * cannot handle (`{id}` on a number). A missing result is `null`.
 */

import { QueryError } from './errors.js';
import { compilePipeline } from './evaluate.js';
import { parseQuery } from './parser.js';

export { QueryError } from './errors.js';

export function compileQuery(text: string): (value: unknown) => unknown {
  let run: (value: unknown) => unknown;
  try {
    run = compilePipeline(parseQuery(text), text);
  } catch (error) {
    throw asQueryError(error, text, 'the filter is nested too deeply to read');
  }
  return (value) => {
    try {
      const result = run(value);
      return result === undefined ? null : result;
    } catch (error) {
      throw asQueryError(error, text, 'the data is nested too deeply to query');
    }
  };
}

/** Stack exhaustion (a RangeError) becomes a QueryError; anything else that is not one is a bug and stays as it is. */
function asQueryError(error: unknown, text: string, reason: string): unknown {
  if (error instanceof QueryError || !(error instanceof RangeError)) return error;
  return new QueryError(reason, 0, text);
}
