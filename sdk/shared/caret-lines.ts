/**
 * The two-line excerpt under a parse error: the input line holding the fault and a caret beneath
 * the character at fault, so a long argument is fixed without counting characters. Shared by the
 * body shorthand and the shorthand query filter, which must point the same way.
 */

/** Characters of context shown either side of the caret; a 1 MB one-line input must not be echoed whole. */
const EXCERPT_RADIUS = 40;
/**
 * How far past the excerpt `mask` reads, so a value cut by the excerpt's end is seen whole. It reads
 * from the line's start (a value's name may stand far before it), not to the line's end: parsers
 * build errors while trying readings, and masking all of a 1 MB line each time cost more than the
 * parse.
 */
const MASK_CONTEXT = 512;

/**
 * Two indented lines: the line of `text` holding `position` (shortened around it), and a caret
 * under that character. `mask` rewrites the line up to a little past the excerpt before it is
 * shortened (to star out credentials); it must keep the length, or the caret would point elsewhere.
 */
export function caretLines(text: string, position: number, mask: (line: string) => string = (line) => line): string {
  // lastIndexOf treats a negative start as 0, which would find a newline at 0 for position 0.
  const lineStart = position === 0 ? 0 : text.lastIndexOf('\n', position - 1) + 1;
  const newline = text.indexOf('\n', position);
  const lineEnd = newline === -1 ? text.length : newline;
  const from = Math.max(lineStart, position - EXCERPT_RADIUS);
  const to = Math.min(lineEnd, position + EXCERPT_RADIUS);
  const before = from > lineStart ? '…' : '';
  const after = to < lineEnd ? '…' : '';
  // Tabs and other control characters would shift the caret, so every one shows as a single space.
  // eslint-disable-next-line no-control-regex
  const maskTo = Math.min(lineEnd, to + MASK_CONTEXT);
  const excerpt = mask(text.slice(lineStart, maskTo)).slice(from - lineStart, to - lineStart).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `  ${before}${excerpt}${after}\n  ${' '.repeat(before.length + position - from)}^`;
}
