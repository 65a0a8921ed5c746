import { ExitCode, UsageError, type OkapiErrorOptions } from '../../sdk/shared/errors.js';

export type JqFailure = 'compile' | 'runtime';

export interface JqErrorOptions extends Omit<OkapiErrorOptions, 'exitCode'> {
  /** A failure while running the program (exit 1); without it, the program did not compile (exit 2). */
  runtime?: boolean;
  /** The jq program at fault. */
  program?: string;
  /** What jq itself printed on stderr, untouched. */
  stderr?: string;
}

/**
 * A jq filter that failed. One that does not compile is bad command-line input (exit 2); one that
 * fails while it runs ("Cannot index number with string", `error(…)`, out of memory) exits 1.
 */
export class JqError extends UsageError {
  override readonly exitCode: number;
  readonly failure: JqFailure;
  readonly program: string | undefined;
  readonly stderr: string | undefined;

  constructor(message: string, options: JqErrorOptions = {}) {
    const { runtime, program, stderr, ...rest } = options;
    super(message, rest);
    this.name = 'JqError';
    this.failure = runtime ? 'runtime' : 'compile';
    this.exitCode = runtime ? ExitCode.runtime : ExitCode.usage;
    this.program = program;
    this.stderr = stderr;
  }
}
