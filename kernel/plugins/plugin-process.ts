/**
 * A running plugin executable. On POSIX it leads a process group of its own, so stopping it stops
 * everything it started too (the `sleep` of a shell script, a helper it forked): at its deadline,
 * when okapi is interrupted (SIGINT, SIGTERM, SIGHUP) and when okapi exits while it still runs. A
 * process left holding the plugin's pipes never keeps okapi waiting for their end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { onInterrupt } from '../../sdk/interrupt.js';

/** How long a plugin has to exit after SIGTERM before its group is killed. */
const STOP_GRACE_MS = 1000;
/** How long output still in the pipes may take to arrive once the plugin has exited. */
const DRAIN_MS = 200;
// Windows has no process groups to signal; there the plugin alone is stopped.
const OWN_GROUP = process.platform !== 'win32';

export class PluginProcess {
  readonly child: ChildProcess;
  /** Settles when the plugin's own process has exited, or could not be started. */
  readonly exited: Promise<void>;
  /** Settles when the plugin has exited and its pipes have ended. */
  private readonly closed: Promise<void>;
  private stopping: Promise<void> | undefined;

  constructor(path: string, args: string[], stdin: 'pipe' | 'ignore') {
    this.child = spawn(path, args, { stdio: [stdin, 'pipe', 'pipe'], detached: OWN_GROUP });
    this.exited = new Promise((resolve) => {
      const done = () => {
        if (running.delete(this) && running.size === 0) process.off('exit', onExit);
        resolve();
      };
      this.child.once('exit', done);
      this.child.once('error', done);
    });
    // Listened for from the start: 'close' may come in the same turn as 'exit'.
    this.closed = new Promise((resolve) => this.child.once('close', () => resolve()));
    if (running.size === 0) process.on('exit', onExit);
    running.add(this);
    const forget = onInterrupt(() => this.stop());
    void this.exited.then(forget);
  }

  /** True until the plugin's own process has exited. */
  get isRunning(): boolean {
    return running.has(this);
  }

  /**
   * Stops the plugin and what it started: SIGTERM to its group, SIGKILL once the grace period is
   * over (or the plugin is gone but its group is not), then lets go of its pipes. A plugin that has
   * already exited is not signalled: what it left running on purpose is its own business.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.isRunning) {
        this.signal('SIGTERM');
        await Promise.race([this.exited, delay(STOP_GRACE_MS)]);
        this.signal('SIGKILL');
        await Promise.race([this.exited, delay(STOP_GRACE_MS)]);
      }
      this.release();
    })();
    return this.stopping;
  }

  /** After the plugin exited: lets the last output arrive, then lets go of the pipes. */
  async finish(): Promise<void> {
    await this.exited;
    // The timer does not keep okapi running; the pipes do, as long as they are open.
    await Promise.race([this.closed, delay(DRAIN_MS)]);
    this.release();
  }

  /** Sent to the whole group; synchronous, so it works from an 'exit' listener. */
  signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      if (OWN_GROUP) process.kill(-pid, signal);
      else this.child.kill(signal);
    } catch {
      // ESRCH: nothing is left in the group.
    }
  }

  private release(): void {
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) stream?.destroy();
  }
}

/**
 * The plugins running now. While one runs, an interrupt of okapi (Ctrl-C, SIGTERM, SIGHUP:
 * sdk/interrupt.ts) stops it first; the plugin's group sees neither the terminal's Ctrl-C nor its
 * hang-up itself. When okapi exits while a plugin runs, the plugin's group is killed (onExit, which
 * is listened for only while the set is not empty).
 */
const running = new Set<PluginProcess>();

/** okapi is ending with plugins still running: nothing will answer them, and there is no time to wait. */
function onExit(): void {
  for (const plugin of running) plugin.signal('SIGKILL');
}

/** A pause that does not by itself keep okapi running. */
export function delay(ms: number): Promise<void> {
  return sleep(ms, undefined, { ref: false });
}
