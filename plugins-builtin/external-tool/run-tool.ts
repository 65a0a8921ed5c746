/**
 * Runs an external-tool command line through the platform shell (`/bin/sh -c`, `cmd /c` on
 * Windows) as SPEC.md "Authentication" rule 13 says: without okapi's stdin (a tool must not eat a
 * request body or wait on the user's terminal), killed when it outlives its deadline.
 */
import { spawn } from 'node:child_process';

/** How long a tool may take: long enough for a tool that asks a keychain, short of a hung request. */
export const TOOL_TIMEOUT_MS = 30_000;

/** A tool's output past this is not a credential: stop reading rather than hold it all. */
const MAX_OUTPUT_BYTES = 1024 * 1024;

export type ToolRun =
  | { outcome: 'exited'; status: number; stdout: string; stderr: string }
  | { outcome: 'signalled'; signal: string; stderr: string }
  | { outcome: 'timed-out'; stderr: string }
  | { outcome: 'too-much-output'; stderr: string }
  | { outcome: 'not-started'; reason: string };

export function runTool(commandline: string, timeoutMs: number = TOOL_TIMEOUT_MS): Promise<ToolRun> {
  const windows = process.platform === 'win32';
  const child = windows
    ? spawn(process.env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c', `"${commandline}"`], { stdio: ['ignore', 'pipe', 'pipe'], windowsVerbatimArguments: true, windowsHide: true })
    : spawn('/bin/sh', ['-c', commandline], { stdio: ['ignore', 'pipe', 'pipe'] });

  return new Promise((resolve) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let size = 0;
    let stopped: 'timed-out' | 'too-much-output' | undefined;
    // The shell is killed and the pipes closed: a program the shell started and did not replace
    // itself with would otherwise keep them open, and okapi waiting. It gets SIGPIPE when it writes.
    const stop = (why: 'timed-out' | 'too-much-output') => {
      if (stopped) return;
      stopped = why;
      child.kill('SIGKILL');
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(() => stop('timed-out'), timeoutMs);
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) return stop('too-much-output');
      into.push(chunk);
    };
    child.stdout.on('data', collect(stdout));
    child.stderr.on('data', collect(stderr));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ outcome: 'not-started', reason: error.message });
    });
    child.on('exit', () => {
      clearTimeout(timer);
      if (stopped) resolve({ outcome: stopped, stderr: Buffer.concat(stderr).toString('utf8') });
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      const err = Buffer.concat(stderr).toString('utf8');
      if (stopped) resolve({ outcome: stopped, stderr: err });
      else if (status === null) resolve({ outcome: 'signalled', signal: signal ?? 'unknown', stderr: err });
      else resolve({ outcome: 'exited', status, stdout: Buffer.concat(stdout).toString('utf8'), stderr: err });
    });
  });
}
