/**
 * A TOON document (https://toonformat.dev, specification 4.4, default options: two-space indent,
 * comma delimiter, no key folding) written as UTF-8 lines. The layout rules:
 * - an object is `key: value` lines, nested objects indented under `key:`;
 * - an object of two or more objects sharing tabular fields is keyed rows, `key[N:]{fields}:`;
 * - an array is inline when all primitives (`key[N]: a,b`), a row per object when its objects are
 *   tabular (`key[N]{fields}:`), and a `- ` list otherwise; an object in a list puts its first
 *   field on the `- ` line, the others indented beneath it.
 * Output is checked against the specification's fixtures and the reference encoder
 * (`@toon-format/toon`), which is many times slower: see docs/design/008-toon-encoder.md.
 */
import { ByteOutput } from '../../sdk/shared/byte-output.js';
import { CLOSE_BRACE, COLON, COMMA, OPEN_BRACE } from '../../sdk/shared/json-syntax.js';
import { asData, isArray, isObject, isPrimitive, type Data, type DataObject, type Primitive } from './data-model.js';
import { writeAscii, writeKey, writePrimitive, writeQuoted } from './scalars.js';
import { keyedFields, leaves, tabularFields, type Field } from './tabular.js';

const NEWLINE = 0x0a;
const SPACE = 0x20;
const DASH = 0x2d;
const BYTE_ORDER_MARK = '\uFEFF';

/** Whole lines are handed on once about this many bytes are waiting. */
const CHUNK = 64 * 1024;

export class ToonEncoder {
  private readonly out = new ByteOutput(CHUNK * 2);
  /** The next line is an object's first field in a list: `- ` takes the last level of its indent. */
  private dashNext = false;

  constructor(private readonly emit: (bytes: Uint8Array) => void) {}

  /** Writes `value` as one document, every line ending in a newline; an empty object writes nothing. */
  document(value: unknown): void {
    const data = asData(value);
    if (isPrimitive(data)) {
      // A leading byte order mark would be taken for the file's own, so the root string is quoted.
      if (typeof data === 'string' && data.startsWith(BYTE_ORDER_MARK)) writeQuoted(this.out, data);
      else writePrimitive(this.out, data);
      this.endLine();
    } else if (isArray(data)) {
      this.array(undefined, data, 0);
    } else {
      this.object(undefined, data, 0);
    }
    this.flush();
  }

  /** The header of a root array written as a `- ` list of `count` items (see root-array.ts). */
  listHeader(count: number): void {
    this.header(undefined, count, undefined, false);
    this.endLine();
  }

  /** Elements of a root array written as a `- ` list: their items. */
  listItems(elements: readonly unknown[]): void {
    for (const element of elements) this.listItem(asData(element), 1);
  }

  /** Writes out what is waiting. */
  flush(): void {
    if (this.out.length > 0) this.emit(this.out.take(this.out.length));
  }

  /** An object under `key` (the root when undefined): keyed rows, or a line per field. */
  private object(key: string | undefined, value: DataObject, depth: number): void {
    const fields = keyedFields(value);
    if (fields) {
      this.keyedHeaderLine(key, value, fields, depth);
      this.keyedRows(value, fields, depth + 1);
      return;
    }
    let fieldDepth = depth;
    if (key !== undefined) {
      this.indent(depth);
      writeKey(this.out, key);
      this.out.put(COLON);
      this.endLine();
      fieldDepth++;
    }
    this.fields(value, Object.keys(value), fieldDepth);
  }

  private fields(value: DataObject, names: readonly string[], depth: number): void {
    for (const name of names) this.field(name, asData(value[name]), depth);
  }

  private field(name: string, value: Data, depth: number): void {
    if (isPrimitive(value)) {
      this.indent(depth);
      writeKey(this.out, name);
      writeAscii(this.out, ': ');
      writePrimitive(this.out, value);
      this.endLine();
    } else if (isArray(value)) {
      this.array(name, value, depth);
    } else {
      this.object(name, value, depth);
    }
  }

  /** An array under `key` (the root when undefined). */
  private array(key: string | undefined, value: readonly unknown[], depth: number): void {
    const items = value.map(asData);
    this.indent(depth);
    if (items.length === 0) {
      if (key !== undefined) writeKey(this.out, key);
      writeAscii(this.out, key !== undefined ? ': []' : '[]');
      this.endLine();
      return;
    }
    if (items.every(isPrimitive)) {
      this.inline(key, items as Primitive[]);
      this.endLine();
      return;
    }
    const rows = objects(items);
    const fields = rows && tabularFields(rows);
    this.header(key, items.length, fields, false);
    this.endLine();
    if (rows && fields) this.rows(rows, fields, depth + 1);
    else for (const item of items) this.listItem(item, depth + 1);
  }

