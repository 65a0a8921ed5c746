/**
 * One run of an external plugin executable for one hook call or command session: spawns it,
 * frames messages through the shared Peer, enforces the deadline, and turns every way a plugin can
 * misbehave (early exit, garbage, silence) into a PluginError instead of a hang or corrupt stdout.
 */
import type { WireEncoding, WireMessage } from '../../sdk/codec.js';
import { Peer } from '../../sdk/peer.js';
import type { HookName } from '../../sdk/types.js';
import { formatDuration } from './duration.js';
import { PluginError } from './plugin-error.js';
import { delay, PluginProcess } from './plugin-process.js';

export interface SessionTarget {
  name: string;
  path: string;
  encoding: WireEncoding;
}

export interface SessionOptions {
  hook: HookName;
  /** Undefined means no deadline (long-lived command sessions). */
  deadlineMs: number | undefined;
  /** Receives the plugin's stderr as it arrives (shown with -v). */
  onStderr?: (text: string) => void;
  /** Undefined when okapi's stderr can take more; else resolves once it can (see onStderr). */
  stderrReady?: () => Promise<void> | undefined;
}

const STDERR_KEPT = 64 * 1024;
/** How long a plugin may take to exit once its session has ended. */
const EXIT_GRACE_MS = 1000;

export class SubprocessSession {
  private readonly process: PluginProcess;
  private readonly peer: Peer;
  private stderr = '';
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private failure: PluginError | undefined;
  private deadlineTimer: NodeJS.Timeout | undefined;
  private rejectPending: ((error: PluginError) => void) | undefined;

  constructor(
    private readonly target: SessionTarget,
    private readonly options: SessionOptions,
  ) {
    this.process = new PluginProcess(target.path, ['--okapi-plugin-run', `--okapi-plugin-encoding=${target.encoding}`], 'pipe');
    const child = this.process.child;
    child.once('exit', (code, signal) => {
      this.exit = { code, signal };
    });
    child.once('error', (error) => {
      this.fail(new PluginError(target.name, `could not be started from ${target.path}: ${error.message}`, {
        hint: 'check that the file exists and is executable (chmod +x)',
      }));
      this.exit ??= { code: null, signal: null };
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      this.stderr = (this.stderr + text).slice(-STDERR_KEPT);
      if (!options.onStderr) return;
      options.onStderr(text);
      // Forwarded no faster than okapi's stderr takes it: the plugin waits on its full pipe instead.
      const ready = options.stderrReady?.();
      if (ready) {
        child.stderr!.pause();
        void ready.then(() => child.stderr!.resume());
      }
    });
    // A plugin that stops reading must not crash okapi with EPIPE.
    child.stdin!.on('error', () => undefined);
    this.peer = new Peer(child.stdout!, child.stdin!, target.encoding);
    if (options.deadlineMs !== undefined) {
      this.deadlineTimer = setTimeout(() => this.overdue(options.deadlineMs!), options.deadlineMs);
    }
  }

  send(message: { type: string } & Record<string, unknown>): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return this.peer.send(message);
  }

  /** The next message; rejects when the plugin exits, writes garbage or runs past its deadline. */
  async next(expecting: string): Promise<WireMessage> {
    if (this.failure) throw this.failure;
    const failed = new Promise<never>((_, reject) => {
      this.rejectPending = reject;
    });
    let message: WireMessage | undefined;
    try {
      message = await Promise.race([this.peer.next(), failed]);
    } catch (error) {
      if (error instanceof PluginError) throw error;
      throw this.fail(this.error(`sent a malformed message while okapi expected ${expecting}: ${(error as Error).message}`));
    } finally {
      this.rejectPending = undefined;
    }
    if (message) return message;
    await Promise.race([this.process.exited, delay(200)]);
    if (this.failure) throw this.failure;
    const how = this.exit?.signal ? `was killed by ${this.exit.signal}` : `exited with code ${this.exit?.code ?? 'unknown'}`;
    const truncated = this.peer.truncated ? ' in the middle of a message' : '';
    throw this.fail(this.error(`${how}${truncated} before sending ${expecting}`));
  }

  /** A reply of the wrong type, named for the user. */
  unexpected(message: WireMessage, expecting: string): PluginError {
    return this.fail(this.error(`answered with a "${message.type}" message where okapi expected ${expecting}`));
  }

  /**
   * Reads nothing more from the plugin until `ready` settles (okapi's own output has drained): what
   * the plugin sends meanwhile waits in its pipe, not in okapi's memory.
   */
  async holdUntil(ready: Promise<void>): Promise<void> {
    const stdout = this.process.child.stdout!;
    stdout.pause();
    try {
      await ready;
    } finally {
      stdout.resume();
    }
  }

  /** A message that breaks the protocol (protocol-check.ts says how): the session ends with it. */
  violation(problem: string): PluginError {
    return this.fail(this.error(problem, { hint: 'the plugin does not follow the okapi plugin protocol; report this to its author' }));
  }

  /** Ends the session: closes stdin, gives the plugin a moment to exit, then stops it. */
  async close(): Promise<void> {
    clearTimeout(this.deadlineTimer);
    this.process.child.stdin!.end();
    await Promise.race([this.process.exited, delay(EXIT_GRACE_MS)]);
    // A failed session is being stopped already: its group may outlive the plugin until that is done.
    await (this.failure !== undefined || this.process.isRunning ? this.process.stop() : this.process.finish());
  }

  private overdue(deadlineMs: number): void {
    this.fail(
      this.error(`did not finish the ${this.options.hook} hook within its ${formatDuration(deadlineMs)} deadline and was stopped`, {
        hint: `a plugin can ask for more time with "hook_timeouts": {"${this.options.hook}": "<duration>"} in its manifest`,
      }),
    );
  }

  private error(message: string, extra: { hint?: string } = {}): PluginError {
    return new PluginError(this.target.name, `${message} (${this.options.hook} hook, ${this.target.path})`, {
      ...extra,
      stderr: this.stderr,
    });
  }

  private fail(error: PluginError): PluginError {
    this.failure ??= error;
    clearTimeout(this.deadlineTimer);
    void this.process.stop();
    this.rejectPending?.(this.failure);
    return this.failure;
  }
}
