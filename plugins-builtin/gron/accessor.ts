/**
 * How a key appears in a gron path: `.key` for a key that is an (ASCII) JavaScript identifier,
 * `["key"]` with JSON quoting otherwise. Decoded documents and streamed JSON text follow the same
 * rule, the one with strings and the other with bytes.
 */

/** The name every path starts from, as in gron. */
export const ROOT = 'json';

const START = 1;
const PART = 2;
/** For each ASCII code: START where it may begin an identifier, PART where it may only continue one. */
const IDENTIFIER_CODES = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const c = String.fromCharCode(code);
  if (/[A-Za-z_$]/.test(c)) IDENTIFIER_CODES[code] = START;
  else if (/[0-9]/.test(c)) IDENTIFIER_CODES[code] = PART;
}

/** Whether `bytes[start, end)` spells an identifier. */
export function isIdentifierBytes(bytes: Uint8Array, start: number, end: number): boolean {
  if (start === end || IDENTIFIER_CODES[bytes[start]!] !== START) return false;
  for (let i = start + 1; i < end; i++) if (!IDENTIFIER_CODES[bytes[i]!]) return false;
  return true;
}

function isIdentifier(key: string): boolean {
  if (key.length === 0 || IDENTIFIER_CODES[key.charCodeAt(0)] !== START) return false;
  for (let i = 1; i < key.length; i++) if (!IDENTIFIER_CODES[key.charCodeAt(i)]) return false;
  return true;
}

/** Keys repeat across the elements of an array; their accessors are worked out once. */
const accessors = new Map<string, string>();
const MAX_CACHED = 10_000;

export function accessor(key: string): string {
  let text = accessors.get(key);
  if (text === undefined) {
    text = isIdentifier(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    if (accessors.size < MAX_CACHED) accessors.set(key, text);
  }
  return text;
}
