/**
 * Shorthand input: the JSON superset behind request bodies (`okapi post URL 'a.b: 1, c[]: x'`),
 * `okapi config set`, `okapi api set` and setup expressions. Parsing (with any `@file` loading)
 * finishes before a result is returned, and every failure is a {@link ShorthandError}.
 */

import { applyProgram } from './apply.js';
import { cloneDocument } from './document.js';
import type { ShorthandOptions } from './files.js';
import { parseProgram } from './parser.js';

export { joinShorthandArguments, type JoinOptions } from './arguments.js';
export { ShorthandError } from './errors.js';
export { FileRef, type ShorthandOptions } from './files.js';

/** Parse one expression into a new value. Several CLI arguments are joined by `joinShorthandArguments` first. */
export function parseShorthand(input: string, options: ShorthandOptions = {}): unknown {
  return applyProgram(undefined, parseProgram(input, options), input);
}

/**
 * Apply an expression as a patch onto a base document (deep-cloned, base not mutated): merge, append,
 * insert, delete, move/swap. Returns the new document.
 */
export function applyShorthand(base: unknown, input: string, options: ShorthandOptions = {}): unknown {
  const program = parseProgram(input, options);
  return applyProgram(cloneDocument(base), program, input);
}
