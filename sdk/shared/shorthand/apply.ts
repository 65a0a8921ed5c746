/**
 * Applies a parsed {@link Program} to a document, one operation at a time and in input order, so
 * `a.b: 1, a.c: 2` merges and `a[]: 1, a[]: 2` appends twice. The document is edited in place; the
 * public entry points hand in a private copy.
 *
 * A patch never turns a value into a container of another kind: a key needs an object, an index an
 * array, and setting an array or object where another kind stands is refused, as HTTPie refuses it.
 * Otherwise `[1, 2]` piped in and patched with `x: 1` would be thrown away for `{"x": 1}`. A scalar
 * still replaces anything (`k: 1, k: 2` is 2), and deleting first (`k: undefined`) replaces on purpose.
 * A `null` holds nothing to lose, as an API's response says of a field not set: a patch writes into it
 * as into a missing value (`{"a": null}` patched with `a.b: 1` is `{"a": {"b": 1}}`), and so into
 * the nulls that index padding adds.
 */

import {
  ArrayNode,
  ObjectNode,
  type Entry,
  type IndexSegment,
  type Path,
  type Program,
  type ValueNode,
} from './ast.js';
import { cloneDocument, getOwn, setOwn, type PlainObject } from './document.js';
import { ShorthandError } from './errors.js';
import { FileRef } from './files.js';
import { isObjectLiteral } from '../plain-object.js';

/**
 * How many `null`s index padding may add per input. Without a budget, `a[999999]: 1, b[999999]: 1, ...`
 * would need memory far out of proportion to the input.
 */
const MAX_PADDING = 1_000_000;

/** A slot in the document: a field of an object or an item of an array. */
interface Location {
  readonly container: PlainObject | unknown[];
  readonly key: string | number;
}

type Lookup = { readonly found: true; readonly value: unknown } | { readonly found: false };

export function applyProgram(base: unknown, program: Program, input: string): unknown {
  return new Applier(input).run(base, program);
}

class Applier {
  private readonly input: string;
  private paddingLeft = MAX_PADDING;

  constructor(input: string) {
    this.input = input;
  }

  run(base: unknown, program: Program): unknown {
    const root: Location = { container: [base], key: 0 };
    switch (program.kind) {
      case 'empty':
        break;
      case 'entries':
        // Fields with nothing to patch describe an object, even when they only delete.
        this.applyEntries(root, program.entries);
        if (read(root) === undefined) write(root, {});
        break;
      case 'value':
        if (program.value instanceof ObjectNode) {
          this.mergeAt(root, [], program.value.entries, program.position);
        } else {
          this.set(root, [], this.materialize(program.value), program.position);
        }
        break;
    }
    return read(root);
  }

  /** Applies `entries` relative to the value at `target`. */
  private applyEntries(target: Location, entries: readonly Entry[]): void {
    for (const entry of entries) {
      switch (entry.kind) {
        case 'set':
          this.set(this.walkForWrite(target, entry.path, entry.position), entry.path, this.materialize(entry.value), entry.position);
          break;
        case 'merge':
          this.mergeAt(target, entry.path, entry.entries, entry.position);
          break;
        case 'delete':
          this.deleteAt(target, entry.path);
          break;
        case 'move':
          this.move(target, entry);
          break;
      }
    }
  }

  /** Writes `value` at `location` (named by `path`), unless it is a container replacing a value of another kind. */
  private set(location: Location, path: Path, value: unknown, position: number): void {
    const current = read(location);
    const kind = containerKind(value);
    if (!isEmpty(current) && kind !== undefined && kindOf(current) !== kind) {
      this.conflict(path, current, `the patch sets ${kind} there`, position);
    }
    write(location, value);
  }

  /** Merges fields into the object at `path`, creating it when nothing is there. */
  private mergeAt(target: Location, path: Path, entries: readonly Entry[], position: number): void {
    const location = this.walkForWrite(target, path, position);
    const current = read(location);
    if (isEmpty(current)) {
      write(location, {});
    } else if (!isObjectLiteral(current)) {
      this.conflict(path, current, 'merging fields into it needs an object', position);
    }
    this.applyEntries(location, entries);
  }

  private deleteAt(target: Location, path: Path): void {
    const last = path[path.length - 1];
    if (last === undefined) return;
    const parent = lookup(read(target), path.slice(0, -1));
    if (!parent.found) return;
    if (typeof last === 'string') {
      if (isObjectLiteral(parent.value)) delete parent.value[last];
    } else if (last.kind === 'index' && Array.isArray(parent.value)) {
      const index = resolveExisting(parent.value, last.index);
      if (index !== undefined) parent.value.splice(index, 1);
    }
  }

  /** Swaps the two values when both exist, otherwise moves `from` to `to`. */
  private move(target: Location, { from, to, position }: Extract<Entry, { kind: 'move' }>): void {
    const source = lookup(read(target), from);
    if (!source.found) this.fail(`cannot move ${describePath(from)}: there is nothing there`, position);
    const destination = lookup(read(target), to);
    if (destination.found) {
      // Copies, because one value may contain the other and sharing would create a cycle.
      const sourceValue = cloneDocument(source.value);
      const destinationValue = cloneDocument(destination.value);
      write(this.walkForWrite(target, from, position), destinationValue);
      write(this.walkForWrite(target, to, position), sourceValue);
    } else {
      this.deleteAt(target, from);
      write(this.walkForWrite(target, to, position), source.value);
    }
  }

