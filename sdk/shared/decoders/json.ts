/**
 * JSON bodies: application/json and every `+json` type. A JSON text sequence (RFC 7464, records
 * opened by 0x1E) or two or more concatenated values decode to an array of the values.
 */
import { parseJsonExact } from '../json-parse.js';
import { isJsonWhitespace } from '../json-syntax.js';
import { NestingError } from '../nesting.js';
import { decodeText, UndecodableBodyError, type BodyDecoder } from './decoder.js';

/** Types that are JSON though neither application/json nor a `+json` suffix, seen in the wild. */
const JSON_ALIASES = new Set(['application/json', 'text/json', 'application/x-json', 'text/x-json']);

export function isJsonType(mediaType: string): boolean {
  return JSON_ALIASES.has(mediaType) || mediaType.endsWith('+json');
}

/** `reason`: JSON.parse's complaint about the text as a single value. */
export type JsonResult = { ok: true; value: unknown } | { ok: false; reason: string };

const RS = '\x1e';

/** Parses one JSON value, a JSON text sequence, or concatenated JSON values. */
export function parseJson(text: string): JsonResult {
  if (text[text.search(/\S/)] === RS) return parseRecords(text.split(RS));
  try {
    return { ok: true, value: parseJsonExact(text) };
  } catch (error) {
    if (error instanceof NestingError) throw error;
    const parts = splitConcatenated(text);
    const reason = (error as Error).message;
    if (!parts || parts.length < 2) return { ok: false, reason };
    const records = parseRecords(parts);
    return records.ok ? records : { ok: false, reason };
  }
}

function parseRecords(records: string[]): JsonResult {
  const values: unknown[] = [];
  for (const [index, record] of records.entries()) {
    // Only JSON's white space makes a record blank: `\v` or U+00A0 between values is not JSON.
    if (skipSpace(record, 0) === record.length) continue;
    try {
      values.push(parseJsonExact(record));
    } catch (error) {
      if (error instanceof NestingError) throw error;
      return { ok: false, reason: `record ${index + 1}: ${(error as Error).message}` };
    }
  }
  return { ok: true, value: values };
}

/**
 * Cuts text into the spans of consecutive JSON values (`{..} {..}`, `1 2`, `[..][..]`), or
 * undefined when it cannot be cut. Only finds the boundaries; JSON.parse judges each span.
 */
function splitConcatenated(text: string): string[] | undefined {
  const parts: string[] = [];
  let i = skipSpace(text, 0);
  while (i < text.length) {
    const end = valueEnd(text, i);
    if (end < 0) return undefined;
    parts.push(text.slice(i, end));
    i = skipSpace(text, end);
  }
  return parts;
}

function valueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (c === '"') {
        i = stringEnd(text, i) - 1;
        if (i < 0) return -1;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  let i = start;
  while (i < text.length && !isJsonWhitespace(text.charCodeAt(i)) && !'{}[]"'.includes(text[i]!)) i++;
  return i === start ? -1 : i;
}

/** The index just past the string opening at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return -1;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isJsonWhitespace(text.charCodeAt(i))) i++;
  return i;
}

export const jsonDecoder: BodyDecoder = {
  accept: [
    { range: 'application/json', q: 1 },
    { range: 'application/*+json', q: 0.9 },
  ],
  handles: isJsonType,
  decode(bytes, mediaType, charset) {
    let result: JsonResult;
    try {
      result = parseJson(decodeText(bytes, charset));
    } catch (error) {
      throw error instanceof NestingError ? error.about('the response body') : error;
    }
    if (!result.ok) throw new UndecodableBodyError('JSON', mediaType, result.reason);
    return result.value;
  },
};
