/**
 * Loads a built-in plugin's code from its folder. The build replaces this module: built, each
 * built-in is its own CommonJS file beside the kernel (scripts/build.mjs, `builtinLoader`).
 */
import type { PluginDefinition } from '../../sdk/types.js';

export async function loadBuiltin(name: string): Promise<{ default: PluginDefinition }> {
  return (await import(`../../plugins-builtin/${name}/index.ts`)) as { default: PluginDefinition };
}
