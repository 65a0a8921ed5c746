/** A JSON object: not null, not an array. What config documents and wire maps are checked with. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
