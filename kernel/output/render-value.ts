/**
 * `ctx.output` of a command: its data printed the way a response body is, so `okapi plugin list
 * -o yaml` or `-f` work as they do on a request. The filter runs over the value itself (there is no
 * response around it), then the value goes through the `-o` formatter, or `-o raw` as `jq -r` prints.
 */
import { filterResults, rawResults } from '../filter-call/output.js';
import type { FilterLanguage } from '../filter-call/language.js';
import type { Invocation } from '../invocation.js';
import type { PluginRegistry } from '../plugins/registry.js';
import { printPlanFor } from './print-plan.js';
import { formatValues, formatterNamed, write } from './render.js';

/** `format`: the command's own choice, used when the user gave no `-o`. */
export async function renderValue(value: unknown, inv: Invocation, registry: PluginRegistry, format?: string): Promise<void> {
  const chosen = inv.string('okapi-output-format') ?? format ?? 'auto';
  // Checked before the filter runs: a wrong -o fails the same way whatever the filter.
  const formatter = chosen === 'raw' ? undefined : formatterNamed(registry, chosen);
  const expression = inv.string('okapi-filter');
  const results =
    expression === undefined
      ? [value]
      : await filterResults({ expression, lang: inv.string('okapi-filter-lang') as FilterLanguage | undefined }, value, registry);
  if (formatter === undefined) {
    await write(inv.io.stdout, rawResults(results));
    return;
  }
  const plan = printPlanFor(inv);
  // Redirected with nothing asking for rendering, a response would be raw bytes; a value has none, so it prints pretty.
  await formatValues(results, formatter, inv, registry, { pretty: plan.raw || plan.pretty, color: plan.color }, chosen);
}
