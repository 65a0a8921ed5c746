/**
 * JSON.parse that keeps every number exactly (docs/design/009-exact-numbers.md). JSON.parse judges
 * the text, so syntax, duplicate keys and `__proto__` behave exactly as with JSON.parse; a scan
 * beforehand finds the number tokens that a double would change, and only when there are some is
 * each swapped for a unique marker string that a reviver turns into an ExactNumber.
 *
 * A reader that knows more about where the text came from (jq's output) passes `numbers`: what
 * to make of such a token, and which other tokens it wants to read itself.
 */

import { numberMarker } from './number-marker.js';
import { ExactNumber } from './exact-number.js';
import { MAX_NESTING, NestingError } from './nesting.js';

export interface NumberReader {
  read(token: string): unknown;
  /** Tokens a double writes back that are still read by `read`. */
  claims?: (token: string) => boolean;
}

const exactNumbers: NumberReader = { read: (token) => new ExactNumber(token) };

/** `maxNesting`: more than MAX_NESTING where the data sits inside an envelope of its own (a plugin message). */
export function parseJsonExact(text: string, numbers: NumberReader = exactNumbers, maxNesting = MAX_NESTING): unknown {
  const inexact = inexactNumberTokens(text, numbers.claims, maxNesting);
  if (inexact === undefined || inexact.length === 0) return JSON.parse(text);
  const marker = numberMarker();
  const values: unknown[] = [];
  let rewritten = '';
  let last = 0;
  for (const [start, end] of inexact) {
    values.push(numbers.read(text.slice(start, end)));
    rewritten += `${text.slice(last, start)}"${marker}${values.length - 1}"`;
    last = end;
  }
  rewritten += text.slice(last);
  try {
    return JSON.parse(rewritten, (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith(marker) ? values[Number(value.slice(marker.length))] : value,
    );
  } catch (error) {
    // The error's position must point into the text the user has, not the rewritten one.
    JSON.parse(text);
    throw error;
  }
}

/** RFC 8259's number grammar. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * The [start, end) spans of the number tokens a double would not write back (and of those
 * `claims` asks for), or undefined when
 * the text cannot be JSON (an unterminated string): JSON.parse then reports the error. Text
 * nested deeper than okapi's limit is refused here, in the same pass (sdk/shared/nesting.ts).
 */
function inexactNumberTokens(text: string, claims: ((token: string) => boolean) | undefined, maxNesting: number): Array<[number, number]> | undefined {
  const spans: Array<[number, number]> = [];
  const length = text.length;
  let i = 0;
  let depth = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > maxNesting) throw new NestingError('the JSON text', `at character ${i}`);
      i++;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
      i++;
    } else if (c === 0x22) {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      i = end;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const end = numberEnd(text, i);
      // A token that is no JSON number (`1.5e`, `1.2.3`, `01`) stays in the text for JSON.parse to refuse.
      if (((mayChange(text, i, end) && !writesBack(text.slice(i, end))) || claims?.(text.slice(i, end))) && JSON_NUMBER.test(text.slice(i, end))) spans.push([i, end]);
      i = end;
    } else {
      i++;
    }
  }
  return spans;
}

/** Just past the closing quote of the string opening at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

function numberEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    // digits, '.', 'e', 'E', '+', '-'
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d) i++;
    else return i;
  }
}

/**
 * A cheap pre-check so that common numbers skip the string round trip: an integer of at most 15
 * digits with no sign of zero is always written back as it is.
 */
function mayChange(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first === 0x2d) return true;
  if (end - start > 15) return true;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return true;
  }
  return false;
}

function writesBack(token: string): boolean {
  return String(Number(token)) === token;
}
