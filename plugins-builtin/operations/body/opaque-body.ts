/**
 * Bodies of media types okapi does not encode (application/octet-stream, XML, NDJSON, text/*, …):
 * the content itself, never read as shorthand, so `<a b="1"/>` or a line of NDJSON goes out as
 * typed. It is one argument (its text, `@path` for a file, `@@…` for text that starts with `@`) or
 * stdin, not both: there is no document for an argument to patch. Text (the argument, a file or
 * stdin that is UTF-8) is written in the charset the media type declares; other bytes go as they are.
 */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { encodeRaw, rawBytes, unreadableFile, type RawBytes } from '../../../sdk/shared/body/index.js';
import { UsageError } from '../../../sdk/shared/errors.js';

export interface OpaqueInput {
  /** The body words, blank ones already left out. */
  readonly words: readonly string[];
  readonly stdin: Uint8Array | undefined;
  readonly cwd: string | undefined;
}

/** The bytes to send, or undefined when there is neither a word nor stdin; `source` names the media type's origin in messages. */
export function opaqueBody(input: OpaqueInput, contentType: string, source: string): RawBytes | undefined {
  const { words, stdin } = input;
  if (words.length > 1) {
    throw new UsageError(`a ${contentType} body is one argument, but ${words.length} were given: ${words.map((word) => JSON.stringify(word)).join(' ')}`, {
      hint: "quote the whole body as one argument, e.g. '<item id=\"1\"/>', or give @path to send a file, or pipe it on stdin",
    });
  }
  const word = words[0];
  if (word === undefined) return stdin === undefined ? undefined : rawBytes(stdin, source, contentType);
  if (stdin !== undefined) {
    throw new UsageError(`a ${contentType} body comes from an argument or from stdin, but both were given (the argument ${JSON.stringify(word)})`, {
      hint: 'leave out the argument to send stdin, or stop redirecting stdin to send the argument',
    });
  }
  if (word.startsWith('@@')) return encodeRaw(word.slice(1), source, contentType);
  if (!word.startsWith('@')) return encodeRaw(word, source, contentType);
  const path = word.slice(1);
  if (path === '') {
    throw new UsageError('@ on its own names no file to send as the request body', {
      hint: 'write @path to send a file, or @@ for text that starts with @',
    });
  }
  const absolute = resolve(input.cwd ?? process.cwd(), path);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(absolute);
  } catch (error) {
    throw unreadableFile(absolute, error, 'the request body');
  }
  return rawBytes(bytes, source, contentType);
}
