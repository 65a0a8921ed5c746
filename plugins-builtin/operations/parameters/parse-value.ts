/**
 * What the user typed for a parameter, as the value serializeParameters sends. The words are those
 * of one flag or positional argument: one for a single value, one per repetition of an array flag.
 *
 * - A primitive is the word exactly as typed: `007` and `1.50` are sent as they are.
 * - An array is one item per word, each exactly as typed. One word is always one item, even when it
 *   looks like a list (`a,b` or `[a, b]`): reading it as a list would be a guess; repeat the flag.
 * - An object (or a deepObject parameter) is shorthand, `'R: 100, G: 200'`; several words join into
 *   one expression as body arguments do, so repeating the flag adds fields.
 * - A JSON `content` parameter is shorthand (JSON is shorthand too) and is sent as compact JSON; an
 *   array one takes one item per word, as other arrays do. Quote text: `'"blue"'`.
 *
 * `@file` reads a file only where shorthand is read (objects and content); a primitive is never
 * read from a file.
 */

import { OkapiError, UsageError } from '../../../sdk/shared/errors.js';
import { describeValue } from '../../../sdk/shared/body/encoders/values.js';
import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';
import { isObjectLiteral } from '../../../sdk/shared/plain-object.js';
import type { ShorthandError } from '../../../sdk/shared/shorthand/index.js';

/** The shorthand parser, loaded for object and JSON values only: it brings YAML and CBOR readers for `@file`. */
type Shorthand = typeof import('../../../sdk/shared/shorthand/index.js') & typeof import('../../../sdk/shared/body/input.js');
import { parameterLabel, shownValue } from './parameter-label.js';
import { refuseUnsupportedStyle, styleOf } from './styles.js';

export interface ParseOptions {
  /** How the user named the parameter (`--color`, or `<color>` for a positional), for messages. */
  shownAs?: string;
  /** The directory relative `@file` paths start from; the process's by default. */
  cwd?: string;
}

export async function parseParameterValue(param: DetailParameter, words: readonly string[], options: ParseOptions = {}): Promise<unknown> {
  const label = options.shownAs === undefined ? parameterLabel(param) : `${options.shownAs} (${parameterLabel(param)})`;
  refuseUnsupportedStyle(param);
  if (words.length === 0) throw new UsageError(`${label} needs a value`);
  const structured = param.content_type !== undefined || (param.array !== true && (param.object === true || styleOf(param) === 'deepObject'));
  if (!structured) return param.array === true ? [...words] : oneWord(param, words, label);
  const shorthand: Shorthand = { ...(await import('../../../sdk/shared/shorthand/index.js')), ...(await import('../../../sdk/shared/body/input.js')) };
  if (param.content_type !== undefined) {
    if (param.array === true) return words.map((word) => shorthandValue(shorthand, word, label, options));
    return shorthandValue(shorthand, oneWord(param, words, label), label, options);
  }
  return objectValue(shorthand, param, words, label, options);
}

function oneWord(param: DetailParameter, words: readonly string[], label: string): string {
  if (words.length === 1) return words[0]!;
  throw new UsageError(`${label} takes one value, but was given ${words.length}: ${words.map((word) => shownValue(param, word)).join(', ')}`, {
    hint: 'give it once; quote a value that holds spaces',
  });
}

function objectValue(shorthand: Shorthand, param: DetailParameter, words: readonly string[], label: string, options: ParseOptions): Record<string, unknown> {
  let expression: string;
  try {
    expression = shorthand.joinShorthandArguments(words, { requestBody: false });
  } catch (error) {
    throw error instanceof shorthand.ShorthandError ? shorthandFailure(error, label) : error;
  }
  const value = shorthandValue(shorthand, expression, label, options);
  if (isObjectLiteral(value)) return value;
  throw new UsageError(`${label} needs an object of fields, but ${shownValue(param, expression)} is ${describeValue(value)}`, {
    hint: "write its fields as shorthand, e.g. 'name: value, other: value'",
  });
}

function shorthandValue(shorthand: Shorthand, expression: string, label: string, options: ParseOptions): unknown {
  let value: unknown;
  try {
    value = shorthand.shorthandReadingFiles(expression, undefined, { fileRefs: false, cwd: options.cwd }, label);
  } catch (error) {
    throw error instanceof shorthand.ShorthandError ? shorthandFailure(error, label) : error;
  }
  if (value === undefined) throw new UsageError(`${label} needs a value, but ${JSON.stringify(expression)} holds none`);
  return value;
}

function shorthandFailure(error: ShorthandError, label: string): OkapiError {
  return new UsageError(`the value of ${label} is not valid shorthand: ${error.message}`, {
    hint: error.hint ?? `quote the whole value so the shell passes it unchanged, and quote text inside it: '"blue"', 'R: 100, G: 200'`,
    cause: error,
  });
}
