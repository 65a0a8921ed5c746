/**
 * Who owns each exclusive name (a format, a command, an auth type, a signer). The first claimant in
 * precedence order owns it; a later claimant takes over only when its `plugins.<name>.overrides`
 * lists the name. Every claim that loses, and every takeover, becomes a note on the plugin's
 * summary (`okapi plugin list`, `okapi doctor plugins`) and a `-v` line.
 */
import { isKernelCommandWord } from '../commands/command-table.js';
import { CLAIM_KINDS, claimedNames, type ClaimKind } from './dispatch-rules.js';
import { OVERRIDABLE_KINDS } from './overrides.js';
import type { PluginRecord } from './registry.js';

export interface ClaimNote {
  kind: ClaimKind;
  text: string;
}

/** A claim in words: `the format "json"`. */
const CLAIMED: Record<ClaimKind, (name: string) => string> = {
  format: (name) => `the format "${name}"`,
  filter: (name) => `the filter language "${name}"`,
  command: (name) => `the command "${name}"`,
  auth: (name) => `the auth type "${name}"`,
  signer: (name) => `the signer "${name}"`,
  'api-commands': () => 'the commands of registered APIs (okapi <api> <word>)',
};

function claimKey(kind: ClaimKind, name: string): string {
  return `${kind}:${name}`;
}

/**
 * Who owns each name matters to the user only where a claim lost, a plugin took over or an override
 * changes nothing: a note for each, by plugin, in the order they arose (dispatch asks ownersOfKind).
 */
export function claimNotes(
  ordered: readonly PluginRecord[],
  overrides: ReadonlyMap<string, ReadonlySet<string>>,
): Map<PluginRecord, ClaimNote[]> {
  const notes = new Map<PluginRecord, ClaimNote[]>();
  const note = (plugin: PluginRecord, kind: ClaimKind, text: string) => notes.set(plugin, [...(notes.get(plugin) ?? []), { kind, text }]);

  for (const kind of CLAIM_KINDS) {
    for (const [name, plugins] of claimantsOf(ordered, kind)) {
      const key = claimKey(kind, name);
      const what = CLAIMED[kind](name);
      const declares = (plugin: PluginRecord) => `plugin ${plugin.name} (${plugin.path}) declares ${what}`;
      if (isKernelWord(kind, name)) {
        for (const plugin of plugins) {
          const futile = overrides.get(plugin.name)?.has(key) ? ` (okapi's own words cannot be taken over, so plugins.${plugin.name}.overrides changes nothing here)` : '';
          note(plugin, kind, `${declares(plugin)}, which is built into okapi; it was not added${futile}`);
        }
        continue;
      }
      const first = plugins[0]!;
      const owner = ownerAmong(plugins, key, overrides);
      if (owner !== first) {
        note(owner, kind, `plugin ${owner.name} (${owner.path}) takes over ${what} from ${describe(first)}, as plugins.${owner.name}.overrides asks`);
      }
      for (const plugin of plugins.filter((p) => p !== owner)) {
        if (owner !== first) {
          note(plugin, kind, `${declares(plugin)}, which plugin ${owner.name} (${owner.path}) takes over, as plugins.${owner.name}.overrides asks; it was not added`);
          continue;
        }
        const held = owner.builtin ? 'built into okapi' : `already provided by plugin ${owner.name} (${owner.path})`;
        const overridable = (OVERRIDABLE_KINDS as readonly ClaimKind[]).includes(kind);
        const remedy = overridable ? ` (to let it take over: okapi config set 'plugins.${plugin.name}.overrides[]: ${key}')` : '';
        note(plugin, kind, `${declares(plugin)}, which is ${held}; it was not added${remedy}`);
      }
    }
  }

  for (const plugin of ordered) {
    for (const key of overrides.get(plugin.name) ?? []) {
      const [kind, name] = key.split(':') as [ClaimKind, string];
      if (claimedNames(plugin, kind).includes(name)) continue;
      note(plugin, kind, `plugins.${plugin.name}.overrides names "${key}", but plugin ${plugin.name} declares no ${CLAIMED[kind](name).replace(/^the /, '')}, so it changes nothing`);
    }
  }
  return notes;
}

/**
 * The owners of one kind of name, by name, as claimNotes decides them, without the notes
 * it writes: what a run needs to dispatch, worked out for the kinds it uses only.
 */
export function ownersOfKind(
  ordered: readonly PluginRecord[],
  overrides: ReadonlyMap<string, ReadonlySet<string>>,
  kind: ClaimKind,
): Map<string, PluginRecord> {
  const owners = new Map<string, PluginRecord>();
  for (const [name, plugins] of claimantsOf(ordered, kind)) {
    if (!isKernelWord(kind, name)) owners.set(name, ownerAmong(plugins, claimKey(kind, name), overrides));
  }
  return owners;
}

/** Names the kernel handles itself (methods, `help`), which no plugin can own or take over. */
function isKernelWord(kind: ClaimKind, name: string): boolean {
  return kind === 'command' && isKernelCommandWord(name);
}

/** Each name of a kind that plugins claim, with its claimants in precedence order. */
function claimantsOf(ordered: readonly PluginRecord[], kind: ClaimKind): Map<string, PluginRecord[]> {
  const claimants = new Map<string, PluginRecord[]>();
  for (const plugin of ordered) {
    for (const name of claimedNames(plugin, kind)) claimants.set(name, [...(claimants.get(name) ?? []), plugin]);
  }
  return claimants;
}

/** The first claimant owns a name, unless a later one's `plugins.<name>.overrides` lists it. */
function ownerAmong(plugins: readonly PluginRecord[], key: string, overrides: ReadonlyMap<string, ReadonlySet<string>>): PluginRecord {
  return plugins.find((plugin) => overrides.get(plugin.name)?.has(key)) ?? plugins[0]!;
}

function describe(plugin: PluginRecord): string {
  return plugin.builtin ? `the built-in plugin ${plugin.name}` : `plugin ${plugin.name} (${plugin.path})`;
}
