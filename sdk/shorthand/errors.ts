/**
 * Shorthand failures point at the offending character: the message carries the input line with a
 * caret under it, so a mistyped CLI argument can be fixed without counting characters.
 */

import { UsageError } from '../errors.js';
import { redactKeepingLength } from '../redact.js';

/** Characters of context shown either side of the caret; a 1 MB one-line body must not be echoed whole. */
const EXCERPT_RADIUS = 40;

export class ShorthandError extends UsageError {
  /** 0-based offset into `input`; `input.length` means "at the end of the input". */
  readonly position: number;
  readonly input: string;

  constructor(reason: string, position: number, input: string, options: { hint?: string } = {}) {
    const clamped = Math.min(Math.max(0, position), input.length);
    super(`${reason} at position ${clamped}\n${pointAt(input, clamped)}`, options);
    this.name = 'ShorthandError';
    this.position = clamped;
    this.input = input;
  }
}

/**
 * Two indented lines: the input line holding `position`, and a caret beneath that character.
 * Credential values in the line are starred out (same length, so the caret stays right).
 */
function pointAt(input: string, position: number): string {
  // lastIndexOf treats a negative start as 0, which would find a newline at 0 for position 0.
  const lineStart = position === 0 ? 0 : input.lastIndexOf('\n', position - 1) + 1;
  const newline = input.indexOf('\n', position);
  const lineEnd = newline === -1 ? input.length : newline;
  const from = Math.max(lineStart, position - EXCERPT_RADIUS);
  const to = Math.min(lineEnd, position + EXCERPT_RADIUS);
  const prefix = from > lineStart ? '…' : '';
  const suffix = to < lineEnd ? '…' : '';
  // Tabs and other control characters would shift the caret, so every one shows as a single space.
  const excerpt = redactKeepingLength(input.slice(lineStart, lineEnd)).slice(from - lineStart, to - lineStart).replace(/[\u0000-\u001f\u007f]/g, ' ');
  const caretColumn = prefix.length + position - from;
  return `  ${prefix}${excerpt}${suffix}\n  ${' '.repeat(caretColumn)}^`;
}
