/**
 * The flags argv is scanned with and help lists: the global ones (flags.ts), and those the
 * built-in formatters declare in their manifests' `formatter_options`, read from the static index
 * so that start-up loads no plugin. Declared flags follow the output flags (-o, --okapi-print).
 */
import { builtins } from '../plugins/builtin-index.generated.js';
import type { PluginManifest } from '../../sdk/types.js';
import { GLOBAL_FLAGS, type FlagSpec } from './flags.js';

/** The global flags with the formatter flags of `manifests`; a flag already in the table keeps its first meaning. */
export function flagTable(manifests: readonly PluginManifest[]): FlagSpec[] {
  const taken = new Set(GLOBAL_FLAGS.map((flag) => flag.long));
  const declared: FlagSpec[] = [];
  for (const manifest of manifests) {
    for (const option of manifest.formatter_options ?? []) {
      if (taken.has(option.flag)) continue;
      taken.add(option.flag);
      declared.push({ long: option.flag, kind: 'string', common: false, description: option.description, ...(option.value_name ? { valueName: option.value_name } : {}) });
    }
  }
  const at = GLOBAL_FLAGS.findIndex((flag) => flag.long === 'okapi-print') + 1;
  return [...GLOBAL_FLAGS.slice(0, at), ...declared, ...GLOBAL_FLAGS.slice(at)];
}

export const FLAG_TABLE: readonly FlagSpec[] = flagTable(builtins.map((entry) => entry.manifest));
