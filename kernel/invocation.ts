/**
 * One run of okapi: parsed flags, environment, streams, and lazily the config and the plugin
 * registry. Everything costly is computed on first use so fast paths stay fast.
 */
import { fstatSync } from 'node:fs';
import { join } from 'node:path';
import { writeStdoutSync } from './output/stdout-sync.js';
import type { LogLevel } from '../sdk/types.js';
import type { FlagValue, ScannedArgv } from './cli/argv.js';
import { configDir, resolveCacheDir, resolveConfigLocation, type ConfigLocation } from './config/paths.js';
import { readConfig } from './config/read.js';
import type { OkapiConfig } from './config/document.js';
import { pluginDirectories } from './plugins/discovery.js';
import { PluginRegistry } from './plugins/registry.js';
import type { PluginLogger } from './plugins/runtime.js';
import { PluginDiagnostics } from './plugins/plugin-diagnostics.js';
import { overridesFromConfig } from './plugins/overrides.js';
import type { TokenStore } from '../sdk/services.js';
import { terminal } from './services/terminal.js';
import { drained } from './output/drained.js';
import { visibleControls } from '../sdk/shared/terminal-text.js';
import { builtins } from './plugins/builtin-index.generated.js';
import { OKAPI_VERSION } from '../sdk/shared/version.js';

export interface Streams {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
}

const STREAM_FDS: Readonly<Record<keyof Streams, number>> = { stdin: 0, stdout: 1, stderr: 2 };

export class Invocation {
  readonly configLocation: ConfigLocation;
  private configCache: OkapiConfig | undefined;
  private cacheDirCache: string | undefined;
  private registryCache: Promise<PluginRegistry> | undefined;
  private pluginDiagnosticsCache: PluginDiagnostics | undefined;

  constructor(
    readonly argv: ScannedArgv,
    readonly env: NodeJS.ProcessEnv,
    readonly io: Streams,
  ) {
    this.configLocation = resolveConfigLocation(this.string('okapi-config'), env);
  }

  flag(name: string): FlagValue | undefined {
    return this.argv.flags.get(name);
  }

  string(name: string): string | undefined {
    const value = this.flag(name);
    return typeof value === 'string' ? value : undefined;
  }

  strings(name: string): string[] {
    const value = this.flag(name);
    return Array.isArray(value) ? value : [];
  }

  /**
   * Output that needs no stream (help, the version, raw body bytes). For the real process it goes
   * straight to file descriptor 1, so such runs never build the stdout stream.
   */
  writeFinal(data: string | Uint8Array): void {
    if (this.io === process) writeStdoutSync(data);
    else this.io.stdout.write(data);
  }

  /**
   * Whether a standard stream is a terminal, asked without building the stream (process.stdin
   * alone costs ~1 ms). node:tty loads net and the stream modules (~3 ms), so files and pipes,
   * which are not character devices, are ruled out with one fstat first.
   */
  isTTY(stream: keyof Streams): boolean {
    if (this.io !== process) return Boolean(this.io[stream].isTTY);
    const fd = STREAM_FDS[stream];
    try {
      if (!fstatSync(fd).isCharacterDevice()) return false;
    } catch {
      return false;
    }
    return process.getBuiltinModule('node:tty').isatty(fd);
  }

  /**
   * How wide output may be, in columns: `COLUMNS` when it holds a positive number (as `ls` and
   * most terminal tools honour it, so a pipe or a script can choose), else the terminal's width,
   * else undefined (not a terminal).
   */
  get outputWidth(): number | undefined {
    const fromEnv = Number(this.env.COLUMNS);
    if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
    return this.isTTY('stdout') ? this.io.stdout.columns : undefined;
  }

  get verbose(): number {
    return (this.flag('okapi-verbose') as number | undefined) ?? 0;
  }

  get configPath(): string {
    return this.configLocation.path;
  }

  /** okapi's cache directory (DESIGN.md §4); computed on first use. */
  get cacheDir(): string {
    this.cacheDirCache ??= resolveCacheDir(this.configLocation, this.env);
    return this.cacheDirCache;
  }

  /** The profile asked for: `-p`, else OKAPI_PROFILE; undefined means `default`. */
  get profileName(): string | undefined {
    return this.string('okapi-profile') ?? (this.env.OKAPI_PROFILE || undefined);
  }

  config(): OkapiConfig {
    this.configCache ??= readConfig(this.configPath).config;
    return this.configCache;
  }

