/** A JSON object: not null, not an array. What config documents and wire maps are checked with. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object written as `{…}` (or made with a null prototype): never an array, bytes, a date, an
 * ExactNumber or another class's instance. What a value's fields may be copied or edited from.
 */
export function isObjectLiteral(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
