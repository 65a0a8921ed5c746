/**
 * What redirected stdin holds. JSON, YAML and CBOR documents are data that body arguments can patch;
 * anything else is text (valid UTF-8) or bytes, sent as it is.
 *
 * YAML reads almost any text as a string, so it counts only when it yields a mapping or sequence
 * (so `Subject: hi` on its own line is YAML: `-c text/plain` sends such text as it is);
 * CBOR is tried only on bytes that are not UTF-8 (every CBOR map or array starts with such a byte).
 */

import { parseDocument } from 'yaml';
import { newCborDataDecoder } from '../cbor.js';
import { MapKeyError } from '../map-keys.js';
import { UsageError } from '../errors.js';
import { ExactNumber } from '../exact-number.js';
import { parseJsonExact } from '../json-parse.js';
import { checkValueNesting, checkYamlTextNesting, NestingError } from '../nesting.js';
import { exactNumberReadingTags } from '../yaml-exact-number.js';

export type StructuredFormat = 'json' | 'yaml' | 'cbor';

export type StdinDocument =
  | {
      readonly kind: 'structured';
      readonly format: StructuredFormat;
      readonly value: unknown;
      /** The document's bytes without a UTF-8 byte order mark, for sending it unchanged. */
      readonly bytes: Uint8Array;
    }
  /**
   * `why` says in a few words why it is not a JSON, YAML or CBOR document; `brokenJson`, that it
   * opens like JSON but does not parse (most likely a mistake, not text meant as text).
   */
  | { readonly kind: 'text'; readonly text: string; readonly bytes: Uint8Array; readonly why: string; readonly brokenJson?: boolean }
  | { readonly kind: 'binary'; readonly bytes: Uint8Array; readonly why: string };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const cborDecoder = newCborDataDecoder();

/** Whether stdin counts as absent: nothing at all, or only blank lines (`echo | okapi …`). */
export function isBlank(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  }
  return true;
}

/**
 * Throws NestingError for a document nested deeper than okapi's limit, and a UsageError for a CBOR
 * map two of whose keys okapi would merge: such data is refused, never sent as bytes or text.
 */
export function classifyStdin(bytes: Uint8Array): StdinDocument {
  try {
    return classify(bytes);
  } catch (error) {
    if (error instanceof MapKeyError) {
      throw new UsageError(`the CBOR document on stdin cannot be sent: ${error.message}`, {
        hint: 'give the map keys that stay distinct as text (1 and "1" are the same key in JSON)',
      });
    }
    throw error instanceof NestingError ? error.about('the document on stdin') : error;
  }
}

function classify(bytes: Uint8Array): StdinDocument {
  const text = decodeUtf8(bytes);
  if (text === undefined) return classifyBinary(bytes);
  const bom = text.startsWith('\uFEFF');
  const content = bom ? text.slice(1) : text;
  const withoutBom = bom ? bytes.subarray(3) : bytes;

  let jsonError: string;
  try {
    return { kind: 'structured', format: 'json', value: parseJsonExact(content), bytes: withoutBom };
  } catch (error) {
    if (error instanceof NestingError) throw error;
    jsonError = (error as Error).message;
  }
  // Text opening like JSON is broken JSON: YAML's flow syntax would accept much of it and misread
  // the rest (a comment becomes a key), so it stays text and JSON's complaint explains why.
  const first = content.trimStart().charAt(0);
  if (first === '{' || first === '[') return { kind: 'text', text, bytes, why: `it is not valid JSON: ${jsonError}`, brokenJson: true };
  const yaml = parseYamlContainer(content);
  if (yaml !== undefined) return { kind: 'structured', format: 'yaml', value: yaml, bytes: withoutBom };
  return { kind: 'text', text, bytes, why: 'it is plain text' };
}

/** The mapping or sequence a YAML text describes; undefined for invalid YAML and for scalars. */
function parseYamlContainer(text: string): object | undefined {
  checkYamlTextNesting(text);
  try {
    const document = parseDocument(text, { customTags: exactNumberReadingTags() });
    if (document.errors.length > 0) return undefined;
    const value: unknown = document.toJS();
    checkValueNesting(value);
    return typeof value === 'object' && value !== null && !(value instanceof ExactNumber) ? value : undefined;
  } catch (error) {
    if (error instanceof NestingError) throw error;
    // toJS refuses documents with too many aliases (a "billion laughs" expansion).
    return undefined;
  }
}

function classifyBinary(bytes: Uint8Array): StdinDocument {
  try {
    const value: unknown = cborDecoder.decode(bytes);
    if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !(value instanceof ExactNumber)) {
      return { kind: 'structured', format: 'cbor', value, bytes };
    }
  } catch (error) {
    if (error instanceof NestingError || error instanceof MapKeyError) throw error;
    // Not CBOR: binary data such as an image.
  }
  return { kind: 'binary', bytes, why: 'it is binary data that is neither UTF-8 text nor a CBOR map or array' };
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
