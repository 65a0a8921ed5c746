/**
 * How each hook kind is dispatched (docs/design/017-plugin-container.md): every hook call in okapi
 * goes through the plugin container, which applies the rule declared here.
 *
 * - sequential: every plugin with the hook runs, in precedence order (middleware);
 * - first-accepting: the first plugin, in precedence order, that accepts the input runs (loaders,
 *   by content type);
 * - exclusive: one plugin owns each name (a format, a filter language, a command, an auth type, a signer), and only
 *   the owner runs for it.
 */
import type { HookName } from '../../sdk/types.js';
import type { PluginRecord } from './registry.js';

export type DispatchRule = 'sequential' | 'first-accepting' | 'exclusive';

export const DISPATCH_RULES = {
  'request-middleware': 'sequential',
  'response-middleware': 'sequential',
  loader: 'first-accepting',
  formatter: 'exclusive',
  filter: 'exclusive',
  auth: 'exclusive',
  command: 'exclusive',
  'tls-signer': 'exclusive',
} as const satisfies Record<HookName, DispatchRule>;

/**
 * The names exclusive hooks are owned by, as config (`plugins.<name>.overrides`) spells them.
 * `api-commands` is the one route `okapi <api> <word…>` of every registered API (its only name is
 * EVERY_API), owned by the command plugin whose manifest says `api_commands: true`.
 */
export const CLAIM_KINDS = ['format', 'filter', 'command', 'auth', 'signer', 'api-commands'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** The hook whose names a claim kind holds. */
const HOOK_OF_CLAIM: Readonly<Record<ClaimKind, HookName>> = {
  format: 'formatter',
  filter: 'filter',
  command: 'command',
  auth: 'auth',
  signer: 'tls-signer',
  'api-commands': 'command',
};

export const EVERY_API = '*';

/** The names a plugin claims of a kind: formats from its manifest, commands it declared, and its own name as auth type or signer. */
export function claimedNames(record: PluginRecord, kind: ClaimKind): string[] {
  if (!record.manifest?.hooks?.includes(HOOK_OF_CLAIM[kind])) return [];
  switch (kind) {
    case 'format':
      return record.manifest.formatter_names ?? [];
    case 'filter':
      return record.manifest.filter_languages ?? [];
    case 'command':
      return record.commands.map((c) => c.name);
    case 'auth':
    case 'signer':
      return [record.name];
    case 'api-commands':
      return record.manifest.api_commands === true ? [EVERY_API] : [];
  }
}
