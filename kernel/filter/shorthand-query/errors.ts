/**
 * A shorthand query that cannot be read, or a value it cannot be applied to: exit 2, with the
 * expression and a caret under the character at fault, so a long `-f` argument is fixed at a glance.
 */

import { UsageError } from '../../../sdk/errors.js';

/** Characters of context shown either side of the caret: a long expression is not echoed whole. */
const EXCERPT_RADIUS = 40;

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

/** The line of `text` holding `position` (shortened around it), and a caret under that character. */
export function caretLines(text: string, position: number): string {
  // lastIndexOf clamps a negative start to 0, so position 0 must not look back at all.
  const lineStart = position === 0 ? 0 : text.lastIndexOf('\n', position - 1) + 1;
  const newline = text.indexOf('\n', position);
  const lineEnd = newline === -1 ? text.length : newline;
  const from = Math.max(lineStart, position - EXCERPT_RADIUS);
  const to = Math.min(lineEnd, position + EXCERPT_RADIUS);
  const before = from > lineStart ? '…' : '';
  const after = to < lineEnd ? '…' : '';
  // A tab or another control character would move the caret: each is shown as one space.
  // eslint-disable-next-line no-control-regex
  const excerpt = text.slice(from, to).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `  ${before}${excerpt}${after}\n  ${' '.repeat(before.length + position - from)}^`;
}
