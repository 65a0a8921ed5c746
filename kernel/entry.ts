/** Runs one invocation and finishes the process's work (open connections) before it ends. */
import { run } from './cli/run.js';
import { handleInterrupts, interruptedBy, interruptExitCode } from './interrupt.js';
import { shutdown } from './shutdown.js';
import type { HelpCache } from './startup/help-cache.js';

/** `helpCache`: where to keep the root help the entry could not find cached (see main.ts). */
export async function main(argv: string[], helpCache?: HelpCache): Promise<void> {
  // `okapi URL | head`: once the reader has what it wants, stop quietly, as Unix tools do. Caught
  // here rather than with a listener on process.stdout, which would build the stream on every run.
  process.on('uncaughtException', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    process.stderr.write(`${error.stack ?? String(error)}\n`);
    process.exit(1);
  });
  handleInterrupts();
  const code = await run(argv, process.env, process, helpCache);
  const interrupted = interruptedBy();
  process.exitCode = interrupted === undefined ? code : interruptExitCode(interrupted);
  await shutdown();
}
