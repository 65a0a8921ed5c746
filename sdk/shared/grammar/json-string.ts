/**
 * Reads a JSON string literal inside a larger text, for the grammars that embed them (the
 * shorthand input grammar and the shorthand query language). Each grammar reports failures its
 * own way, so the reader names the problem and hands it over.
 */
const JSON_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const HEX4 = /^[0-9a-fA-F]{4}$/;

export type JsonStringProblem = 'unterminated' | 'bad-unicode-escape' | 'unknown-escape';

/** Reports a problem at `position`; must throw. */
export type JsonStringFailure = (problem: JsonStringProblem, position: number, escape: string) => never;

/** The string whose opening quote is at `open`, and the index just past its closing quote. */
export function readJsonString(text: string, open: number, fail: JsonStringFailure): { value: string; end: number } {
  let out = '';
  let chunk = open + 1;
  let i = chunk;
  for (;;) {
    if (i >= text.length) fail('unterminated', open, '');
    const char = text.charAt(i);
    if (char === '"') return { value: out + text.slice(chunk, i), end: i + 1 };
    if (char !== '\\') {
      i++;
      continue;
    }
    out += text.slice(chunk, i);
    const escape = text.charAt(i + 1);
    const simple = JSON_ESCAPES[escape];
    if (simple !== undefined) {
      out += simple;
      i += 2;
    } else if (escape === 'u') {
      const hex = text.slice(i + 2, i + 6);
      if (!HEX4.test(hex)) fail('bad-unicode-escape', i, escape);
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 6;
    } else {
      fail(escape === '' ? 'unterminated' : 'unknown-escape', i, escape);
    }
    chunk = i;
  }
}
