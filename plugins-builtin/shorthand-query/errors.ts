/**
 * A shorthand query that cannot be read, or a value it cannot be applied to: exit 2, with the
 * expression and a caret under the character at fault, so a long `-f` argument is fixed at a glance.
 */

import { caretLines } from '../../sdk/shared/caret-lines.js';
import { UsageError } from '../../sdk/shared/errors.js';

export class QueryError extends UsageError {
  /** 0-based offset into `expression`; `expression.length` means "at the end". */
  readonly position: number;
  readonly expression: string;
  /** The message without the position and the excerpt. */
  readonly reason: string;

  constructor(reason: string, position: number, expression: string, options: { hint?: string } = {}) {
    const clamped = Math.min(Math.max(0, Math.trunc(position) || 0), expression.length);
    super(`${reason} at position ${clamped} of the filter\n${caretLines(expression, clamped)}`, options);
    this.name = 'QueryError';
    this.position = clamped;
    this.expression = expression;
    this.reason = reason;
  }
}
