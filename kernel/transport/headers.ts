/**
 * HeaderMap helpers. Request maps keep the caller's spelling of names; lookups ignore case.
 * Response maps have lower-case names and one entry per received value.
 */
import type { HeaderMap } from '../../sdk/types.js';
import { utf8TextOf } from '../../sdk/shared/utf8-text.js';

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

/**
 * The shape both exchanges take: one entry per name (spellings differing in case merged), repeats
 * as arrays, values in their wire form (`wireValue`).
 */
export function toDispatchHeaders(headers: HeaderMap): Record<string, string | string[]> {
  const out: Record<string, string[]> = {};
  const spelling = new Map<string, string>();
  for (const [key, values] of Object.entries(headers)) {
    if (values.length === 0) continue;
    const lower = key.toLowerCase();
    const first = spelling.get(lower);
    if (first === undefined) {
      spelling.set(lower, key);
      setOwn(out, key, values.map(wireValue));
    } else {
      out[first]!.push(...values.map(wireValue));
    }
  }
  const result: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(out)) setOwn(result, key, values.length === 1 ? values[0]! : values);
  return result;
}

/**
 * Raw name/value pairs from an exchange into a HeaderMap with lower-case names. `encoding` turns a
 * Buffer back into the one-character-per-byte string each exchange's parser gives; values are then
 * read as `textOfWireValue` says.
 */
export function fromRawHeaders(raw: readonly (Buffer | string)[], encoding: BufferEncoding): HeaderMap {
  const out: HeaderMap = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    appendHeader(out, text(raw[i]!, 'latin1').toLowerCase(), textOfWireValue(text(raw[i + 1]!, encoding)));
  }
  return out;
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * A header value as the exchanges must be given it to send its UTF-8 bytes, as curl and HTTPie
 * do: both write a header string one byte per character (Latin-1), which would turn `é` into the
 * byte E9 and refuse `日本`. ASCII, nearly every value, is its own wire form.
 */
function wireValue(value: string): string {
  return NON_ASCII.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value;
}

/**
 * A value received (or written) one character per byte, as text: its bytes read as UTF-8 when they
 * are valid UTF-8, which is what okapi sends and what servers mean nearly always, else as Latin-1
 * (RFC 9110 §5.5 leaves other bytes opaque; Latin-1 shows each one).
 */
export function textOfWireValue(value: string): string {
  if (!NON_ASCII.test(value) || /[^\x00-\xff]/.test(value)) return value;
  return utf8TextOf(Buffer.from(value, 'latin1')) ?? value;
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
