/**
 * Lays out rows as a text table: picks the columns, turns values into cell text, sorts, fits the
 * columns to the terminal width and writes the lines.
 */
import type { FormatterStart } from '../../sdk/types.js';
import { compareNumberTexts } from '../../sdk/shared/decimal-text.js';
import { ExactNumber } from '../../sdk/shared/exact-number.js';
import { base64Of } from '../../sdk/shared/json-bytes.js';
import { stringifyJson } from '../../sdk/shared/json-stringify.js';
import { displayWidth, truncateToWidth } from './display-width.js';

/** The column a row that is not an object (a scalar, an array) is shown in. */
const VALUE_COLUMN = 'value';

/** Columns are separated by this many spaces. */
const GAP = 2;
/** No column is shrunk below this width (`ab…`): on a terminal too narrow for that, lines run over. */
const MIN_WIDTH = 3;
/** Lines are handed on in pieces of about this many characters. */
const CHUNK = 64 * 1024;

const BOLD = '\x1b[1m';
const RESET = '\x1b[0m';

export interface TableOptions {
  /** From `--okapi-columns`; otherwise the columns come from the data. */
  columns?: string[];
  /** From `--okapi-sort-by`. */
  sortBy?: { column: string; descending: boolean };
  width: number;
  color: boolean;
}

export function tableOptions(start: FormatterStart): TableOptions {
  const options: TableOptions = { width: start.width, color: start.color };
  const columns = start.options?.columns;
  if (columns !== undefined) {
    options.columns = columns.split(',').map((name) => name.trim()).filter((name) => name !== '');
    if (options.columns.length === 0) throw new Error(`--okapi-columns "${columns}" names no column; write them as id,name,user.login`);
  }
  const sortBy = start.options?.sort_by?.trim();
  if (sortBy !== undefined) {
    const descending = sortBy.startsWith('-');
    const column = descending ? sortBy.slice(1) : sortBy;
    if (column === '') throw new Error(`--okapi-sort-by "${sortBy}" names no column; write it as name, or -name to sort descending`);
    options.sortBy = { column, descending };
  }
  return options;
}

/** The rows an item gives: an array one per element; null or an empty body none; anything else one. */
export function addRows(rows: unknown[], item: unknown): void {
  if (Array.isArray(item)) {
    for (const element of item) rows.push(element);
  } else if (item !== null && item !== undefined && item !== '') {
    rows.push(item);
  }
}

/**
 * Writes the table: a header row (bold with colour), then a row per element. Cells hold scalars
 * as they read and nested values as compact JSON; all-number columns are right-aligned.
 */
export function renderTable(rows: readonly unknown[], options: TableOptions, write: (text: string) => void, warn: (message: string) => void): void {
  const columns = options.columns ?? columnsOf(rows);
  const count = columns.length;
  if (count === 0) return;
  if (options.sortBy) rows = sorted(rows, options.sortBy, warn);

  // Every cell's text and width, row after row in flat arrays (10,000 rows are 70,000 cells).
  const texts: string[] = new Array<string>(rows.length * count);
  const textWidths = new Uint32Array(rows.length * count);
  const header = columns.map(escapeControls);
  const headerWidths = header.map(displayWidth);
  const natural = [...headerWidths];
  const numeric = columns.map(() => true);
  const seen = columns.map(() => false);
  let i = 0;
  for (const row of rows) {
    for (let c = 0; c < count; c++, i++) {
      const value = lookup(row, columns[c]!);
      let text: string;
      let width: number;
      if (typeof value === 'string') {
        seen[c] = true;
        numeric[c] = false;
        if (PRINTABLE_ASCII.test(value)) {
          text = value;
          width = value.length;
        } else {
          text = escapeControls(value);
          width = displayWidth(text);
        }
      } else {
        if (value !== undefined && value !== null) {
          seen[c] = true;
          if (typeof value !== 'number' && typeof value !== 'bigint' && !(value instanceof ExactNumber)) numeric[c] = false;
        }
        text = cellText(value);
        width = displayWidth(text);
      }
      texts[i] = text;
      textWidths[i] = width;
      if (width > natural[c]!) natural[c] = width;
    }
  }
  const rightAligned = numeric.map((all, c) => all && seen[c]!);
  const widths = fitWidths(natural, options.width);
  const spaces = (n: number) => SPACES[n] ?? ' '.repeat(n);

  /** One line from the cells at `from`; the last column is not padded out. */
  const line = (cells: readonly string[], cellWidths: ArrayLike<number>, from: number): string => {
    let out = '';
    for (let c = 0; c < count; c++) {
      const width = widths[c]!;
      let text = cells[from + c]!;
      let textWidth = cellWidths[from + c]!;
      if (textWidth > width) {
        text = truncateToWidth(text, width);
        textWidth = displayWidth(text);
      }
      if (c > 0) out += GAP_TEXT;
      if (rightAligned[c]) out += spaces(width - textWidth) + text;
      else out += c === count - 1 ? text : text + spaces(width - textWidth);
    }
    // Empty cells at the end leave no trailing spaces.
    if (out.charCodeAt(out.length - 1) !== 0x20) return out;
    let end = out.length;
    while (end > 0 && out.charCodeAt(end - 1) === 0x20) end--;
    return out.slice(0, end);
  };

  const headerLine = line(header, headerWidths, 0);
  let pending = options.color ? `${BOLD}${headerLine}${RESET}\n` : `${headerLine}\n`;
  for (let from = 0; from < texts.length; from += count) {
    pending += `${line(texts, textWidths, from)}\n`;
    if (pending.length >= CHUNK) {
      write(pending);
      pending = '';
    }
  }
  if (pending) write(pending);
}