  /**
   * The plugin registry. `configMayBeBroken` is for `okapi config`, which must work when the config
   * file cannot be read or parsed, since that is when `config edit` is needed: then the registry
   * holds the built-ins only (which external plugins the file disables cannot be known).
   */
  registry(configMayBeBroken = false): Promise<PluginRegistry> {
    this.registryCache ??= this.loadRegistry(configMayBeBroken).then(async (registry) => {
      // A refused plugin breaks nothing that does not need it; -v says why it was refused.
      for (const record of registry.records) {
        if (record.refused) this.diagnostic('info', `plugin ${record.name} (${record.path}) was refused: ${record.refused}`);
      }
      // Lost claims and takeovers: which plugin runs for a name is otherwise invisible.
      // Worked out only when shown: the claims are otherwise resolved on first use of an exclusive name.
      if (this.verbose > 0) for (const note of registry.container.notes()) this.diagnostic('info', note);
      // Flags external formatters declare are known only now; before any request is sent.
      if (this.argv.undeclared.length > 0) (await import('./cli/declared-flags.js')).acceptDeclaredFormatterFlags(this.argv, registry.container);
      return registry;
    });
    return this.registryCache;
  }

  /** A diagnostic line on stderr, shown by level: warnings always, info with -v, debug with -vv. */
  diagnostic(level: LogLevel, message: string): void {
    if (this.shows(level)) this.io.stderr.write(visibleControls(diagnosticLine(level, message)));
  }

  /** Plugin log messages: diagnostics, within the plugin's share of stderr. */
  readonly pluginLogger: PluginLogger = (plugin) => (level, message) => {
    if (this.shows(level)) this.pluginDiagnostics.write(plugin, diagnosticLine(level, `plugin ${plugin}: ${message}`));
  };

  /** Says which plugins wrote more diagnostics than were shown; at the end of the run. */
  reportDroppedDiagnostics(): void {
    this.pluginDiagnosticsCache?.reportDropped();
  }

  private get pluginDiagnostics(): PluginDiagnostics {
    this.pluginDiagnosticsCache ??= new PluginDiagnostics(this.io.stderr);
    return this.pluginDiagnosticsCache;
  }

  private shows(level: LogLevel): boolean {
    const threshold = level === 'debug' ? 2 : level === 'info' ? 1 : 0;
    return this.verbose >= threshold;
  }

  private async loadRegistry(configMayBeBroken: boolean): Promise<PluginRegistry> {
    const dir = configDir(this.configLocation);
    let plugins: Record<string, { enabled?: unknown; overrides?: unknown }> = {};
    let external = true;
    try {
      plugins = (this.config().plugins ?? {}) as typeof plugins;
    } catch (error) {
      if (!configMayBeBroken) throw error;
      external = false;
    }
    const disabled = new Set(Object.entries(plugins).filter(([, v]) => v?.enabled === false).map(([k]) => k));
    return PluginRegistry.load({
      builtins,
      directories: external ? pluginDirectories(dir, this.env.OKAPI_PLUGIN_PATH) : [],
      manifestCachePath: join(dir, 'plugin-manifests.json'),
      okapiVersion: OKAPI_VERSION,
      disabled,
      overrides: overridesFromConfig(plugins),
      logger: this.pluginLogger,
      tokens: lazyTokenStore(this.configPath),
      terminal: terminal(this.io),
      subprocess: {
        stdin: () => this.io.stdin,
        outputReady: (stream) => drained(this.io[stream]),
        ...(this.verbose > 0
          ? { onStderr: (plugin: string, text: string) => this.pluginDiagnostics.write(plugin, prefixLines(`[${plugin}] `, text)) }
          : {}),
      },
    });
  }
}

function diagnosticLine(level: LogLevel, message: string): string {
  const prefix = level === 'warn' ? 'warning: ' : level === 'error' ? 'error: ' : '';
  return `okapi: ${prefix}${message}\n`;
}

function prefixLines(prefix: string, text: string): string {
  return text.replace(/^(?=.)/gm, prefix);
}

/** The token store, its code (file locking among it) loaded when an auth hook first uses it, not by every request. */
function lazyTokenStore(configPath: string): TokenStore {
  const store = async () => (await import('./services/token-store.js')).tokenStore(configPath);
  return {
    get: async (scope, key) => (await store()).get(scope, key),
    set: async (scope, key, value) => (await store()).set(scope, key, value),
    delete: async (scope, key) => (await store()).delete(scope, key),
    clear: async (scope) => (await store()).clear(scope),
  };
}
