/**
 * What `-f` (and its shortcuts `--okapi-status`, `--okapi-headers`) asks of the output: which
 * filter runs over the normalised response, and how results print under `-o raw`. The filter
 * languages themselves load only when a filter is actually run.
 */

import { stringifyJson } from '../../sdk/json-stringify.js';
import type { Envelope } from '../pipeline/envelope.js';
import type { FilterLanguage } from './index.js';

export interface RequestedFilter {
  expression: string;
  /** Forced by `--okapi-filter-lang`; detected from the expression when undefined. */
  lang: FilterLanguage | undefined;
}

/** The filter's results over the response: one for shorthand, zero or more for jq. */
export async function filterResults(filter: RequestedFilter, envelope: Envelope): Promise<unknown[]> {
  const { applyFilter } = await import('./index.js');
  return applyFilter(filter.expression, envelope, filter.lang);
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
