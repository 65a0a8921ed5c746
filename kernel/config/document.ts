/**
 * The config document: its type, and the parse that turns a file's text into it. The file is JSON;
 * comments and trailing commas are tolerated (JSONC) so people can annotate it by hand.
 */

import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import type { OkapiConfig } from '../../sdk/shared/api-config.js';
import { overridesProblem } from '../plugins/overrides.js';

export type { OkapiConfig };

const BOM = '\uFEFF';

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value} (${JSON.stringify(value)})`;
}

/**
 * Parses a config file's text. `path` is only used in messages. An empty file (only whitespace or
 * comments) is an empty config, so `touch config.json` is a valid start.
 */
export function parseConfigText(text: string, path: string): OkapiConfig {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  let value: unknown;
  try {
    // Fast path: almost every config file is plain JSON, and this runs on every invocation.
    value = JSON.parse(body);
  } catch {
    value = parseTolerant(body, path);
  }
  return validateConfig(value, path);
}

function parseTolerant(text: string, path: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, {
    allowTrailingComma: true,
    allowEmptyContent: true,
    disallowComments: false,
  });
  const first = errors[0];
  if (first !== undefined) {
    const { line, column } = lineAndColumn(text, first.offset);
    throw new OkapiError(
      `config file ${path} is not valid JSON: ${describeParseError(first, text)} at line ${line}, column ${column}`,
      { hint: `fix the file by hand, or run \`okapi config edit\` to edit it with validation` },
    );
  }
  return value === undefined ? {} : value;
}

/** 1-based line and column of a UTF-16 offset; CRLF, CR and LF all end a line; columns count code points. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x0a || (ch === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: Array.from(text.slice(lineStart, end)).length + 1 };
}

function snippet(text: string, error: ParseError): string {
  const raw = text.slice(error.offset, error.offset + Math.max(error.length, 1));
  const shown = raw.length > 20 ? `${raw.slice(0, 20)}…` : raw;
  const escaped = JSON.stringify(shown);
  return shown.includes("'") ? escaped : `'${escaped.slice(1, -1).replaceAll('\\"', '"')}'`;
}

/** What jsonc-parser expected where the text went wrong, by error name. */
const EXPECTED: Record<string, string> = {
  PropertyNameExpected: 'a property name',
  ValueExpected: 'a value',
  ColonExpected: "':'",
  CommaExpected: "','",
  CloseBraceExpected: "'}'",
  CloseBracketExpected: "']'",
};

/** The errors that need no quote of the text. */
const PLAIN: Record<string, string> = {
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'incomplete number',
  InvalidUnicode: 'invalid \\u escape in a string',
  InvalidEscapeCharacter: 'invalid escape sequence in a string',
  InvalidCharacter: 'control character in a string (write it as an escape such as \\n or \\t)',
};

function describeParseError(error: ParseError, text: string): string {
  const name = printParseErrorCode(error.error);
  const expected = EXPECTED[name];
  if (expected !== undefined) {
    return error.offset >= text.length ? `unexpected end of file, expected ${expected}` : `expected ${expected}, found ${snippet(text, error)}`;
  }
  if (name === 'InvalidSymbol') return `unexpected ${snippet(text, error)}`;
  if (name === 'InvalidNumberFormat') return `invalid number ${snippet(text, error)}`;
  if (name === 'EndOfFileExpected') return `unexpected ${snippet(text, error)} after the end of the document`;
  return PLAIN[name] ?? 'syntax error';
}

function validateConfig(value: unknown, path: string): OkapiConfig {
  const hint = 'fix the file by hand, or run `okapi config edit` to edit it with validation';
  if (!isPlainObject(value)) {
    throw new OkapiError(`config file ${path} must contain a JSON object at the top level, found ${describeType(value)}`, {
      hint,
    });
  }
  for (const field of ['apis', 'plugins'] as const) {
    const section = value[field];
    if (section !== undefined && !isPlainObject(section)) {
      throw new OkapiError(`config file ${path}: "${field}" must be an object, found ${describeType(section)}`, { hint });
    }
  }
  const plugins = value.plugins;
  if (isPlainObject(plugins)) {
    for (const [name, entry] of Object.entries(plugins)) {
      if (!isPlainObject(entry)) {
        throw new OkapiError(`config file ${path}: "plugins.${name}" must be an object, found ${describeType(entry)}`, {
          hint,
        });
      }
      if (entry.enabled !== undefined && typeof entry.enabled !== 'boolean') {
        throw new OkapiError(
          `config file ${path}: "plugins.${name}.enabled" must be true or false, found ${describeType(entry.enabled)}`,
          { hint },
        );
      }
      const overrides = overridesProblem(entry.overrides);
      if (overrides) throw new OkapiError(`config file ${path}: "plugins.${name}.overrides" ${overrides}`, { hint });
    }
  }
  return value as OkapiConfig;
}
