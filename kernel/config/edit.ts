/**
 * Comment-preserving edits of a JSONC document: given the document before and after a change,
 * rewrite only the parts of the text that changed, so comments, key order and the user's layout
 * survive.
 *
 * Values that change in place are replaced with jsonc-parser's `modify`. Insertions and removals in
 * non-empty containers are computed here, line-aware, because `modify` attaches a trailing comment
 * (`"a": 1, // note`) to whatever it inserts next to it, or drops it with a neighbour it removes.
 * The rules: a comment on an element's own line after it belongs to that element; comments on
 * their own lines belong to no element and are always kept.
 */

import {
  applyEdits,
  findNodeAtLocation,
  modify,
  parseTree,
  type Edit,
  type FormattingOptions,
  type JSONPath,
  type Node,
} from 'jsonc-parser';
import { isDeepStrictEqual as deepEqual } from 'node:util';
import { isPlainObject } from '../../sdk/shared/plain-object.js';

const BOM = '\uFEFF';

/** Applies the difference between the documents `before` (what `text` holds) and `after` to `text`. */
export function editConfigText(text: string, before: unknown, after: unknown): string {
  const bom = text.startsWith(BOM) ? BOM : '';
  const editor = new TextEditor(bom === '' ? text : text.slice(1));
  diff([], before, after, editor);
  return bom + editor.text;
}

function diff(path: JSONPath, before: unknown, after: unknown, editor: TextEditor): void {
  if (deepEqual(before, after)) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key)) editor.remove(path, key);
    }
    for (const [key, value] of Object.entries(after)) {
      if (Object.hasOwn(before, key)) diff([...path, key], before[key], value, editor);
      else editor.insert(path, key, value);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    diffArray(path, before, after, editor);
    return;
  }
  editor.set(path, after);
}

/**
 * Arrays: keep the common head and tail untouched, pair up the changed middle element by element,
 * then remove surplus old elements (from the back, so indices stay valid) or insert the new ones.
 * A single insertion or deletion therefore touches only that element.
 */
function diffArray(path: JSONPath, before: unknown[], after: unknown[], editor: TextEditor): void {
  let head = 0;
  while (head < before.length && head < after.length && deepEqual(before[head], after[head])) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    deepEqual(before[before.length - 1 - tail], after[after.length - 1 - tail])
  ) {
    tail++;
  }
  const oldMiddle = before.length - head - tail;
  const newMiddle = after.length - head - tail;
  const paired = Math.min(oldMiddle, newMiddle);
  for (let i = head; i < head + paired; i++) diff([...path, i], before[i], after[i], editor);
  for (let i = head + oldMiddle - 1; i >= head + paired; i--) editor.remove(path, i);
  for (let i = head + paired; i < head + newMiddle; i++) editor.insert(path, i, after[i]);
}

/** The text being edited; every operation re-parses it, so offsets are always current. */
class TextEditor {
  text: string;
  private readonly eol: string;
  private readonly formatting: FormattingOptions;

  constructor(text: string) {
    this.text = text;
    this.eol = text.includes('\r\n') ? '\r\n' : '\n';
    this.formatting = { insertSpaces: true, tabSize: 2, eol: this.eol };
  }

  set(path: JSONPath, value: unknown): void {
    this.apply(modify(this.text, path, value, { formattingOptions: this.formatting }));
  }

  remove(containerPath: JSONPath, key: string | number): void {
    const found = this.child(containerPath, key);
    if (found === undefined) {
      this.apply(modify(this.text, [...containerPath, key], undefined, { formattingOptions: this.formatting }));
      return;
    }
    this.apply(removalEdits(this.text, found.container, found.index));
  }

  /** Inserts a property (string key, appended) or an array element (number key: its new index). */
  insert(containerPath: JSONPath, key: string | number, value: unknown): void {
    const container = this.container(containerPath);
    const children = container?.children ?? [];
    if (container === undefined || children.length === 0) {
      this.apply(
        modify(this.text, [...containerPath, key], value, {
          formattingOptions: this.formatting,
          isArrayInsertion: typeof key === 'number',
        }),
      );
      return;
    }
    const index = typeof key === 'number' ? Math.min(key, children.length) : children.length;
    const item = (indent: string | undefined): string => {
      const rendered = indent === undefined ? compact(value) : pretty(value, indent, this.eol);
      return typeof key === 'number' ? rendered : `${JSON.stringify(key)}: ${rendered}`;
    };
    this.apply(insertionEdits(this.text, children, index, item, this.eol));
  }

  private container(path: JSONPath): Node | undefined {
    const root = parseTree(this.text, [], { allowTrailingComma: true });
    const node = root === undefined ? undefined : findNodeAtLocation(root, path);
    return node !== undefined && (node.type === 'object' || node.type === 'array') ? node : undefined;
  }

  private child(path: JSONPath, key: string | number): { container: Node; index: number } | undefined {
    const container = this.container(path);
    const children = container?.children;
    if (container === undefined || children === undefined) return undefined;
    const index =
      container.type === 'array'
        ? typeof key === 'number' && key < children.length
          ? key
          : -1
        : children.findIndex((property) => property.children?.[0]?.value === key);
    return index < 0 ? undefined : { container, index };
  }

  private apply(edits: Edit[]): void {
    this.text = applyEdits(this.text, edits);
  }
}

const isBlank = (ch: string | undefined): boolean => ch === ' ' || ch === '\t';

function skipBlanks(text: string, pos: number): number {
  while (pos < text.length && isBlank(text[pos])) pos++;
  return pos;
}

