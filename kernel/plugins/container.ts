/**
 * The plugin container: every hook call in okapi goes through it. It applies the hook's dispatch
 * rule (kernel/plugins/dispatch-rules.ts) in okapi's one precedence order
 * (kernel/plugins/precedence.ts), decides who owns each exclusive name (kernel/plugins/claims.ts),
 * and says which claims lost. The registry finds plugins and keeps their records and runtimes;
 * the container decides which of them runs.
 */
import type { CommandContext, CommandInit, HookName } from '../../sdk/types.js';
import type { CommandEntry, CommandTable } from '../commands/command-table.js';
import { claimNotes, ownersOfKind, type ClaimNote } from './claims.js';
import { DISPATCH_RULES, EVERY_API, type ClaimKind, type DispatchRule } from './dispatch-rules.js';
import { byPrecedence } from './precedence.js';
import type { PluginRecord } from './registry.js';
import type { CallHookName, CallHooks, FormatterOptions, FormatterSink, PluginRuntime } from './runtime.js';

type HookWithRule<R extends DispatchRule> = { [H in HookName]: (typeof DISPATCH_RULES)[H] extends R ? H : never }[HookName];

export class PluginContainer {
  private usableCache: PluginRecord[] | undefined;
  private notesCache: Map<PluginRecord, ClaimNote[]> | undefined;
  /** The owners of each kind asked about, without the notes: a run dispatches with one or two kinds. */
  private readonly ownersCache = new Map<ClaimKind, Map<string, PluginRecord>>();

  constructor(
    private readonly records: readonly PluginRecord[],
    /** `kind:name` keys by plugin name, from `plugins.<name>.overrides`. */
    private readonly overrides: ReadonlyMap<string, ReadonlySet<string>>,
    private readonly runtimeOf: (plugin: PluginRecord) => PluginRuntime,
  ) {}

  /** Every usable plugin with a sequential hook, in the order they run. */
  sequence(hook: HookWithRule<'sequential'>): PluginRecord[] {
    return this.withHook(hook);
  }

  /** The first usable plugin with a first-accepting hook that accepts, in precedence order. */
  firstAccepting(hook: HookWithRule<'first-accepting'>, accepts: (plugin: PluginRecord) => boolean): PluginRecord | undefined {
    return this.withHook(hook).find(accepts);
  }

  /** The plugin that owns an exclusive name: the format `json`, the command `config`, the auth type `oauth`. */
  owner(kind: ClaimKind, name: string): PluginRecord | undefined {
    return this.ownersOf(kind).get(name);
  }

  /** The top-level command a word names, if a plugin owns it. */
  commandEntry(name: string): CommandEntry | undefined {
    const plugin = this.owner('command', name);
    return plugin && { plugin, declaration: plugin.commands.find((c) => c.name === name)! };
  }

  /** The command plugin that runs `okapi <api> <word…>`, if one claims that route. */
  apiCommandOwner(): PluginRecord | undefined {
    return this.owner('api-commands', EVERY_API);
  }

  /** Every name of a kind that some plugin owns, sorted. */
  ownedNames(kind: ClaimKind): string[] {
    return [...this.ownersOf(kind).keys()].sort();
  }

  /** What -o accepts: every format a plugin owns, and `raw` (the body's bytes as sent), which the kernel writes itself. */
  formatNames(): string[] {
    return [...new Set(['raw', ...this.ownedNames('format')])].sort();
  }

  /** The top-level commands plugins provide, and the command claims that lost. */
  commandTable(): CommandTable {
    const commands: CommandTable['commands'] = new Map();
    for (const name of this.ownedNames('command')) commands.set(name, this.commandEntry(name)!);
    const conflicts = this.usable.flatMap((plugin) => this.claimNotes.get(plugin) ?? []).filter((note) => note.kind === 'command').map((note) => note.text);
    return { commands, conflicts };
  }

  /** What the user should know about a plugin's claims: lost ones, takeovers, overrides that change nothing. */
  notesOf(plugin: PluginRecord): string[] {
    return (this.claimNotes.get(plugin) ?? []).map((note) => note.text);
  }

  /** Every note, in precedence order of the plugins. */
  notes(): string[] {
    return this.usable.flatMap((plugin) => this.notesOf(plugin));
  }

  call<H extends CallHookName>(plugin: PluginRecord, hook: H, input: CallHooks[H]['input']): Promise<CallHooks[H]['output']> {
    return this.runtimeOf(plugin).call(hook, input);
  }

  format(plugin: PluginRecord, options: FormatterOptions, items: AsyncIterable<unknown>, sink: FormatterSink): Promise<void> {
    return this.runtimeOf(plugin).format(options, items, sink);
  }

  command(plugin: PluginRecord, init: CommandInit, host: CommandContext): Promise<number> {
    return this.runtimeOf(plugin).command(init, host);
  }

  private withHook(hook: HookName): PluginRecord[] {
    return this.usable.filter((plugin) => plugin.manifest?.hooks?.includes(hook));
  }

  private get usable(): PluginRecord[] {
    this.usableCache ??= byPrecedence(this.records.filter((r) => r.enabled && !r.refused && r.manifest));
    return this.usableCache;
  }

  private ownersOf(kind: ClaimKind): Map<string, PluginRecord> {
    let owners = this.ownersCache.get(kind);
    if (!owners) {
      owners = ownersOfKind(this.usable, this.overrides, kind);
      this.ownersCache.set(kind, owners);
    }
    return owners;
  }

  private get claimNotes(): Map<PluginRecord, ClaimNote[]> {
    this.notesCache ??= claimNotes(this.usable, this.overrides);
    return this.notesCache;
  }
}
