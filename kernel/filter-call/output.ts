/**
 * What `-f` (and its shortcuts `--okapi-status`, `--okapi-headers`) asks of the output: which
 * filter runs over the normalised response, and how results print under `-o raw`. The filter
 * plugins load only when a filter is actually run.
 */

import { UsageError } from '../../sdk/shared/errors.js';
import { jsonTextOrRefuse } from '../../sdk/shared/unwritable.js';
import type { PluginRegistry } from '../plugins/registry.js';
import type { FilterLanguage } from './language.js';
import type { FilterRunner } from './run-filter.js';

export interface RequestedFilter {
  expression: string;
  /** Forced by `--okapi-filter-lang`; detected from the expression when undefined. */
  lang: FilterLanguage | undefined;
}

/**
 * The filter's results over `value` (the response envelope, or a command's data): one for
 * shorthand, zero or more for jq. Each language is run by the plugin that owns it
 * (`filter_languages`) in the plugin container: a built-in first, so an external plugin takes over
 * `jq` only where config says so. A plugin's code loads on its first filter.
 */
export async function filterResults(filter: RequestedFilter, value: unknown, registry: PluginRegistry): Promise<unknown[]> {
  const { applyFilter } = await import('./run-filter.js');
  const run: FilterRunner = async (language, expression, input) => {
    const record = registry.container.owner('filter', language);
    if (!record) {
      throw new UsageError(`-f needs a plugin that runs ${language} filters, and none is enabled`, {
        hint: "'okapi plugin list' shows the plugins and whether each is enabled",
      });
    }
    return registry.container.call(record, 'filter', { language, expression, value: input });
  };
  return applyFilter(run, filter.expression, value, filter.lang);
}

/**
 * `-o raw` with a filter, as `jq -r` prints: bytes exactly as they are, a string as its text, any
 * other value as compact JSON, each but bytes followed by a newline.
 */
export function rawResults(results: readonly unknown[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const result of results) {
    if (result instanceof Uint8Array) {
      chunks.push(result);
      continue;
    }
    const text = typeof result === 'string' ? result : jsonTextOrRefuse(result, '-o raw');
    chunks.push(Buffer.from(`${text}\n`, 'utf8'));
  }
  return Buffer.concat(chunks);
}
