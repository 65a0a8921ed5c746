/**
 * Response bytes to a value, by media type: JSON (and +json, sequences), YAML, CBOR, NDJSON, text
 * by charset. Without a content type, JSON-looking or plain UTF-8 bodies are recognised; anything
 * else stays bytes. Each format's decoder lives in decoders/; this module picks one.
 */
import { NestingError } from '../nesting.js';
import { cborDecoder } from './cbor.js';
import type { AcceptEntry, BodyDecoder } from './decoder.js';
import { isJsonType, jsonDecoder, parseJson } from './json.js';
import { ndjsonDecoder } from './ndjson.js';
import { plainTextOf, textDecoder } from './text.js';
import { yamlDecoder } from './yaml.js';
import { charsetOf, mediaTypeEssence } from '../media-type.js';

export { isJsonType };

/** In order of preference; the first whose `handles` accepts a media type decodes it. */
const DECODERS: readonly BodyDecoder[] = [jsonDecoder, yamlDecoder, ndjsonDecoder, cborDecoder, textDecoder];

/** Anything else is still welcome, as bytes. */
const ANY: AcceptEntry = { range: '*/*', q: 0.1 };

/**
 * The `Accept` header okapi sends: what its decoders read, most preferred first, e.g.
 * `application/json, application/*+json;q=0.9, …, text/*;q=0.2, *\/*;q=0.1`.
 */
export const ACCEPT_HEADER: string = acceptHeader([...DECODERS.flatMap((d) => d.accept), ANY]);

function acceptHeader(entries: readonly AcceptEntry[]): string {
  const seen = new Set<string>();
  return [...entries]
    .sort((a, b) => b.q - a.q) // stable: equal preferences keep the decoders' order
    .filter((entry) => !seen.has(entry.range) && seen.add(entry.range))
    .map((entry) => (entry.q >= 1 ? entry.range : `${entry.range};q=${entry.q}`))
    .join(', ');
}

export async function decodeBody(bytes: Uint8Array, contentType: string | undefined): Promise<unknown> {
  try {
    return await decodeByType(bytes, contentType);
  } catch (error) {
    throw error instanceof NestingError ? error.about('the response body') : error;
  }
}

async function decodeByType(bytes: Uint8Array, contentType: string | undefined): Promise<unknown> {
  if (bytes.length === 0) return null;
  const type = mediaTypeEssence(contentType);
  const charset = charsetOf(contentType);
  const decoder = DECODERS.find((d) => d.handles(type));
  if (decoder) return decoder.decode(bytes, type, charset);
  // `file --mime` says charset=binary for bytes that are not text.
  if (charset !== undefined && charset.toLowerCase() !== 'binary') return textDecoder.decode(bytes, type, charset);
  if (type === '') return sniff(bytes);
  return bytes;
}

/** A body without a content type: JSON if it looks like and parses as JSON, text if plainly text. */
function sniff(bytes: Uint8Array): unknown {
  const text = plainTextOf(bytes);
  if (text === undefined) return bytes;
  const first = text.search(/\S/);
  if (text[first] === '{' || text[first] === '[') {
    const json = parseJson(text);
    if (json.ok) return json.value;
  }
  return text;
}
