/**
 * The `--okapi-…` flags argv's scan could not place (kernel/cli/argv.ts), checked once the plugin
 * registry is read: a flag an external formatter declares in `formatter_options` is taken, like a
 * built-in formatter's, and render passes it only to the formatter that declares it; any other is
 * an unknown flag, as before. See docs/design/020-filter-hook.md.
 */
import { UsageError } from '../../sdk/shared/errors.js';
import { closestWords } from '../../sdk/shared/closest-words.js';
import type { PluginManifest } from '../../sdk/types.js';
import { builtins } from '../plugins/builtin-index.generated.js';
import type { PluginContainer } from '../plugins/container.js';
import { UNKNOWN_FLAG_HINT, type ScannedArgv } from './argv.js';
import { FLAG_TABLE, flagTable } from './flag-table.js';
import type { FlagSpec } from './flags.js';

/**
 * okapi's flag table with the flags that external formatters declare, which only the registry
 * knows: their manifests in precedence order, so a flag two of them declare means the first's.
 */
export function fullFlagTable(container: PluginContainer): FlagSpec[] {
  const external = new Set<PluginManifest>();
  for (const format of container.ownedNames('format')) {
    const owner = container.owner('format', format);
    if (owner && !owner.builtin && owner.manifest) external.add(owner.manifest);
  }
  return flagTable([...builtins.map((entry) => entry.manifest), ...external]);
}

/** Moves each undeclared flag that a formatter declares into the run's flags; throws for the first one none declares. */
export function acceptDeclaredFormatterFlags(scanned: ScannedArgv, container: PluginContainer): void {
  const declared = new Map(fullFlagTable(container).map((flag) => [flag.long, flag]));
  for (const { name, value } of scanned.undeclared) {
    const flag = declared.get(name);
    if (!flag) {
      // okapi's own flags first: of two equally near, the suggestion is okapi's.
      const [closest] = closestWords(name, [...FLAG_TABLE.map((known) => known.long), ...declared.keys()]);
      throw new UsageError(`unknown flag --${name}${closest === undefined ? '' : ` (did you mean --${closest}?)`}`, { hint: UNKNOWN_FLAG_HINT });
    }
    if (value === undefined) throw new UsageError(`--${name} needs a value${flag.valueName ? ` (${flag.valueName})` : ''}`);
    scanned.flags.set(name, value);
  }
  scanned.undeclared = [];
}
