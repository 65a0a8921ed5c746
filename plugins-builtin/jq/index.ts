/**
 * The `jq` filter language of `-f`: zero or more results per filter. A program that does not
 * compile is answered as an unreadable failure, so okapi can tell it from one that failed running.
 * jq itself (WebAssembly) loads on the first filter.
 */
import { definePlugin } from '../../sdk/define.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { filterFailure } from '../../sdk/filter-failure.js';
import { JqError } from './error.js';
import meta from './manifest.js';
import { runJq } from './run-jq.js';
import { firstMessageLine } from '../../sdk/shared/first-message-line.js';

export default definePlugin({
  ...meta,
  hooks: {
    async filter(input) {
      try {
        return { results: await runJq(input.expression, input.value) };
      } catch (error) {
        if (!(error instanceof OkapiError)) throw error;
        return { failure: filterFailure(error, { unreadable: error instanceof JqError && error.failure === 'compile', summary: firstMessageLine(error.message) }) };
      }
    },
  },
});
