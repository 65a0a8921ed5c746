import type { PluginDefinition } from './types.js';

/**
 * What a built-in's `manifest.ts` exports: the part of its definition the kernel reads at start-up
 * from the static index, without loading the plugin's code.
 */
export type PluginMeta = Omit<PluginDefinition, 'hooks'>;
