/**
 * Where a schema holds other schemas. Only these places are schemas: every other value (`enum`,
 * `const`, `default`, `example`, vendor extensions) is data, whatever it looks like, and a `$ref`
 * inside data is not a reference.
 */
import { isPlainObject } from '../../../sdk/shared/plain-object.js';

/** Keywords whose value is one schema. */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/** Keywords whose value is a list of schemas. `items` is one schema or (before 2020-12) a list. */
export const SCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/** Keywords whose value maps names to schemas. `dependencies` may also map a name to a list of names. */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(['$defs', 'definitions', 'dependentSchemas', 'dependencies', 'patternProperties', 'properties']);

/** A schema: an object or, in 2020-12, `true` or `false`. */
export function isSchemaValue(value: unknown): value is Record<string, unknown> | boolean {
  return typeof value === 'boolean' || isPlainObject(value);
}
