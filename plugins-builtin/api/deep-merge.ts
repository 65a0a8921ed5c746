/** `over` laid on `base`: objects merge key by key, `over` winning; anything else is replaced. */
import { isPlainObject } from '../../sdk/shared/plain-object.js';

export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = Object.hasOwn(out, key) ? deepMerge(out[key], value) : value;
  return out;
}
