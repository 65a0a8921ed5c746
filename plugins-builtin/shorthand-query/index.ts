/**
 * The `shorthand` filter language of `-f`: one result per filter, `null` for a missing value. A
 * query that cannot be read is answered as an unreadable failure, so okapi may try it as jq.
 */
import { definePlugin } from '../../sdk/define.js';
import { filterFailure } from '../../sdk/filter-failure.js';
import type { FilterFailure } from '../../sdk/types.js';
import { compileQuery, QueryError } from './compile.js';
import meta from './manifest.js';

export default definePlugin({
  ...meta,
  hooks: {
    filter(input) {
      let query: (value: unknown) => unknown;
      try {
        query = compileQuery(input.expression);
      } catch (error) {
        return { failure: queryFailure(error, true) };
      }
      try {
        return { results: [query(input.value)] };
      } catch (error) {
        return { failure: queryFailure(error, false) };
      }
    },
  },
});

/** A QueryError as a failure; anything else is a bug and is thrown as it is. */
function queryFailure(error: unknown, unreadable: boolean): FilterFailure {
  if (!(error instanceof QueryError)) throw error;
  return filterFailure(error, { unreadable, summary: `${error.reason} at position ${error.position}` });
}
