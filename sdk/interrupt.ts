/**
 * okapi's answer to Ctrl-C (SIGINT), SIGTERM and SIGHUP: undo what is half done, then exit with
 * 128 + the signal's number (130 for Ctrl-C), itself. Work that must not outlive an interrupted
 * run registers a cleanup while it is under way: a running plugin is stopped with its process
 * group, a held lock released, a temporary file removed. A second signal while they run ends okapi
 * at once.
 *
 * Exiting rather than re-raising the signal: DESIGN.md §5 promises the exit status 130, and a
 * parent reading okapi's status with waitpid sees that number, not a death by signal.
 *
 * In the SDK because a command plugin needs the same cleanups (its temporary files, an editor it
 * runs): in-process it shares okapi's handlers; a plugin process gets its own, installed by
 * runPlugin for a command session.
 */
import { constants } from 'node:os';

const STATE = Symbol.for('okapi.interrupt');

export type Cleanup = () => void | Promise<void>;

const HANDLED_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

interface InterruptState {
  cleanups: Set<Cleanup>;
  received: NodeJS.Signals | undefined;
  /** While above zero, a program in the foreground (an editor) has the terminal and Ctrl-C is its. */
  foregroundPrograms: number;
}

// Each built-in plugin is bundled with its own copy of this module (scripts/build.mjs), and an
// interrupt is the process's: its state lives on the global object, shared by every copy.
const state: InterruptState = ((globalThis as { [STATE]?: InterruptState })[STATE] ??= {
  cleanups: new Set(),
  received: undefined,
  foregroundPrograms: 0,
});

/** Installs the signal handlers; once, from the entry point, so every run answers the same way. */
export function handleInterrupts(): void {
  for (const signal of HANDLED_SIGNALS) process.on(signal, onSignal);
}

/** Registers work to undo when okapi is interrupted; the returned function unregisters it. */
export function onInterrupt(cleanup: Cleanup): () => void {
  state.cleanups.add(cleanup);
  return () => state.cleanups.delete(cleanup);
}

/**
 * Runs `write`, which creates the temporary file `temp` on its way to its final name. An interrupt
 * meanwhile removes `temp` once `write` has settled: removed any earlier, a file still being
 * created would be left behind.
 */
export async function withTemporaryFile<T>(temp: string, write: () => Promise<T>): Promise<T> {
  // Once interrupted, nothing new is written: this waits, quietly, for the exit the cleanups end in.
  if (state.received !== undefined) return new Promise<T>(() => undefined);
  const work = write();
  const forget = onInterrupt(async () => {
    await work.catch(() => undefined);
    // Asked for here: node:fs/promises loads eight of Node's modules (readline's among them), ~0.5 ms
    // and ~100 KB of young objects on every run that imported it, and only an interrupt needs it.
    await process.getBuiltinModule('node:fs/promises').unlink(temp).catch(() => undefined);
  });
  try {
    return await work;
  } finally {
    forget();
  }
}

/** The signal okapi is ending for, if it is being interrupted. */
export function interruptedBy(): NodeJS.Signals | undefined {
  return state.received;
}

/** 128 + the signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP. */
export function interruptExitCode(signal: NodeJS.Signals): number {
  return 128 + constants.signals[signal];
}

/**
 * Waits for `program`, which owns the terminal (an editor) in okapi's foreground: it gets the
 * Ctrl-C too and decides what it means, as git leaves it to its editor. SIGTERM and SIGHUP still
 * end okapi, and the program with it.
 */
export async function withForegroundProgram<T>(program: Promise<T> & { kill(): boolean }): Promise<T> {
  state.foregroundPrograms++;
  const forget = onInterrupt(() => void program.kill());
  try {
    return await program;
  } finally {
    forget();
    state.foregroundPrograms--;
  }
}

async function onSignal(signal: NodeJS.Signals): Promise<void> {
  if (signal === 'SIGINT' && state.foregroundPrograms > 0 && state.received === undefined) return;
  if (state.received !== undefined) process.exit(interruptExitCode(state.received));
  state.received = signal;
  const code = interruptExitCode(signal);
  // Should the run end on its own while the cleanups run, it ends with this code all the same.
  process.exitCode = code;
  // Work still under way may register more while these run (the next temporary file): run those too.
  while (state.cleanups.size > 0) {
    const pending = [...state.cleanups];
    state.cleanups.clear();
    await Promise.allSettled(pending.map(async (cleanup) => cleanup()));
  }
  process.exit(code);
}
