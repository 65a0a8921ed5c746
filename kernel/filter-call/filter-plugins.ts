import { UsageError } from '../../sdk/shared/errors.js';
import type { PluginRegistry } from '../plugins/registry.js';
import type { FilterRunner } from './run-filter.js';

/**
 * Filters run by the plugin that owns their language (`filter_languages`) in the plugin container:
 * a built-in first, so an external plugin takes over `jq` only where config says so. A plugin's
 * code loads on its first filter.
 */
export function filterPlugins(registry: PluginRegistry): FilterRunner {
  return async (language, expression, value) => {
    const record = registry.container.owner('filter', language);
    if (!record) {
      throw new UsageError(`-f needs a plugin that runs ${language} filters, and none is enabled`, {
        hint: "'okapi plugin list' shows the plugins and whether each is enabled",
      });
    }
    return registry.container.call(record, 'filter', { language, expression, value });
  };
}
