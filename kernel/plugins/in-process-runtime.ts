/** Runs a plugin definition inside okapi's own process: how built-ins run, through the same hooks. */
import { HOST_FEATURES, PROTOCOL_GENERATION, type PluginDefinition } from '../../sdk/types.js';
import { visibleControls } from '../../sdk/shared/terminal-text.js';
import { PluginError } from './plugin-error.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { CallHookName, CallHooks, FormatterOptions, FormatterSink, PluginLogger, PluginRuntime } from './runtime.js';
import type { CommandContext, CommandInit, HookContext } from '../../sdk/types.js';
import type { Terminal, TokenStore } from '../../sdk/services.js';
import { NO_TERMINAL } from '../services/terminal.js';

export class InProcessRuntime implements PluginRuntime {
  private definition: Promise<PluginDefinition> | undefined;

  constructor(
    private readonly name: string,
    private readonly load: () => Promise<PluginDefinition>,
    private readonly logger: PluginLogger,
    private readonly tokens: TokenStore,
    private readonly terminal: Terminal = NO_TERMINAL,
  ) {}

  async call<H extends CallHookName>(hook: H, input: CallHooks[H]['input']): Promise<CallHooks[H]['output']> {
    const definition = await this.loaded();
    const fn = definition.hooks[hook] as ((i: unknown, c: HookContext) => unknown) | undefined;
    if (!fn) throw new PluginError(this.name, `has no ${hook} hook`);
    // Only an auth hook is given the token store (where fetched tokens are kept) and the terminal.
    const context = hook === 'auth' ? { ...this.context(), ...this.terminal, tokens: this.tokens } : this.context();
    let output: unknown;
    try {
      output = await fn({ hook, protocol_version: PROTOCOL_GENERATION, features: [...HOST_FEATURES], ...input }, context);
    } catch (error) {
      throw asKernelError(error);
    }
    // Handed back as the hook returned it, not copied through the wire encoding (built-ins are
    // okapi's own code); a hook that returns nothing answers as an empty result message would.
    return (output ?? {}) as CallHooks[H]['output'];
  }

  async format(options: FormatterOptions, items: AsyncIterable<unknown>, sink: FormatterSink): Promise<void> {
    const definition = await this.loaded();
    if (!definition.hooks.formatter) throw new PluginError(this.name, 'has no formatter hook');
    const start = { hook: 'formatter' as const, protocol_version: PROTOCOL_GENERATION, features: [...HOST_FEATURES], ...options };
    await definition.hooks.formatter(start, items, { ...this.context(), write: (data) => sink.write(data), ready: () => sink.ready?.() });
  }

  async command(init: CommandInit, host: CommandContext): Promise<number> {
    const definition = await this.loaded();
    if (!definition.hooks.command) throw new PluginError(this.name, 'has no command hook');
    // A built-in's stderr is okapi's own diagnostics, which may quote what a server or a spec said.
    const stderr = (data: Uint8Array | string) => host.stderr(typeof data === 'string' ? visibleControls(data) : data);
    return definition.hooks.command(init, { ...host, stderr, log: this.logger(this.name) });
  }

  private context(): HookContext {
    return { log: this.logger(this.name) };
  }

  private loaded(): Promise<PluginDefinition> {
    this.definition ??= this.load();
    return this.definition;
  }
}

/**
 * Built, each built-in is a bundle of its own (scripts/build.mjs) with its own copy of OkapiError,
 * which the kernel's `instanceof` does not know: its hint and exit code would be lost. Such an
 * error is made the kernel's own, the original kept as its cause.
 */
function asKernelError(error: unknown): unknown {
  if (error instanceof OkapiError || !(error instanceof Error) || (error.name !== 'OkapiError' && error.name !== 'UsageError')) return error;
  const { hint, exitCode } = error as Error & { hint?: unknown; exitCode?: unknown };
  return new OkapiError(error.message, {
    ...(typeof hint === 'string' ? { hint } : {}),
    ...(typeof exitCode === 'number' ? { exitCode } : {}),
    cause: error,
  });
}
