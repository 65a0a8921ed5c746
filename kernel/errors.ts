/**
 * Errors meant for people: what went wrong, the value at fault, and what to do. The exit code
 * travels with the error so every layer can fail without knowing how the process ends (DESIGN.md §5).
 */
import { ExitCode, OkapiError } from '../sdk/errors.js';
import { visibleControls } from './output/terminal-text.js';

export { ExitCode, OkapiError, UsageError, type OkapiErrorOptions } from '../sdk/errors.js';

/**
 * Renders any thrown value as the lines okapi prints on stderr. A message may quote what a server
 * or a plugin said: its control characters are shown, never obeyed by the terminal.
 */
export function formatError(error: unknown): string {
  if (error instanceof OkapiError) {
    return visibleControls(error.hint ? `okapi: ${error.message}\n  hint: ${error.hint}` : `okapi: ${error.message}`);
  }
  if (error instanceof Error) return visibleControls(`okapi: ${error.message}`);
  return visibleControls(`okapi: ${String(error)}`);
}

export function exitCodeOf(error: unknown): number {
  return error instanceof OkapiError ? error.exitCode : ExitCode.runtime;
}
