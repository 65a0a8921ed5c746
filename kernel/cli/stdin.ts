/**
 * Redirected standard input, read only when it is a file, a pipe or a socket (programs spawning
 * okapi pass socket pairs): okapi never waits on a terminal, and /dev/null or a closed stdin is
 * no body.
 */
import { fstatSync } from 'node:fs';

export function stdinIsRedirected(stdinIsTTY: () => boolean): boolean {
  try {
    const stat = fstatSync(0);
    if (!stat.isFIFO() && !stat.isFile() && !stat.isSocket()) return false;
  } catch {
    return false;
  }
  // A terminal is a character device, so the process's own stdin is none here; asked last, since
  // asking a character device (/dev/null) loads node:tty.
  return !stdinIsTTY();
}
