/**
 * The body value from its two sources: the args, joined into one shorthand expression (a field per
 * argument that starts one, other words continue the value before them; see shorthand/arguments.ts),
 * and structured stdin, which the expression patches. `@file` values are loaded by the
 * shorthand parser; here a file that cannot be read becomes a runtime error rather than a syntax one.
 */

import { readFileSync } from 'node:fs';
import { ShorthandError, applyShorthand, joinShorthandArguments, parseShorthand, type ShorthandOptions } from '../shorthand/index.js';
import { BodySyntaxError, unreadableFile } from './errors.js';

export interface ExpressionOptions {
  /** Multipart: `@path` becomes a FileRef, read later by the encoder. */
  readonly fileRefs: boolean;
  readonly cwd: string | undefined;
}

/** The args as one expression; blank (no args, or only empty ones) when there is nothing to parse. */
export function joinArgs(args: readonly string[]): string {
  try {
    return joinShorthandArguments(args, { requestBody: true });
  } catch (error) {
    if (error instanceof ShorthandError) throw new BodySyntaxError(error);
    throw error;
  }
}

export function isBlankExpression(expression: string): boolean {
  return expression.trim() === '';
}

/**
 * Parses `expression` into a new value, or applies it as a patch to `base` when one is given.
 * The result is undefined only for an expression without values (comments, say) and no base.
 */
export function evaluateExpression(expression: string, base: { value: unknown } | undefined, options: ExpressionOptions): unknown {
  try {
    return shorthandReadingFiles(expression, base, options, 'the request body');
  } catch (error) {
    if (error instanceof ShorthandError) throw new BodySyntaxError(error);
    throw error;
  }
}

/**
 * Shorthand with its `@file`s read from disk: a file that cannot be read fails as unreadable for
 * `what` (exit 1, naming the path); a syntax error is thrown as the parser's ShorthandError.
 */
export function shorthandReadingFiles(expression: string, base: { value: unknown } | undefined, options: ExpressionOptions, what: string): unknown {
  let failedRead: { path: string; error: unknown } | undefined;
  const shorthandOptions: ShorthandOptions = {
    fileRefs: options.fileRefs,
    readFile: (path) => {
      try {
        return readFileSync(path);
      } catch (error) {
        failedRead = { path, error };
        throw error;
      }
    },
  };
  if (options.cwd !== undefined) shorthandOptions.cwd = options.cwd;
  try {
    return base === undefined ? parseShorthand(expression, shorthandOptions) : applyShorthand(base.value, expression, shorthandOptions);
  } catch (error) {
    // The parser stops at the first failure, so a recorded read failure is the one being reported.
    if (failedRead !== undefined) throw unreadableFile(failedRead.path, failedRead.error, what);
    throw error;
  }
}
