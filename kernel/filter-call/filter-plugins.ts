import { UsageError } from '../../sdk/errors.js';
import type { PluginRegistry } from '../plugins/registry.js';
import type { FilterRunner } from './run-filter.js';

/**
 * Filters run by the plugins that declare their language in `filter_languages`; a built-in first,
 * so an external plugin cannot take over `jq`. A plugin's code loads on its first filter.
 */
export function filterPlugins(registry: PluginRegistry): FilterRunner {
  return async (language, expression, value) => {
    const candidates = registry.withHook('filter').filter((r) => r.manifest?.filter_languages?.includes(language));
    const record = candidates.find((r) => r.builtin) ?? candidates[0];
    if (!record) {
      throw new UsageError(`-f needs a plugin that runs ${language} filters, and none is enabled`, {
        hint: "'okapi plugin list' shows the plugins and whether each is enabled",
      });
    }
    return registry.runtime(record).call('filter', { language, expression, value });
  };
}
