/**
 * ANSI colouring for JSON text as JSON.stringify writes it. One forward pass with no regular
 * expressions, so a multi-megabyte body costs time in proportion to its length.
 */

export const JSON_COLORS = {
  key: '\x1b[1;34m',
  string: '\x1b[32m',
  number: '\x1b[36m',
  literal: '\x1b[35m',
  reset: '\x1b[0m',
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const MINUS = 0x2d;

/** Colours keys, strings, numbers and true/false/null in well-formed JSON text; the rest stays as is. */
export function highlightJson(json: string): string {
  const out: string[] = [];
  const length = json.length;
  let plain = 0;
  let i = 0;
  while (i < length) {
    const c = json.charCodeAt(i);
    let end: number;
    let colour: string;
    if (c === QUOTE) {
      end = stringEnd(json, i);
      colour = nextSignificant(json, end) === COLON ? JSON_COLORS.key : JSON_COLORS.string;
    } else if (c === MINUS || isDigit(c)) {
      end = i + 1;
      while (end < length && isNumberPart(json.charCodeAt(end))) end++;
      colour = JSON_COLORS.number;
    } else if (c === 0x74 /* t */ || c === 0x6e /* n */) {
      end = i + 4;
      colour = JSON_COLORS.literal;
    } else if (c === 0x66 /* f */) {
      end = i + 5;
      colour = JSON_COLORS.literal;
    } else {
      i++;
      continue;
    }
    if (plain < i) out.push(json.slice(plain, i));
    out.push(colour, json.slice(i, end), JSON_COLORS.reset);
    i = plain = end;
  }
  if (plain < length) out.push(json.slice(plain));
  return out.join('');
}

/**
 * The index just past the string that opens at `start`. Jumps from quote to quote; a quote is
 * escaped when an odd run of backslashes precedes it. Each backslash is counted once, so the scan
 * stays linear whatever the string holds.
 */
function stringEnd(json: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = json.indexOf('"', at);
    if (quote < 0) return json.length;
    let backslashes = 0;
    for (let k = quote - 1; k > start && json.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

function nextSignificant(json: string, from: number): number {
  for (let k = from; k < json.length; k++) {
    const c = json.charCodeAt(k);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return c;
  }
  return -1;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isNumberPart(c: number): boolean {
  return isDigit(c) || c === 0x2e /* . */ || c === 0x65 /* e */ || c === 0x45 /* E */ || c === 0x2b /* + */ || c === MINUS;
}
