/**
 * The `--okapi-…` flags argv's scan could not place (kernel/cli/argv.ts), checked once the plugin
 * registry is read: a flag an external formatter declares in `formatter_options` is taken, like a
 * built-in formatter's, and render passes it only to the formatter that declares it; any other is
 * an unknown flag, as before. See docs/design/020-filter-hook.md.
 */
import { UsageError } from '../../sdk/shared/errors.js';
import { closestWords } from '../../sdk/shared/closest-words.js';
import type { FormatterOption, PluginManifest } from '../../sdk/types.js';
import type { PluginContainer } from '../plugins/container.js';
import { UNKNOWN_FLAG_HINT, type ScannedArgv } from './argv.js';
import { FLAG_TABLE } from './flag-table.js';

/** The manifests of external plugins that own a format, in precedence order: whose flags okapi's own table lacks. */
export function externalFormatterManifests(container: PluginContainer): PluginManifest[] {
  const manifests = new Set<PluginManifest>();
  for (const format of container.ownedNames('format')) {
    const owner = container.owner('format', format);
    if (owner && !owner.builtin && owner.manifest) manifests.add(owner.manifest);
  }
  return [...manifests];
}

/** Moves each undeclared flag that a formatter declares into the run's flags; throws for the first one none declares. */
export function acceptDeclaredFormatterFlags(scanned: ScannedArgv, container: PluginContainer): void {
  const declared = new Map<string, FormatterOption>();
  for (const manifest of externalFormatterManifests(container)) {
    for (const option of manifest.formatter_options ?? []) if (!declared.has(option.flag)) declared.set(option.flag, option);
  }
  for (const { name, value } of scanned.undeclared) {
    const option = declared.get(name);
    if (!option) {
      const [closest] = closestWords(name, [...FLAG_TABLE.map((flag) => flag.long), ...declared.keys()]);
      throw new UsageError(`unknown flag --${name}${closest === undefined ? '' : ` (did you mean --${closest}?)`}`, { hint: UNKNOWN_FLAG_HINT });
    }
    if (value === undefined) throw new UsageError(`--${name} needs a value${option.value_name ? ` (${option.value_name})` : ''}`);
    scanned.flags.set(name, value);
  }
  scanned.undeclared = [];
}
