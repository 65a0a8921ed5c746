/**
 * `plugins.<name>.overrides` in config: the names a plugin may take over from the plugin that would
 * own them by precedence, such as `["format:json", "command:config"]`. Without it, a plugin that
 * claims a name already held is reported and not used for that name.
 */
import type { ClaimKind } from './dispatch-rules.js';

/** Kinds a user may hand over. Auth types and signers are plugin names, which the registry keeps unique, so they never collide. */
export const OVERRIDABLE_KINDS = ['format', 'filter', 'command', 'api-commands'] as const satisfies readonly ClaimKind[];

export const OVERRIDE_ENTRY = new RegExp(`^(${OVERRIDABLE_KINDS.join('|')}):([^\\s:]+)$`);

const SHAPE = `each entry is "format:<name>" (an -o format), "filter:<language>" (a -f language), "command:<name>" (a top-level command) or "api-commands:*" (the commands of every registered API), e.g. ["format:json"]`;

/** Why a config value cannot be `overrides`, or undefined when it can (absent included). */
export function overridesProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return `must be a list; ${SHAPE}`;
  for (const entry of value) {
    if (typeof entry !== 'string') return `holds ${JSON.stringify(entry)}, which is not a string; ${SHAPE}`;
    if (/^(auth|signer):/.test(entry)) {
      return `holds "${entry}": an auth type or signer is the name of its plugin, which no other plugin can hold, so there is nothing to take over; ${SHAPE}`;
    }
    if (!OVERRIDE_ENTRY.test(entry)) return `holds "${entry}"; ${SHAPE}`;
  }
  return undefined;
}

/** `plugins.<name>.overrides` of every plugin that has some, as `kind:name` keys; entries that do not parse are left out (reading the config refuses them first). */
export function overridesFromConfig(plugins: Record<string, { overrides?: unknown }>): Map<string, Set<string>> {
  const byPlugin = new Map<string, Set<string>>();
  for (const [name, settings] of Object.entries(plugins)) {
    const entries = Array.isArray(settings?.overrides) ? settings.overrides.filter((e): e is string => typeof e === 'string' && OVERRIDE_ENTRY.test(e)) : [];
    if (entries.length > 0) byPlugin.set(name, new Set(entries));
  }
  return byPlugin;
}
