/**
 * okapi's one nesting limit (docs/design/014-nesting-limit-and-backpressure.md): no value okapi
 * reads or writes (a body, a spec, a plugin message, stdin, a filter's result) may nest deeper
 * than MAX_NESTING arrays and objects. The parsers and formatters okapi uses recurse, and the
 * shallowest of them (the yaml library on a flow collection) runs out of stack near 780 levels
 * on Node's default stack; pretty output of deep nesting also grows with the square of the depth.
 * So every reader checks against this one limit before or while it reads, without recursing.
 */

export const MAX_NESTING = 500;

/**
 * Data nested deeper than MAX_NESTING. `subject` names the data ("the response body"); `at` says
 * where the limit was passed ("at byte 1234").
 */
export class NestingError extends Error {
  constructor(
    readonly subject: string,
    readonly at: string | undefined,
  ) {
    super(`${subject} is nested deeper than okapi's limit of ${MAX_NESTING} levels${at ? ` (${at})` : ''}`);
    this.name = 'NestingError';
  }

  /** The same finding about data the caller knows better ("the request body"). */
  about(subject: string): NestingError {
    return new NestingError(subject, this.at);
  }
}

/** Throws NestingError when a parsed value nests arrays and objects deeper than the limit. Iterative. */
export function checkValueNesting(value: unknown, subject = 'the data'): void {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    if (depth + 1 > MAX_NESTING) throw new NestingError(subject, undefined);
    const children = Array.isArray(current) ? current : current instanceof Map ? [...current.values()] : Object.values(current);
    for (const child of children) if (child !== null && typeof child === 'object') pending.push({ value: child, depth: depth + 1 });
  }
}

/**
 * Throws NestingError when YAML text may nest deeper than the limit: flow collections (brackets
 * outside quotes and comments) and block collections (rising indentation, and `- ` entries that
 * open a sequence on the line of another) together. An upper bound of the real depth, counted
 * without parsing, so that the yaml library (which recurses) never sees such text.
 */
export function checkYamlTextNesting(text: string, subject = 'the YAML text'): void {
  const indents: number[] = [];
  let flow = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    let i = lineStart;
    while (i < lineEnd && text.charCodeAt(i) === 0x20) i++;
    const blank = i === lineEnd || text.charCodeAt(i) === 0x23 || text.charCodeAt(i) === 0x0d;
    if (flow === 0 && !blank) {
      let indent = i - lineStart;
      while (indents.length > 0 && indents[indents.length - 1]! >= indent) indents.pop();
      indents.push(indent);
      // `- - - x`: each dash opens a sequence inside the one before, one column further in.
      while (text.charCodeAt(i) === 0x2d && (text.charCodeAt(i + 1) === 0x20 || i + 1 === lineEnd)) {
        i += 2;
        while (i < lineEnd && text.charCodeAt(i) === 0x20) i++;
        indent = i - lineStart;
        indents.push(indent);
      }
    }
    const tooDeep = (): never => {
      throw new NestingError(subject, `at line ${lineNumber(text, lineStart)}`);
    };
    if (indents.length + flow > MAX_NESTING) tooDeep();
    flow = flowDepthAfter(text, i, lineEnd, flow, MAX_NESTING - indents.length, tooDeep);
    lineStart = lineEnd + 1;
  }
}

/** The flow nesting after a line's text from `start`; `tooDeep` is called once it passes `limit`. */
function flowDepthAfter(text: string, start: number, end: number, depth: number, limit: number, tooDeep: () => never): number {
  let flow = depth;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27) {
      // A quoted scalar: brackets inside it are text. One spanning lines ends the count for the line.
      const close = text.indexOf(String.fromCharCode(c), i + 1);
      if (close < 0 || close > end) return flow;
      i = close;
    } else if (c === 0x23 && (i === start || text.charCodeAt(i - 1) === 0x20)) {
      return flow;
    } else if (c === 0x5b || c === 0x7b) {
      if (++flow > limit) tooDeep();
    } else if ((c === 0x5d || c === 0x7d) && flow > 0) {
      flow--;
    }
  }
  return flow;
}

function lineNumber(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Throws NestingError when CBOR bytes (one item or a sequence) nest deeper than the limit; walks
 * the item heads without decoding, so cbor-x (which recurses) never sees such bytes. Tags count as
 * a level too, since cbor-x recurses into them, with room for those on numbers (tag 4 of an array).
 * Bytes that are not CBOR are left for cbor-x to judge.
 */
export function checkCborNesting(bytes: Uint8Array, subject = 'the CBOR data'): void {
  /** Items each open container still expects (-1: until a break), and whether it is a tag. */
  const open: Array<{ left: number; tag: boolean }> = [];
  let containers = 0;
  let i = 0;
  while (i < bytes.length) {
    const start = i;
    const head = bytes[i++]!;
    const major = head >> 5;
    const info = head & 0x1f;
    if (head === 0xff) {
      const closed = open.pop();
      if (closed && !closed.tag) containers--;
      finishItem(open, () => containers--);
      continue;
    }
    let argument = info;
    if (info >= 24 && info <= 27) {
      const size = 1 << (info - 24);
      if (i + size > bytes.length) return;
      argument = 0;
      for (let k = 0; k < size; k++) argument = argument * 256 + bytes[i + k]!;
      i += size;
    }
    const indefinite = info === 31;
    if (major === 2 || major === 3) {
      if (indefinite) open.push({ left: -1, tag: true });
      else {
        i += argument;
        finishItem(open, () => containers--);
      }
    } else if (major === 4 || major === 5 || major === 6) {
      const tag = major === 6;
      if (!tag) containers++;
      if (containers > MAX_NESTING || open.length > 2 * MAX_NESTING + 2) throw new NestingError(subject, `at byte ${start}`);
      const left = indefinite ? -1 : major === 5 ? argument * 2 : tag ? 1 : argument;
      open.push({ left, tag });
      if (left === 0) {
        open.pop();
        if (!tag) containers--;
        finishItem(open, () => containers--);
      }
    } else {
      finishItem(open, () => containers--);
    }
  }
}

/** An item ended: counts it off its container, closing each container it completes. */
function finishItem(open: Array<{ left: number; tag: boolean }>, containerClosed: () => void): void {
  while (open.length > 0) {
    const top = open[open.length - 1]!;
    if (top.left < 0) return;
    top.left--;
    if (top.left > 0) return;
    open.pop();
    if (!top.tag) containerClosed();
  }
}
