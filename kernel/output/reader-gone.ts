/**
 * Whether a failed write means okapi's reader went away (`okapi URL | head`): EPIPE on a pipe,
 * ECONNRESET when stdout is a socket (a parent process spawned okapi with socket stdio and closed
 * its end). Either way okapi ends quietly with exit 0, as Unix tools do.
 */
export function readerGone(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EPIPE' || (error.code === 'ECONNRESET' && error.syscall === 'write');
}