  /** One `- ` item of a list (an array of arrays of primitives is such a list too). */
  private listItem(value: Data, depth: number): void {
    if (isObject(value)) {
      this.objectListItem(value, depth);
      return;
    }
    this.indent(depth);
    writeAscii(this.out, '- ');
    if (isPrimitive(value)) {
      writePrimitive(this.out, value);
      this.endLine();
      return;
    }
    const items = value.map(asData);
    if (items.every(isPrimitive)) {
      this.inline(undefined, items as Primitive[]);
      this.endLine();
      return;
    }
    this.header(undefined, items.length, undefined, false);
    this.endLine();
    for (const item of items) this.listItem(item, depth + 1);
  }

  /**
   * An object as a list item: its fields as they would be one level deeper, the first line opening
   * with `- ` in place of its indent (the same width).
   */
  private objectListItem(value: DataObject, depth: number): void {
    const names = Object.keys(value);
    if (names.length === 0) {
      this.indent(depth);
      this.out.put(DASH);
      this.endLine();
      return;
    }
    this.dashNext = true;
    this.fields(value, names, depth + 1);
  }

  /** `key[N:]{fields}:` on a line of its own. */
  private keyedHeaderLine(key: string | undefined, value: DataObject, fields: readonly Field[], depth: number): void {
    this.indent(depth);
    this.header(key, Object.keys(value).length, fields, true);
    this.endLine();
  }

  private keyedRows(value: DataObject, fields: readonly Field[], depth: number): void {
    for (const name of Object.keys(value)) {
      this.indent(depth);
      writeKey(this.out, name);
      writeAscii(this.out, ': ');
      this.joined(leaves(asData(value[name]) as DataObject, fields));
      this.endLine();
    }
  }

  private rows(rows: readonly DataObject[], fields: readonly Field[], depth: number): void {
    for (const row of rows) {
      this.indent(depth);
      this.joined(leaves(row, fields));
      this.endLine();
    }
  }

  /** `key[N]: a,b,c`; just the header when there are no values. */
  private inline(key: string | undefined, values: readonly Primitive[]): void {
    this.header(key, values.length, undefined, false);
    if (values.length === 0) return;
    this.out.put(SPACE);
    this.joined(values);
  }

  /** `key[N]:`, with `:` after N for keyed rows and `{fields}` for tabular ones. */
  private header(key: string | undefined, length: number, fields: readonly Field[] | undefined, keyed: boolean): void {
    if (key !== undefined) writeKey(this.out, key);
    writeAscii(this.out, keyed ? `[${length}:]` : `[${length}]`);
    if (fields) this.fieldList(fields);
    this.out.put(COLON);
  }

  private fieldList(fields: readonly Field[]): void {
    this.out.put(OPEN_BRACE);
    fields.forEach((field, index) => {
      if (index > 0) this.out.put(COMMA);
      writeKey(this.out, field.name);
      if (field.children) this.fieldList(field.children);
    });
    this.out.put(CLOSE_BRACE);
  }

  private joined(values: readonly Primitive[]): void {
    for (let i = 0; i < values.length; i++) {
      if (i > 0) this.out.put(COMMA);
      writePrimitive(this.out, values[i]!);
    }
  }

  private indent(depth: number): void {
    let width = depth * 2;
    const dash = this.dashNext;
    if (dash) {
      this.dashNext = false;
      width -= 2;
    }
    this.out.reserve(width + 2);
    const bytes = this.out.bytes;
    let at = this.out.length;
    // Indents are a few bytes: a loop beats fill()'s call for each line.
    for (let i = 0; i < width; i++) bytes[at++] = SPACE;
    if (dash) {
      bytes[at++] = DASH;
      bytes[at++] = SPACE;
    }
    this.out.length = at;
  }

  private endLine(): void {
    this.out.put(NEWLINE);
    if (this.out.length >= CHUNK) this.flush();
  }
}

/** `items` when every one is an object. */
function objects(items: readonly Data[]): DataObject[] | undefined {
  return items.every(isObject) ? (items as DataObject[]) : undefined;
}
