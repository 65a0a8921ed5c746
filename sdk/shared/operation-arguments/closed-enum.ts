/**
 * The values a parameter's schema allows, as the words users type for them, when the schema lists
 * them all (`enum`): what the parser refuses a value outside of, and what help lists. For an array
 * parameter it is its items' enum: each repeated value is checked.
 */
import type { DetailParameter, Schema } from '../operation-detail-format.js';
import { resolveSchema } from './schema-ref.js';
import { isExactNumeric } from '../exact-number.js';

export function closedEnum(param: DetailParameter, definitions: Record<string, Schema>): string[] | undefined {
  // A JSON `content` parameter or an object takes a document, not one of a list of words.
  if (param.content_type !== undefined || param.object) return undefined;
  const values = param.array ? itemsEnum(param.schema, definitions) : param.enum;
  if (values === undefined || values.length === 0) return undefined;
  const words: string[] = [];
  for (const value of values) {
    // null in an enum says the value may be absent, which leaving the flag out already says.
    if (value === null) continue;
    if (typeof value === 'string') words.push(value);
    // A number as the description wrote it: `9223372036854775807` is the word, not its nearest double.
    else if (typeof value === 'number' || typeof value === 'boolean' || isExactNumeric(value)) words.push(String(value));
    // An object or array among the values: no word spells it, so nothing is checked.
    else return undefined;
  }
  return words.length === 0 ? undefined : words;
}

function itemsEnum(schema: Schema, definitions: Record<string, Schema>): unknown[] | undefined {
  const array = resolveSchema(schema, definitions).schema;
  const items = array === undefined ? undefined : resolveSchema(array.items, definitions).schema;
  return Array.isArray(items?.enum) ? items.enum : undefined;
}