const GAP_TEXT = ' '.repeat(GAP);
const SPACES = Array.from({ length: 257 }, (_, n) => ' '.repeat(n));
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The union of the rows' keys, in the order first seen; rows that are not objects add `value`. */
function columnsOf(rows: readonly unknown[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) {
    if (isRecord(row)) {
      for (const key of Object.keys(row)) columns.add(key);
    } else {
      columns.add(VALUE_COLUMN);
    }
  }
  return [...columns];
}

/**
 * A column's value in a row: the key itself when the row has it, otherwise a dotted path
 * (`user.login`, `tags.0`). A row that is not an object has only the `value` column.
 */
export function lookup(row: unknown, column: string): unknown {
  if (!isRecord(row)) return column === VALUE_COLUMN ? row : undefined;
  if (hasOwn(row, column)) return row[column];
  if (!column.includes('.')) return undefined;
  let current: unknown = row;
  for (const segment of column.split('.')) {
    if (isRecord(current)) {
      if (!hasOwn(current, segment)) return undefined;
      current = current[segment];
    } else if (Array.isArray(current) && /^\d+$/.test(segment)) {
      current = current[Number(segment)];
    } else {
      return undefined;
    }
  }
  return current;
}

/** A value as the text of one cell: scalars as they read, nested values as compact JSON. */
function cellText(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return '';
    case 'string':
      return escapeControls(value);
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      if (value === null) return 'null';
      if (value instanceof Uint8Array) return base64Of(value);
      if (value instanceof Date) return value.toISOString();
      if (value instanceof ExactNumber) return value.text;
      return escapeControls(compactJson(value));
  }
}

/**
 * Compact JSON as JSON.stringify writes it, with bytes as base64 and numbers with all their digits
 * (as in every JSON output), and Infinity and NaN by name. Written out here because
 * JSON.stringify with a replacer is several times slower, and a table has a nested value in every row.
 */
export function compactJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // By name, as a cell shows them: null would be a different value.
      return String(value);
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (value instanceof Uint8Array) return `"${base64Of(value)}"`;
      if (value instanceof ExactNumber) return value.text;
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          const element: unknown = value[i];
          out += element === undefined || typeof element === 'function' || typeof element === 'symbol' ? 'null' : compactJson(element);
        }
        return `${out}]`;
      }
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return stringifyJson(value);
      let out = '{';
      for (const key of Object.keys(value)) {
        const child = (value as Record<string, unknown>)[key];
        if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue;
        if (out.length > 1) out += ',';
        out += `${JSON.stringify(key)}:${compactJson(child)}`;
      }
      return `${out}}`;
    }
    default:
      return 'null';
  }
}

// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Control characters shown escaped: a newline must not break a row, nor an ESC reach the terminal. */
function escapeControls(text: string): string {
  if (!HAS_CONTROL.test(text)) return text;
  return text.replace(CONTROLS, (ch) => ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Column widths that fit `max`: while the table is too wide the widest columns give up a column
 * each, down to MIN_WIDTH; whatever room is left over goes back to the shrunk columns.
 */
export function fitWidths(natural: readonly number[], max: number): number[] {
  const gaps = GAP * (natural.length - 1);
  const total = natural.reduce((sum, w) => sum + w, gaps);
  if (max <= 0 || total <= max) return [...natural];
  const budget = max - gaps;
  const capped = (cap: number) => natural.reduce((sum, w) => sum + Math.min(w, cap), 0);
  // The largest cap that fits, found by bisection: capped() grows with the cap.
  let lo = MIN_WIDTH;
  let hi = Math.max(...natural);
  if (capped(lo) > budget) return natural.map((w) => Math.min(w, MIN_WIDTH));
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (capped(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  let spare = budget - capped(lo);
  return natural.map((w) => {
    if (w <= lo) return w;
    if (spare > 0) {
      spare--;
      return lo + 1;
    }
    return lo;
  });
}

/** Sort keys: numbers (and strings that are numbers) first, then text, booleans, nested values; missing last. */
interface SortKey {
  rank: number;
  number: number;
  text: string;
  folded: string;
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const MISSING = 4;

function sortKey(value: unknown): SortKey {
  if (value === undefined || value === null) return { rank: MISSING, number: 0, text: '', folded: '' };
  if (typeof value === 'number') return { rank: 0, number: value, text: '', folded: '' };
  // The digits order numbers that round to the same double.
  if (typeof value === 'bigint' || value instanceof ExactNumber) return { rank: 0, number: Number(value), text: String(value), folded: '' };
  if (typeof value === 'string') {
    if (NUMBER_TEXT.test(value)) return { rank: 0, number: Number(value), text: value, folded: '' };
    return { rank: 1, number: 0, text: value, folded: fold(value) };
  }
  if (typeof value === 'boolean') return { rank: 2, number: value ? 1 : 0, text: '', folded: '' };
  const text = cellText(value);
  return { rank: 3, number: 0, text, folded: fold(text) };
}

const ASCII = /^[\x00-\x7f]*$/;
const MARKS = /\p{M}/gu;

/** Text compared without case or accents (`Émile` sorts with `emile`); ties fall back to the text itself. */
function fold(text: string): string {
  return (ASCII.test(text) ? text : text.normalize('NFD').replace(MARKS, '')).toLowerCase();
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.rank === 0) return compareNumbers(a, b);
  if (a.rank === 2) return a.number - b.number;
  if (a.rank === MISSING) return 0;
  return naturalCompare(a.folded, b.folded) || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
}

/**
 * Numbers by exact value: doubles decide unless they are equal, since rounding keeps order, and
 * then the digits do (9007199254740993 and …992 are one double). NaN sorts after every number.
 */
function compareNumbers(a: SortKey, b: SortKey): number {
  const aNaN = Number.isNaN(a.number);
  const bNaN = Number.isNaN(b.number);
  if (aNaN || bNaN) return Number(aNaN) - Number(bNaN);
  if (a.number !== b.number) return a.number < b.number ? -1 : 1;
  const x = exactText(a);
  const y = exactText(b);
  if (x !== undefined && y !== undefined) return compareNumberTexts(x, y);
  // An infinite double is beyond every number written in digits (1e400 included).
  if (x === undefined && y === undefined) return 0;
  return (x === undefined ? a.number : -b.number) > 0 ? 1 : -1;
}

/** The digits of a number key: as received, or as a finite double writes itself; none for ±Infinity. */
function exactText(key: SortKey): string | undefined {
  if (key.text !== '') return key.text;
  return Number.isFinite(key.number) ? String(key.number) : undefined;
}

/** Rows in a stable order by one column; descending keeps missing values last too. */
export function sorted(rows: readonly unknown[], by: { column: string; descending: boolean }, warn: (message: string) => void): unknown[] {
  const keyed = rows.map((row, index) => ({ row, index, key: sortKey(lookup(row, by.column)) }));
  if (rows.length > 0 && keyed.every((k) => k.key.rank === MISSING)) {
    warn(`--okapi-sort-by: no row has a value in column "${by.column}"; rows kept in their order`);
  }
  const sign = by.descending ? -1 : 1;
  keyed.sort((a, b) => {
    const missing = (a.key.rank === MISSING ? 1 : 0) - (b.key.rank === MISSING ? 1 : 0);
    return missing || sign * compareKeys(a.key, b.key) || a.index - b.index;
  });
  return keyed.map((k) => k.row);
}

/** Compares text with runs of digits as numbers: `item2` before `item10`. */
export function naturalCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let aEnd = i;
      while (aEnd < a.length && isDigit(a.charCodeAt(aEnd))) aEnd++;
      let bEnd = j;
      while (bEnd < b.length && isDigit(b.charCodeAt(bEnd))) bEnd++;
      // Leading zeros do not make a number larger.
      while (i < aEnd - 1 && a.charCodeAt(i) === 0x30) i++;
      while (j < bEnd - 1 && b.charCodeAt(j) === 0x30) j++;
      const length = aEnd - i - (bEnd - j);
      if (length !== 0) return length;
      for (; i < aEnd; i++, j++) {
        const d = a.charCodeAt(i) - b.charCodeAt(j);
        if (d !== 0) return d;
      }
      continue;
    }
    if (ca !== cb) return ca - cb;
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array) &&
    !(value instanceof Date) &&
    !(value instanceof ExactNumber)
  );
}

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}
