/**
 * okapi's one nesting limit (docs/design/014-nesting-limit-and-backpressure.md): no value okapi
 * reads or writes (a body, a spec, a plugin message, stdin, a filter's result) may nest deeper
 * than MAX_NESTING arrays and objects. The parsers and formatters okapi uses recurse, and the
 * shallowest of them (the yaml library on a flow collection) runs out of stack near 780 levels
 * on Node's default stack, jq-wasm's printer below 1,000; pretty output of deep nesting also grows
 * with the square of the depth. So every reader checks against this one limit before or while it
 * reads, without recursing.
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
 * Throws NestingError when YAML text nests deeper than the limit: flow collections (brackets
 * outside quotes and comments) and block collections (a mapping entry or a `- ` entry at a deeper
 * indentation opens one; `- - x` opens one per dash) together. Counted line by line without
 * parsing, so that the yaml library (which recurses) never sees such text; what it cannot see
 * (aliases) the readers check on the parsed value.
 */
export function checkYamlTextNesting(text: string, subject = 'the YAML text'): void {
  /** Columns of the open block collections, outermost first. */
  const columns: number[] = [];
  let flow = 0;
  /** The indentation of a line that opened a block scalar (`|`, `>`): deeper lines are its text. */
  let blockScalar = -1;
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    let i = lineStart;
    while (i < lineEnd && text.charCodeAt(i) === 0x20) i++;
    const indent = i - lineStart;
    const blank = i === lineEnd || text.charCodeAt(i) === 0x23 || text.charCodeAt(i) === 0x0d;
    const tooDeep = (): never => {
      throw new NestingError(subject, `at line ${lineNumber(text, lineStart)}`);
    };
    if (blank || (blockScalar >= 0 && indent > blockScalar)) {
      lineStart = lineEnd + 1;
      continue;
    }
    blockScalar = -1;
    if (flow === 0) {
      while (columns.length > 0 && columns[columns.length - 1]! > indent) columns.pop();
      const opens = isSequenceEntry(text, i, lineEnd) || isMappingEntry(text, i, lineEnd);
      if (opens && (columns.length === 0 || columns[columns.length - 1]! < indent)) columns.push(indent);
      // `- - x` and `- key: v`: what follows a dash opens a collection one step further in.
      while (isSequenceEntry(text, i, lineEnd)) {
        i += 1;
        while (i < lineEnd && text.charCodeAt(i) === 0x20) i++;
        if (isSequenceEntry(text, i, lineEnd) || isMappingEntry(text, i, lineEnd)) columns.push(i - lineStart);
      }
      if (/[|>][-+0-9]*\s*(#.*)?$/.test(text.slice(i, lineEnd).trimEnd())) blockScalar = indent;
    }
    if (columns.length + flow > MAX_NESTING) tooDeep();
    flow = flowDepthAfter(text, i, lineEnd, flow, MAX_NESTING - columns.length, tooDeep);
    lineStart = lineEnd + 1;
  }
}

function isSequenceEntry(text: string, i: number, lineEnd: number): boolean {
  return text.charCodeAt(i) === 0x2d && (i + 1 === lineEnd || text.charCodeAt(i + 1) === 0x20 || text.charCodeAt(i + 1) === 0x0d);
}

/** `key: value` or `key:` (the key plain or quoted), not a flow collection or a comment. */
function isMappingEntry(text: string, i: number, lineEnd: number): boolean {
  return /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#"'[\]{},][^#]*?)\s*:(?:[ \t\r]|$)/.test(text.slice(i, lineEnd));
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
 * the item heads without decoding, so cbor-x (which recurses) never sees such bytes. An array or
 * map is a level, as in JSON, except as a tag's content (a decimal fraction, tag 4 of [exponent,
 * mantissa], is one number); tags are bounded too, since cbor-x recurses into them. Bytes that
 * are not CBOR are left for cbor-x to judge. `limit`: more than MAX_NESTING where the data sits
 * inside an envelope of its own (a plugin message).
 */
export function checkCborNesting(bytes: Uint8Array, subject = 'the CBOR data', limit = MAX_NESTING): void {
  const open: OpenItem[] = [];
  let levels = 0;
  const closed = (item: OpenItem): void => {
    if (item.level) levels--;
  };
  let i = 0;
  while (i < bytes.length) {
    const start = i;
    const head = bytes[i++]!;
    const major = head >> 5;
    const info = head & 0x1f;
    if (head === 0xff) {
      const ended = open.pop();
      if (ended) closed(ended);
      finishItem(open, closed);
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
    if ((major === 2 || major === 3) && indefinite) {
      open.push({ left: -1, level: false });
    } else if (major === 4 || major === 5 || major === 6) {
      const level = major !== 6 && open[open.length - 1]?.tag !== true;
      if (level) levels++;
      if (levels > limit || open.length > 2 * limit + 2) throw new NestingError(subject, `at byte ${start}`);
      const item: OpenItem = { left: indefinite ? -1 : major === 5 ? argument * 2 : major === 6 ? 1 : argument, level, tag: major === 6 };
      open.push(item);
      if (item.left === 0) {
        open.pop();
        closed(item);
        finishItem(open, closed);
      }
    } else {
      if (major === 2 || major === 3) i += argument;
      finishItem(open, closed);
    }
  }
}

/** An array, map, tag or indefinite-length string still open: the items it still expects (-1: until a break). */
interface OpenItem {
  left: number;
  /** Whether it counts as a level of nesting. */
  level: boolean;
  tag?: boolean;
}

/** An item ended: counts it off what holds it, closing each item it completes. */
function finishItem(open: OpenItem[], closed: (item: OpenItem) => void): void {
  while (open.length > 0) {
    const top = open[open.length - 1]!;
    if (top.left < 0) return;
    top.left--;
    if (top.left > 0) return;
    open.pop();
    closed(top);
  }
}
