/**
 * The ways assembling a body fails. A mistyped expression is a usage error pointing at the
 * character; a file that cannot be read is a runtime error naming the file and the system's reason.
 * Both are raised before any request is sent.
 */

import { OkapiError, UsageError } from '../errors.js';
import type { ShorthandError } from '../shorthand/index.js';

const SHORTHAND_HINT =
  "quote the whole body so the shell passes it unchanged, e.g. 'name: Alice, tags[]: admin' " +
  '(fields are separated by commas; quote a value to send it as text)';

/** A body expression that is not valid shorthand. `position` counts from the start of the joined args. */
export class BodySyntaxError extends UsageError {
  readonly position: number;
  readonly expression: string;

  constructor(error: ShorthandError) {
    // The shorthand message already ends with the excerpt and a caret under the position.
    super(`the request body is not valid shorthand: ${error.message}`, {
      hint: error.hint ?? SHORTHAND_HINT,
      cause: error,
    });
    this.name = 'BodySyntaxError';
    this.position = error.position;
    this.expression = error.input;
  }
}

/** `@path` in the body names a file that cannot be read: exit 1, with the path and the system's reason. */
export function unreadableFile(path: string, error: unknown, usedFor: string): OkapiError {
  return new OkapiError(`cannot read ${path} for ${usedFor}: ${describeSystemError(error)}`, {
    hint: 'check the path (relative paths start from the current directory); write @@ to send text that starts with @',
    cause: error,
  });
}

/** Node says "ENOENT: no such file or directory, open '/x'"; the path is already in our message. */
function describeSystemError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string') {
    const match = /^[A-Z0-9_]+: ([^,]+)/.exec(message);
    if (match?.[1] !== undefined) return `${match[1]} (${code})`;
  }
  return message.split('\n', 1)[0] ?? message;
}