  /**
   * Follows `path` from the value at `start` and returns the slot it names, creating what is missing:
   * a key needs an object and an index needs an array, and a value of another kind is refused.
   */
  private walkForWrite(start: Location, path: Path, position: number): Location {
    let location = start;
    for (const [depth, segment] of path.entries()) {
      const current = read(location);
      const needs = typeof segment === 'string' ? 'an object' : 'an array';
      if (!isEmpty(current) && kindOf(current) !== needs) {
        this.conflict(path.slice(0, depth), current, `${describePath(path)} needs ${needs} there`, position);
      }
      if (typeof segment === 'string') {
        location = { container: (current as PlainObject | undefined) ?? write(location, {} as PlainObject), key: segment };
      } else {
        const array = (current as unknown[] | undefined) ?? write(location, [] as unknown[]);
        location = { container: array, key: this.slotIndex(array, segment) };
      }
    }
    return location;
  }

  /** The array position an index segment writes to, padding with nulls or opening a gap as needed. */
  private slotIndex(array: unknown[], segment: IndexSegment): number {
    if (segment.kind === 'append') return array.length;
    const index = segment.index < 0 ? array.length + segment.index : segment.index;
    if (index < 0) {
      this.fail(`index ${segment.index} is out of range for an array of ${array.length} items`, segment.position);
    }
    if (index > array.length) this.pad(array, index, segment.position);
    // The inserted slot holds nothing yet, so the value the patch writes there may be of any kind.
    if (segment.kind === 'insert' && index < array.length) array.splice(index, 0, undefined);
    return index;
  }

  private pad(array: unknown[], length: number, position: number): void {
    const needed = length - array.length;
    if (needed > this.paddingLeft) {
      this.fail(`index ${length} would pad the array with more than ${MAX_PADDING} nulls`, position);
    }
    this.paddingLeft -= needed;
    while (array.length < length) array.push(null);
  }

  private materialize(node: ValueNode): unknown {
    if (node instanceof ArrayNode) return node.items.map((item) => this.materialize(item));
    if (node instanceof ObjectNode) {
      const holder: Location = { container: [{}], key: 0 };
      this.applyEntries(holder, node.entries);
      return read(holder);
    }
    return node;
  }

  private fail(reason: string, position: number, hint?: string): never {
    throw new ShorthandError(reason, position, this.input, hint === undefined ? {} : { hint });
  }

  /** `at` holds `found`, which the entry at `position` would turn into another kind, as `why` says. */
  private conflict(at: Path, found: unknown, why: string, position: number): never {
    if (at.length === 0) {
      return this.fail(`the document holds ${kindOf(found)}, but ${why}`, position, wholeDocumentHint(found));
    }
    return this.fail(`${describePath(at)} holds ${kindOf(found)}, but ${why}`, position, `to replace it, delete it first: '${pathText(at)}: undefined, …'`);
  }
}

/** What a patch can do with the whole document it was given, when it asked for another kind. */
function wholeDocumentHint(found: unknown): string {
  if (Array.isArray(found)) return 'the patch applies to the whole document, an array: patch its items by index ([0].x: 1) or append to it ([]: 1)';
  if (isObjectLiteral(found)) return 'the patch applies to the whole document, an object: patch its fields by name (x: 1)';
  return `the patch applies to the whole document, and ${kindOf(found)} has no fields or items: send the fields without it (nothing on stdin)`;
}

type Kind = 'an object' | 'an array' | 'a string' | 'a number' | 'a boolean' | 'null' | 'bytes' | 'a file';

/** The kind of a document value, as an error names it; numbers may be exact-number objects, files FileRefs. */
function kindOf(value: unknown): Kind {
  if (Array.isArray(value)) return 'an array';
  if (isObjectLiteral(value)) return 'an object';
  if (value === null) return 'null';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return 'a boolean';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof FileRef) return 'a file';
  return 'a number';
}

/** Nothing a patch would throw away by writing there: no value, or `null`. */
function isEmpty(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

function containerKind(value: unknown): 'an object' | 'an array' | undefined {
  const kind = kindOf(value);
  return kind === 'an object' || kind === 'an array' ? kind : undefined;
}

function read(location: Location): unknown {
  const { container, key } = location;
  if (Array.isArray(container)) return container[key as number];
  return getOwn(container, key as string);
}

function write<T>(location: Location, value: T): T {
  const { container, key } = location;
  if (Array.isArray(container)) {
    container[key as number] = value;
  } else {
    setOwn(container, key as string, value);
  }
  return value;
}

/** Reads the value at `path` without creating anything. */
function lookup(start: unknown, path: Path): Lookup {
  let current = start;
  for (const segment of path) {
    if (typeof segment === 'string') {
      if (!isObjectLiteral(current) || !Object.hasOwn(current, segment)) return { found: false };
      current = current[segment];
    } else if (segment.kind === 'index' && Array.isArray(current)) {
      const index = resolveExisting(current, segment.index);
      if (index === undefined) return { found: false };
      current = current[index];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}

/** The position of an existing item, counting negative indexes from the end. */
function resolveExisting(array: readonly unknown[], index: number): number | undefined {
  const resolved = index < 0 ? array.length + index : index;
  return resolved >= 0 && resolved < array.length ? resolved : undefined;
}

function describePath(path: Path): string {
  return JSON.stringify(pathText(path));
}

/** A path as shorthand writes it: `a.b[0]`. */
function pathText(path: Path): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'string') {
      text += text === '' ? segment : `.${segment}`;
      continue;
    }
    switch (segment.kind) {
      case 'index':
        text += `[${segment.index}]`;
        break;
      case 'append':
        text += '[]';
        break;
      case 'insert':
        text += `[^${segment.index}]`;
        break;
    }
  }
  return text;
}
