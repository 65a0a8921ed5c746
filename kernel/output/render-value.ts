/**
 * `ctx.output` of a command: its data printed the way a response body is, so `okapi plugin list
 * -o yaml` or `-f` work as they do on a request. The filter runs over the value itself (there is no
 * response around it), then the value goes through the `-o` formatter, or `-o raw` as `jq -r` prints.
 */
import { filterResults, rawResults } from '../filter-call/output.js';
import type { PluginRegistry } from '../plugins/registry.js';
import type { OutputOptions } from './output-options.js';
import { formatValues, formatterNamed, write } from './render.js';

/** `format`: the command's own choice, used when the user gave no `-o`. */
export async function renderValue(value: unknown, output: OutputOptions, registry: PluginRegistry, format?: string): Promise<void> {
  const chosen = output.format ?? format ?? 'auto';
  // Checked before the filter runs: a wrong -o fails the same way whatever the filter.
  const formatter = chosen === 'raw' ? undefined : formatterNamed(registry, chosen);
  // A command with nothing to show prints nothing; formatters take undefined as a decoded value (CBOR's).
  if (value === undefined) return;
  const filter = output.filter?.shortcut ? undefined : output.filter;
  const results = filter === undefined ? [value] : await filterResults(filter, value, registry);
  if (formatter === undefined) {
    await write(output.streams.stdout, rawResults(results));
    return;
  }
  const plan = output.print;
  // Redirected with nothing asking for rendering, a response would be raw bytes; a value has none, so it prints pretty.
  await formatValues(results, formatter, output, registry, { pretty: plan.raw || plan.pretty, color: plan.color }, chosen);
}
