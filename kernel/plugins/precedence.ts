/**
 * okapi's one precedence order among plugins: built-ins first, then external plugins, each group
 * in name order (code-unit order, so it never depends on the locale). Middleware runs in it, the
 * first loader that accepts is taken in it, and the first plugin in it owns an exclusive name
 * unless the config lets a later one take over.
 */
import type { PluginRecord } from './registry.js';

export function byPrecedence(records: readonly PluginRecord[]): PluginRecord[] {
  return [...records].sort((a, b) => Number(b.builtin) - Number(a.builtin) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