function lineBreakLength(text: string, pos: number): number {
  if (text[pos] === '\r') return text[pos + 1] === '\n' ? 2 : 1;
  return text[pos] === '\n' ? 1 : 0;
}

/** The start of the line holding `offset`, if only blanks precede it on that line. */
function lineStartIfAlone(text: string, offset: number): number | undefined {
  let pos = offset;
  while (pos > 0 && isBlank(text[pos - 1])) pos--;
  return pos === 0 || text[pos - 1] === '\n' || text[pos - 1] === '\r' ? pos : undefined;
}

/**
 * What follows an element that ends at `end`: its comma, if any, and, when nothing but the comma
 * and same-line comments follow it on its line, the position of that line's break (or EOF).
 */
function scanAfter(text: string, end: number): { comma: number | undefined; lineEnd: number | undefined } {
  let pos = skipBlanks(text, end);
  let comma: number | undefined;
  if (text[pos] === ',') {
    comma = pos;
    pos = skipBlanks(text, pos + 1);
  }
  for (;;) {
    if (text.startsWith('//', pos)) {
      while (pos < text.length && lineBreakLength(text, pos) === 0) pos++;
      break;
    }
    if (text.startsWith('/*', pos)) {
      const close = text.indexOf('*/', pos + 2);
      // A block comment running onto later lines is not "on this line": stop in front of it.
      if (close < 0 || /[\r\n]/.test(text.slice(pos, close))) break;
      pos = skipBlanks(text, close + 2);
      continue;
    }
    break;
  }
  const endsLine = pos >= text.length || lineBreakLength(text, pos) > 0;
  return { comma, lineEnd: endsLine ? pos : undefined };
}

const end = (node: Node): number => node.offset + node.length;

function hasComment(text: string, from: number, to: number): boolean {
  const inner = text.slice(from, to);
  return inner.includes('//') || inner.includes('/*');
}

function removalEdits(text: string, container: Node, index: number): Edit[] {
  const children = container.children ?? [];
  const node = children[index];
  if (node === undefined) return [];
  if (children.length === 1 && !hasComment(text, container.offset + 1, end(container) - 1)) {
    // The last element goes and nothing else is inside: leave a tidy `{}` / `[]`.
    return [{ offset: container.offset + 1, length: container.length - 2, content: '' }];
  }
  const start = node.offset;
  const after = scanAfter(text, end(node));
  const previous = index > 0 ? children[index - 1] : undefined;
  const previousComma = previous === undefined ? undefined : scanAfter(text, end(previous)).comma;
  const edits: Edit[] = [];
  const lineStart = lineStartIfAlone(text, start);
  if (lineStart !== undefined && after.lineEnd !== undefined) {
    // The element has its line(s) to itself: remove them, with its own trailing comment.
    const lineEnd = after.lineEnd + lineBreakLength(text, after.lineEnd);
    edits.push({ offset: lineStart, length: lineEnd - lineStart, content: '' });
    if (after.comma === undefined && previousComma !== undefined) {
      edits.push({ offset: previousComma, length: 1, content: '' }); // it was last: so is the previous one now
    }
  } else if (after.comma !== undefined) {
    const next = skipBlanks(text, after.comma + 1);
    edits.push({ offset: start, length: next - start, content: '' });
  } else {
    let from = start;
    while (from > 0 && isBlank(text[from - 1]) && (previousComma === undefined || from - 1 > previousComma)) from--;
    edits.push({ offset: from, length: end(node) - from, content: '' });
    if (previousComma !== undefined) edits.push({ offset: previousComma, length: 1, content: '' });
  }
  return edits;
}

function insertionEdits(
  text: string,
  children: Node[],
  index: number,
  item: (indent: string | undefined) => string,
  eol: string,
): Edit[] {
  const before = children[index];
  if (before !== undefined) {
    // Insert in front of an existing element: on a line of its own when that element has one.
    const lineStart = lineStartIfAlone(text, before.offset);
    if (lineStart !== undefined) {
      const indent = text.slice(lineStart, before.offset);
      return [{ offset: lineStart, length: 0, content: `${indent}${item(indent)},${eol}` }];
    }
    return [{ offset: before.offset, length: 0, content: `${item(undefined)}, ` }];
  }
  const last = children[children.length - 1];
  if (last === undefined) return [];
  const after = scanAfter(text, end(last));
  const lineStart = lineStartIfAlone(text, last.offset);
  if (lineStart !== undefined && after.lineEnd !== undefined) {
    // Append on a new line below the last element, after its trailing comment.
    const indent = text.slice(lineStart, last.offset);
    const trailingComma = after.comma !== undefined ? ',' : '';
    const edits: Edit[] = [{ offset: after.lineEnd, length: 0, content: `${eol}${indent}${item(indent)}${trailingComma}` }];
    if (after.comma === undefined) edits.unshift({ offset: end(last), length: 0, content: ',' });
    return edits;
  }
  if (after.comma === undefined) return [{ offset: end(last), length: 0, content: `, ${item(undefined)}` }];
  return [{ offset: after.comma + 1, length: 0, content: ` ${item(undefined)},` }];
}

/** Multi-line JSON whose continuation lines are indented to sit under `indent`. */
function pretty(value: unknown, indent: string, eol: string): string {
  const unit = indent.includes('\t') ? '\t' : '  ';
  return JSON.stringify(value, null, unit).split('\n').join(`${eol}${indent}`);
}

/** One-line JSON with the spacing people write: `{ "a": 1, "b": [1, 2] }`. */
function compact(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(compact).join(', ')}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${compact(item)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}
