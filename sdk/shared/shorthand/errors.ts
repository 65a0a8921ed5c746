/**
 * Shorthand failures point at the offending character: the message carries the input line with a
 * caret under it, so a mistyped CLI argument can be fixed without counting characters.
 */

import { UsageError } from '../errors.js';
import { redactKeepingLength } from '../redact.js';
import { caretLines } from '../caret-lines.js';

export class ShorthandError extends UsageError {
  /** 0-based offset into `input`; `input.length` means "at the end of the input". */
  readonly position: number;
  readonly input: string;

  constructor(reason: string, position: number, input: string, options: { hint?: string } = {}) {
    const clamped = Math.min(Math.max(0, position), input.length);
    super(`${reason} at position ${clamped}\n${caretLines(input, clamped, redactKeepingLength)}`, options);
    this.name = 'ShorthandError';
    this.position = clamped;
    this.input = input;
  }
}
