/**
 * HeaderMap helpers. Request maps keep the caller's spelling of names; lookups ignore case.
 * Response maps have lower-case names and one entry per received value.
 */
import type { HeaderMap } from '../../sdk/types.js';

export function getHeader(headers: HeaderMap, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, values] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && values.length > 0) return values[0];
  }
  return undefined;
}

export function hasHeader(headers: HeaderMap, name: string): boolean {
  const wanted = name.toLowerCase();
  return Object.keys(headers).some((key) => key.toLowerCase() === wanted);
}

/** A copy without the headers whose (lower-case) name matches. */
export function withoutHeaders(headers: HeaderMap, drop: (lowerName: string) => boolean): HeaderMap {
  const out: HeaderMap = {};
  for (const [key, values] of Object.entries(headers)) {
    if (!drop(key.toLowerCase())) setOwn(out, key, [...values]);
  }
  return out;
}

/** A copy with `name` set to `value`, replacing any spelling of it. */
export function withHeader(headers: HeaderMap, name: string, value: string): HeaderMap {
  const wanted = name.toLowerCase();
  const out = withoutHeaders(headers, (key) => key === wanted);
  setOwn(out, name, [value]);
  return out;
}

/** The shape undici takes: one entry per name (spellings differing in case merged), repeats as arrays. */
export function toDispatchHeaders(headers: HeaderMap): Record<string, string | string[]> {
  const out: Record<string, string[]> = {};
  const spelling = new Map<string, string>();
  for (const [key, values] of Object.entries(headers)) {
    if (values.length === 0) continue;
    const lower = key.toLowerCase();
    const first = spelling.get(lower);
    if (first === undefined) {
      spelling.set(lower, key);
      setOwn(out, key, [...values]);
    } else {
      out[first]!.push(...values);
    }
  }
  const result: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(out)) setOwn(result, key, values.length === 1 ? values[0]! : values);
  return result;
}

/** Raw name/value pairs from undici into a HeaderMap with lower-case names. */
export function fromRawHeaders(raw: readonly (Buffer | string)[], encoding: BufferEncoding): HeaderMap {
  const out: HeaderMap = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    appendHeader(out, text(raw[i]!, 'latin1').toLowerCase(), text(raw[i + 1]!, encoding));
  }
  return out;
}

/** Adds one value of `name` (spelled exactly so) in place, after any it already has. */
export function appendHeader(headers: HeaderMap, name: string, value: string): void {
  const existing = Object.hasOwn(headers, name) ? headers[name] : undefined;
  if (existing) existing.push(value);
  else setOwn(headers, name, [value]);
}

function text(value: Buffer | string, encoding: BufferEncoding): string {
  return typeof value === 'string' ? value : value.toString(encoding);
}

/** Assignment that cannot touch the prototype, whatever name a server sends. */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}
