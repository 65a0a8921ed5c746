/**
 * JSON or YAML text to a value, with errors that name the source and the line and column at fault.
 * The format comes from the media type or the file name, else from the first character.
 */
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { checkYamlTextNesting, NestingError } from '../../sdk/shared/nesting.js';
import { mediaTypeEssence } from '../../sdk/shared/media-type.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { exactNumberReadingTags } from '../../sdk/shared/yaml-exact-number.js';
import { utf8TextOf } from '../../sdk/shared/utf8-text.js';

export class DescriptionError extends Error {
  readonly exitCode = 1;
  constructor(message: string) {
    super(message);
    this.name = 'DescriptionError';
  }
}

export interface ParseOptions {
  /** A file path or URL, for messages. */
  source: string;
  contentType?: string | undefined;
}

export type Format = 'json' | 'yaml';

export function formatOf(text: string, source: string, contentType: string | undefined): Format {
  const type = mediaTypeEssence(contentType);
  if (/[/+]json$/.test(type)) return 'json';
  if (/[/+-]yaml$/.test(type)) return 'yaml';
  const path = source.replace(/[?#].*$/, '').toLowerCase();
  if (path.endsWith('.json')) return 'json';
  if (path.endsWith('.yaml') || path.endsWith('.yml')) return 'yaml';
  const first = /\S/.exec(text)?.[0];
  return first === '{' || first === '[' ? 'json' : 'yaml';
}

/** JSON needs nothing loaded; the YAML parser (~70 files) loads only for YAML. */
export async function parseDescription(bytes: Uint8Array, options: ParseOptions): Promise<unknown> {
  const text = decodeText(bytes, options.source);
  if (text.trim() === '') throw new DescriptionError(`${options.source} is empty`);
  const format = formatOf(text, options.source, options.contentType);
  try {
    return format === 'json' ? parseJson(text, options.source) : parseYamlText(text, options.source, await import('yaml'));
  } catch (error) {
    throw error instanceof NestingError ? new DescriptionError(error.about(`the API description ${options.source}`).message) : error;
  }
}

function decodeText(bytes: Uint8Array, source: string): string {
  const text = utf8TextOf(bytes);
  if (text === undefined) throw new DescriptionError(`${source} is not UTF-8 text, so it cannot be a JSON or YAML API description`);
  if (text.includes('\u0000')) throw new DescriptionError(`${source} holds binary data, not a JSON or YAML API description`);
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function parseJson(text: string, source: string): unknown {
  let value: unknown;
  try {
    // A description's bounds, defaults and examples reach help, checks and requests: a number a
    // double would change (`maximum: 18446744073709551615`) is kept as written
    // (docs/design/009-exact-numbers.md). The scan that finds them also refuses deep nesting.
    value = parseJsonExact(text);
  } catch (error) {
    // Said as before the scan found it: without a character offset, which a description's author
    // would have to count to.
    if (error instanceof NestingError) throw new NestingError(error.subject, undefined);
    throw jsonError(text, source, error instanceof Error ? error.message : String(error));
  }
  return value;
}

/**
 * V8's messages do not always say where (Node 20: `Unexpected token '}', ..."x": }" is not valid
 * JSON`), so the failed text is scanned again for the first error's offset.
 */
function jsonError(text: string, source: string, message: string): DescriptionError {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  const end = text.trimEnd().length;
  const offset = first?.offset ?? Number(/position (\d+)/.exec(message)?.[1] ?? end);
  const truncated = offset >= end || /end of (JSON )?input|Unterminated string/i.test(message);
  const reason = first ? describeJsonError(printParseErrorCode(first.error), truncated) : message.split(' in JSON')[0]!;
  return new DescriptionError(
    `cannot parse ${source} as JSON: ${reason} at ${describeOffset(text, offset)}${truncated ? ' (the document ends too early: is it truncated?)' : ''}`,
  );
}

function describeJsonError(code: string, atEnd: boolean): string {
  if (atEnd) return 'unexpected end of the document';
  const words: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'invalid number',
    PropertyNameExpected: 'expected a property name',
    ValueExpected: 'expected a value',
    ColonExpected: "expected ':'",
    CommaExpected: "expected ','",
    CloseBraceExpected: "expected '}'",
    CloseBracketExpected: "expected ']'",
    EndOfFileExpected: 'unexpected text after the end of the document',
    InvalidCommentToken: 'comments are not JSON',
    UnexpectedEndOfString: 'unterminated string',
    InvalidUnicode: 'invalid \\u escape',
    InvalidEscapeCharacter: 'invalid escape sequence',
    InvalidCharacter: 'control character in a string',
  };
  return words[code] ?? 'syntax error';
}

/** Not checked after parsing: aliases may make a cycle, which the walks over the description end. */
function parseYamlText(text: string, source: string, yaml: typeof import('yaml')): unknown {
  checkYamlTextNesting(text);
  try {
    // Real descriptions repeat keys now and then and use merge keys (<<); neither is worth refusing.
    return yaml.parse(text, {
      uniqueKeys: false,
      merge: true,
      maxAliasCount: 10_000,
      prettyErrors: true,
      logLevel: 'error',
      customTags: exactNumberReadingTags(),
    });
  } catch (error) {
    if (error instanceof yaml.YAMLParseError) {
      const at = error.linePos?.[0];
      const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      throw new DescriptionError(`cannot parse ${source} as YAML: ${reason}${at ? ` at line ${at.line}, column ${at.col}` : ''}`);
    }
    throw new DescriptionError(`cannot parse ${source} as YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `line L, column C` of a UTF-16 offset (columns count code points). */
export function describeOffset(text: string, offset: number): string {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return `line ${line}, column ${Array.from(text.slice(lineStart, end)).length + 1}`;
}
