/**
 * What `-f` (and its shortcuts `--okapi-status`, `--okapi-headers`) asks of the output: which
 * filter runs over the normalised response, and how results print under `-o raw`. The filter
 * plugins load only when a filter is actually run.
 */

import { stringifyJson } from '../../sdk/shared/json-stringify.js';
import type { PluginRegistry } from '../plugins/registry.js';
import type { FilterLanguage } from './language.js';

export interface RequestedFilter {
  expression: string;
  /** Forced by `--okapi-filter-lang`; detected from the expression when undefined. */
  lang: FilterLanguage | undefined;
}

/** The filter's results over `value` (the response envelope, or a command's data): one for shorthand, zero or more for jq. */
export async function filterResults(filter: RequestedFilter, value: unknown, registry: PluginRegistry): Promise<unknown[]> {
  const [{ applyFilter }, { filterPlugins }] = await Promise.all([import('./run-filter.js'), import('./filter-plugins.js')]);
  return applyFilter(filterPlugins(registry), filter.expression, value, filter.lang);
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
    const text = typeof result === 'string' ? result : stringifyJson(result);
    chunks.push(Buffer.from(`${text}\n`, 'utf8'));
  }
  return Buffer.concat(chunks);
}
