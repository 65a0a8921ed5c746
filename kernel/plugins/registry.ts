/**
 * Every plugin okapi knows: built-ins from the build-time static index and external executables
 * found on disk. Plugin code is loaded, or a process started, only when one of its hooks runs.
 * Which plugin runs for a hook is the plugin container's decision (`registry.container`).
 */
import type { CommandDeclaration, PluginDefinition, PluginManifest, PluginSummary } from '../../sdk/types.js';
import type { WireEncoding } from '../../sdk/codec.js';
import { findPluginExecutables } from './discovery.js';
import { InProcessRuntime } from './in-process-runtime.js';
import { PluginContainer } from './container.js';
import { ManifestCache, type CachedPlugin } from './manifest-cache.js';
import { ManifestError, validateCommandDiscovery, validateManifest } from './manifest.js';
import { PluginError } from './plugin-error.js';
import type { PluginLogger, PluginRuntime } from './runtime.js';
import type { Terminal, TokenStore } from '../../sdk/services.js';
import type { SubprocessRuntime, SubprocessRuntimeOptions } from './subprocess-runtime.js';

/** A built-in as the static index describes it: metadata now, code on demand. */
export interface BuiltinEntry {
  manifest: PluginManifest;
  commands?: CommandDeclaration[];
  load(): Promise<{ default: PluginDefinition }>;
}

export interface PluginRecord {
  name: string;
  /** The executable, or `builtin:<name>`. */
  path: string;
  builtin: boolean;
  manifest: PluginManifest | undefined;
  commands: CommandDeclaration[];
  encoding?: WireEncoding;
  enabled: boolean;
  /** Why the plugin cannot be used; it stays listed so the user can see the reason. */
  refused?: string;
}

export interface RegistryOptions {
  builtins: BuiltinEntry[];
  directories: string[];
  manifestCachePath: string;
  okapiVersion: string;
  /** `plugins.<name>.enabled: false` in config turns a plugin off. */
  disabled: Set<string>;
  /** `plugins.<name>.overrides`: `kind:name` keys a plugin may take over (kernel/plugins/overrides.ts). */
  overrides?: ReadonlyMap<string, ReadonlySet<string>>;
  logger: PluginLogger;
  /** The token store auth hooks are given (kernel/services/token-store.ts). */
  tokens: TokenStore;
  /** The terminal auth hooks are given (kernel/services/terminal.ts); none in tests that need none. */
  terminal?: Terminal;
  subprocess: Omit<SubprocessRuntimeOptions, 'logger' | 'tokens' | 'terminal' | 'commands'>;
}

export class PluginRegistry {
  /** Every hook call goes through it: dispatch rules, precedence, and who owns each name. */
  readonly container: PluginContainer;
  private readonly runtimes = new Map<string, PluginRuntime>();

  private constructor(
    readonly records: PluginRecord[],
    private readonly options: RegistryOptions,
    /** The subprocess runtime's code, loaded only when external plugins exist (docs/design/003-start-up.md). */
    private readonly subprocessRuntime: typeof SubprocessRuntime | undefined,
  ) {
    this.container = new PluginContainer(records, options.overrides ?? new Map(), (record) => this.runtime(record));
  }

  static async load(options: RegistryOptions): Promise<PluginRegistry> {
    const builtins: PluginRecord[] = options.builtins.map((entry) => ({
      name: entry.manifest.name,
      path: `builtin:${entry.manifest.name}`,
      builtin: true,
      manifest: entry.manifest,
      commands: entry.commands ?? [],
      enabled: !options.disabled.has(entry.manifest.name),
    }));
    const externals = await loadExternals(options);
    const records = [...builtins];
    const taken = new Map(builtins.map((r) => [r.name, r.path]));
    for (const record of externals) {
      const holder = record.manifest ? taken.get(record.name) : undefined;
      if (holder && !record.refused) {
        record.refused = holder.startsWith('builtin:')
          ? `its name "${record.name}" is taken by a built-in plugin`
          : `its name "${record.name}" is already used by ${holder}`;
      } else if (record.manifest && !record.refused) {
        taken.set(record.name, record.path);
      }
      record.enabled = !options.disabled.has(record.name);
      records.push(record);
    }
    const subprocessRuntime = externals.length > 0 ? (await import('./subprocess-runtime.js')).SubprocessRuntime : undefined;
    return new PluginRegistry(records, options, subprocessRuntime);
  }

