/**
 * What one value of a parameter is, as help and messages name it: its JSON Schema type, an array's
 * items' type (each repeated flag gives one item), `json` for a JSON `content` parameter.
 */
import { formatOfMediaType } from '../body/encoder-choice.js';
import { mediaTypeEssence } from '../media-type.js';
import type { DetailParameter, Schema } from '../operation-detail-format.js';
import { resolveSchema } from './schema-ref.js';

export function valueType(param: DetailParameter, definitions: Record<string, Schema>): string {
  if (param.content_type !== undefined) return formatOfMediaType(mediaTypeEssence(param.content_type)) === 'json' ? 'json' : 'value';
  if (!param.array) return param.type ?? 'string';
  const array = resolveSchema(param.schema, definitions).schema;
  const items = array === undefined ? undefined : resolveSchema(array.items, definitions).schema;
  const type = items?.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null') ?? 'value';
  return 'value';
}
