/**
 * `@path` values: the file is read while parsing, so a typo in a path fails before any request is
 * made. Structured files become data, text becomes a string, anything else stays bytes.
 */

import { readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { newCborDataDecoder } from '../cbor.js';
import { parseJsonExact } from '../json-parse.js';
import { checkValueNesting, checkYamlTextNesting, NestingError } from '../nesting.js';
import { exactNumberReadingTags } from '../yaml-exact-number.js';
import { utf8TextOf } from '../utf8-text.js';
import { firstMessageLine } from '../first-message-line.js';

export interface ShorthandOptions {
  /** Multipart bodies: `@path` becomes a {@link FileRef} and the file is not read. */
  fileRefs?: boolean;
  /** Directory that relative `@path` values are resolved against; defaults to the process's. */
  cwd?: string;
  /** Reads the resolved absolute path; defaults to `readFileSync`. */
  readFile?: (path: string) => Uint8Array;
}

/** A file to upload as its own multipart part; `path` is absolute. */
export class FileRef {
  constructor(readonly path: string) {}
}

export type FileLoad = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

export function resolveFilePath(path: string, options: ShorthandOptions): string {
  return resolve(options.cwd ?? process.cwd(), path);
}

export function loadFile(path: string, options: ShorthandOptions): FileLoad {
  const absolute = resolveFilePath(path, options);
  let bytes: Uint8Array;
  try {
    bytes = options.readFile === undefined ? readFileSync(absolute) : options.readFile(absolute);
  } catch (error) {
    return { ok: false, reason: `cannot read file "${path}": ${describeReadError(error)}` };
  }
  try {
    return { ok: true, value: decodeFile(absolute, bytes) };
  } catch (error) {
    return { ok: false, reason: `cannot parse file "${path}": ${firstLine(error)}` };
  }
}

function decodeFile(path: string, bytes: Uint8Array): unknown {
  switch (extname(path).toLowerCase()) {
    case '.json':
      return parseJsonExact(utf8TextOf(bytes) ?? invalidUtf8());
    case '.yaml':
    case '.yml':
      return parseYamlFile(utf8TextOf(bytes) ?? invalidUtf8());
    case '.cbor':
      return newCborDataDecoder().decode(bytes);
  }
  const text = utf8TextOf(bytes);
  if (text === undefined) return Uint8Array.from(bytes);
  return parseJsonContainer(text) ?? text;
}

function parseYamlFile(text: string): unknown {
  checkYamlTextNesting(text);
  const value: unknown = parseYaml(text, { customTags: exactNumberReadingTags() });
  checkValueNesting(value);
  return value;
}

/**
 * A file without a telling extension (a saved response body, say) is JSON when it holds an object
 * or array. Other JSON texts such as `123` stay strings: they are far likelier to be plain text.
 */
function parseJsonContainer(text: string): object | undefined {
  const first = text.trimStart().charAt(0);
  if (first !== '{' && first !== '[') return undefined;
  try {
    return parseJsonExact(text) as object;
  } catch (error) {
    // Too deep is JSON refused, not text.
    if (error instanceof NestingError) throw error;
    return undefined;
  }
}


function invalidUtf8(): never {
  throw new Error('the file is not valid UTF-8');
}

/** Node says "ENOENT: no such file or directory, open '/x'"; the path is already in our message. */
function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (error instanceof Error && typeof code === 'string') {
    const description = /^[A-Z0-9_]+: ([^,]+)/.exec(error.message)?.[1];
    if (description !== undefined) return `${description} (${code})`;
  }
  return firstLine(error);
}

function firstLine(error: unknown): string {
  return firstMessageLine(error instanceof Error ? error.message : String(error));
}
