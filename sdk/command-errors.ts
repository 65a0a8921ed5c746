/**
 * How a command plugin reports a failure: as the kernel prints its own errors (`okapi: <message>`,
 * then `  hint: <what to do>` when there is advice), so every command reads alike.
 */

/** Writes a problem and, when there is one, the hint that says what to do about it. */
export function printProblem(stderr: (text: string) => void, message: string, hint?: string): void {
  stderr(`okapi: ${message}\n${hint ? `  hint: ${hint}\n` : ''}`);
}

/**
 * Prints a thrown error (its message and hint) and returns its exit code: the error's own
 * (2 for a UsageError, say), or 1.
 */
export function printCommandError(stderr: (text: string) => void, error: unknown): number {
  const e = error as { message?: string; hint?: string; exitCode?: number };
  printProblem(stderr, e.message ?? String(error), e.hint);
  return typeof e.exitCode === 'number' ? e.exitCode : 1;
}
