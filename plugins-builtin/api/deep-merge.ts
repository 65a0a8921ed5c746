/** `over` laid on `base`: objects merge key by key, `over` winning; anything else is replaced. */
import { isObjectLiteral } from '../../sdk/shared/plain-object.js';

export function deepMerge(base: unknown, over: unknown): unknown {
  // Literals only: an ExactNumber is an object too, and a copy of its fields would lose what it is.
  if (!isObjectLiteral(base) || !isObjectLiteral(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    // Defined, not assigned: a `__proto__` key of a parsed document stays a field, not the result's prototype.
    Object.defineProperty(out, key, { value: Object.hasOwn(out, key) ? deepMerge(out[key], value) : value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
