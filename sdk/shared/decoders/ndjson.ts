/**
 * Line-delimited JSON (NDJSON, JSON Lines) and JSON text sequences (RFC 7464): an array of the
 * records. Blank lines are skipped; a record that is not JSON stays a string.
 */
import { parseJsonExact } from '../json-parse.js';
import { NestingError } from '../nesting.js';
import { decodeText, type BodyDecoder } from './decoder.js';

const NDJSON_TYPES = new Set([
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/jsonlines',
  'application/x-jsonlines',
  'application/json-seq',
]);

const RS = '\x1e';

export function parseRecords(text: string): unknown[] {
  // Records of a JSON text sequence open with RS and may span lines; otherwise one per line.
  const records = text[text.search(/\S/)] === RS ? text.split(RS) : text.split('\n');
  const values: unknown[] = [];
  for (const [index, raw] of records.entries()) {
    const record = raw.trim();
    if (record === '') continue;
    try {
      values.push(parseJsonExact(record));
    } catch (error) {
      // Too deep is refused, never shown as the record's text.
      if (error instanceof NestingError) throw new NestingError(error.subject, `in record ${index + 1}, ${error.at}`);
      values.push(record);
    }
  }
  return values;
}

export const ndjsonDecoder: BodyDecoder = {
  accept: [{ range: 'application/x-ndjson', q: 0.8 }],
  handles: (mediaType) => NDJSON_TYPES.has(mediaType) || mediaType.endsWith('+json-seq'),
  decode: (bytes, _mediaType, charset) => parseRecords(decodeText(bytes, charset)),
};
