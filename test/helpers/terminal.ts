/** okapi on a pseudo-terminal (util-linux `script`), for what only happens on one: prompts, raw-mode keys. */
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { OKAPI_BIN } from './run-okapi.js';

export const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Starts okapi with `args` on a terminal of its own. `script` exits with okapi's code, and passes
 * what is written to its stdin (with `stdio` `pipe`) on to okapi as typed keys.
 */
export function startOnTerminal(args: string[], env: NodeJS.ProcessEnv, stdio: StdioOptions = 'ignore'): ChildProcess {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, OKAPI_BIN, ...args].map(quote).join(' ');
  return spawn('script', ['-qec', command, '/dev/null'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, TERM: 'dumb', NO_COLOR: '1', ...env },
    stdio,
  });
}
