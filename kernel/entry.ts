/** Runs one invocation and finishes the process's work (open connections) before it ends. */
import { writeSync } from 'node:fs';
import { run } from './cli/run.js';
import { handleInterrupts, interruptedBy, interruptExitCode } from '../sdk/interrupt.js';
import { readerGone } from './output/reader-gone.js';
import { shutdown } from './shutdown.js';
import type { HelpCache } from './startup/help-cache.js';

/** `helpCache`: where to keep the root help the entry could not find cached (see main.ts). */
export async function main(argv: string[], helpCache?: HelpCache): Promise<void> {
  // `okapi URL | head`: once the reader has what it wants, stop quietly, as Unix tools do. Caught
  // here rather than with a listener on process.stdout, which would build the stream on every run.
  process.on('uncaughtException', (error: NodeJS.ErrnoException) => {
    if (readerGone(error)) process.exit(process.exitCode ?? 0);
    // okapi's own output could not be written (ENOBUFS, EAGAIN): say so in one line if stderr still
    // takes it, never with a stack trace, and never end as if all was written.
    if (error.syscall === 'write') {
      try {
        writeSync(2, `okapi: cannot write output: ${error.code ?? error.message}\n`);
      } catch {
        // stderr is what failed.
      }
      process.exit(1);
    }
    process.stderr.write(`${error.stack ?? String(error)}\n`);
    process.exit(1);
  });
  handleInterrupts();
  const code = await run(argv, process.env, process, helpCache);
  const interrupted = interruptedBy();
  process.exitCode = interrupted === undefined ? code : interruptExitCode(interrupted);
  await shutdown();
}
