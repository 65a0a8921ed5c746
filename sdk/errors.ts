/**
 * Errors meant for people, with the exit code they end okapi with (DESIGN.md §5). They live in the
 * SDK because built-in plugins throw them too: the filter plugins' errors keep their exit code and
 * hint when the filter hook turns them into a failure okapi reports (sdk/filter-failure.ts).
 */

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

export class OkapiError extends Error {
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(message: string, options: OkapiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
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