  private runtime(record: PluginRecord): PluginRuntime {
    if (record.refused) throw new PluginError(record.name, `cannot be used: ${record.refused}`, { hint: "see 'okapi plugin list'" });
    let runtime = this.runtimes.get(record.path);
    if (runtime) return runtime;
    const builtin = record.builtin ? this.options.builtins.find((entry) => entry.manifest.name === record.name) : undefined;
    runtime = builtin
      ? new InProcessRuntime(record.name, async () => (await builtin.load()).default, this.options.logger, this.options.tokens, this.options.terminal)
      : new this.subprocessRuntime!({ name: record.name, path: record.path, encoding: record.encoding ?? 'cbor' }, record.manifest!, {
          ...this.options.subprocess,
          logger: this.options.logger,
          tokens: this.options.tokens,
          ...(this.options.terminal ? { terminal: this.options.terminal } : {}),
          commands: record.commands,
        });
    this.runtimes.set(record.path, runtime);
    return runtime;
  }

  summaries(): PluginSummary[] {
    return this.records.map((r) => ({
      name: r.name,
      // Built-ins ship with okapi, so they carry its version.
      ...(r.manifest?.version ? { version: r.manifest.version } : r.builtin ? { version: this.options.okapiVersion } : {}),
      ...(r.manifest?.description ? { description: r.manifest.description } : {}),
      hooks: r.manifest?.hooks ?? [],
      path: r.path,
      builtin: r.builtin,
      ...(r.encoding ? { encoding: r.encoding } : {}),
      ...(r.manifest?.formatter_names ? { formatter_names: r.manifest.formatter_names } : {}),
      ...(r.commands.length ? { commands: r.commands.map((c) => c.name) } : {}),
      enabled: r.enabled,
      ...(r.refused ? { refused: r.refused } : {}),
      ...(this.container.notesOf(r).length ? { notes: this.container.notesOf(r) } : {}),
    }));
  }
}

async function loadExternals(options: RegistryOptions): Promise<PluginRecord[]> {
  const found = findPluginExecutables(options.directories);
  if (found.length === 0) return [];
  const cache = ManifestCache.open(options.manifestCachePath, options.okapiVersion);
  cache.retain(new Set(found.map((f) => f.path)));
  const records = await Promise.all(
    found.map(async ({ path, stamp, problem }): Promise<PluginRecord> => {
      if (problem) return refusedRecord(path, problem);
      let entry = cache.lookup(path, stamp);
      if (!entry) {
        entry = { ...stamp, ...(await inspectExecutable(path)) };
        cache.store(path, entry);
      }
      return recordFrom(path, entry);
    }),
  );
  // The cache is a speed-up only: failing to write it must not fail the command.
  await cache.save().catch(() => undefined);
  return records;
}

async function inspectExecutable(path: string): Promise<Omit<CachedPlugin, 'size' | 'mtime_ns'>> {
  // Asking executables is the slow path of a cache miss; its code loads only then.
  const { probe } = await import('./probe.js');
  try {
    const answer = await probe(path, '--okapi-plugin-manifest');
    const manifest = validateManifest(answer.value);
    if (!manifest.hooks?.includes('command')) return { manifest, encoding: answer.encoding };
    const commands = validateCommandDiscovery((await probe(path, '--okapi-plugin-commands')).value);
    return { manifest, encoding: answer.encoding, commands };
  } catch (error) {
    if (error instanceof ManifestError) return { refused: error.message };
    throw error;
  }
}

function recordFrom(path: string, entry: CachedPlugin): PluginRecord {
  if (entry.refused || !entry.manifest) return refusedRecord(path, entry.refused ?? 'no manifest');
  return {
    name: entry.manifest.name,
    path,
    builtin: false,
    manifest: entry.manifest,
    commands: entry.commands ?? [],
    ...(entry.encoding ? { encoding: entry.encoding } : {}),
    enabled: true,
  };
}

function refusedRecord(path: string, reason: string): PluginRecord {
  const base = path.split(/[\\/]/).pop() ?? path;
  return { name: base.replace(/^okapi-/, ''), path, builtin: false, manifest: undefined, commands: [], enabled: true, refused: reason };
}
