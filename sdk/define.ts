import type { PluginDefinition } from './types.js';

/**
 * Declares a plugin. The same definition runs in-process (okapi's built-ins) or, wrapped by
 * runPlugin(), as an external `okapi-*` executable.
 */
export function definePlugin<const T extends PluginDefinition>(definition: T): T {
  const declared = new Set(definition.manifest.hooks ?? []);
  for (const hook of Object.keys(definition.hooks)) {
    if (!declared.has(hook as never)) {
      throw new Error(`plugin ${definition.manifest.name} implements the ${hook} hook but its manifest does not list it`);
    }
  }
  for (const hook of declared) {
    if (!(hook in definition.hooks)) {
      throw new Error(`plugin ${definition.manifest.name} lists the ${hook} hook but does not implement it`);
    }
  }
  // A plugin that owns registered APIs' commands (`api_commands`) may declare no fixed command.
  if (declared.has('command') && !definition.commands?.length && definition.manifest.api_commands !== true) {
    throw new Error(`plugin ${definition.manifest.name} has the command hook but declares no commands and does not own API commands (api_commands)`);
  }
  return definition;
}
