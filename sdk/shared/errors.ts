/**
 * Errors meant for people: what went wrong, the value at fault, and what to do. The exit code
 * travels with the error so every layer can fail without knowing how the process ends (DESIGN.md §5).
 */
import { visibleControls } from './terminal-text.js';

export const ExitCode = {
  ok: 0,
  runtime: 1,
  usage: 2,
  interrupted: 130,
} as const;

export interface OkapiErrorOptions {
  /** What the user can do about it, printed on its own line. */
  hint?: string;
  exitCode?: number;
  cause?: unknown;
}

/** Marks every OkapiError, whichever copy of this module made it. */
const BRAND = Symbol.for('okapi.OkapiError');

export class OkapiError extends Error {
  readonly hint: string | undefined;
  readonly exitCode: number;

  /**
   * Each built-in plugin is bundled apart from the kernel with its own copy of this class, so an
   * error a plugin throws is recognised by its brand: its hint and exit code survive. Only as an
   * OkapiError: a subclass check (UsageError) still needs this copy's class.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    return this === OkapiError && typeof value === 'object' && value !== null && BRAND in value;
  }

  constructor(message: string, options: OkapiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    Object.defineProperty(this, BRAND, { value: true });
    this.name = 'OkapiError';
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? ExitCode.runtime;
  }
}

/** Bad command-line input: exit 2. */
export class UsageError extends OkapiError {
  constructor(message: string, options: Omit<OkapiErrorOptions, 'exitCode'> = {}) {
    super(message, { ...options, exitCode: ExitCode.usage });
    this.name = 'UsageError';
  }
}

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
