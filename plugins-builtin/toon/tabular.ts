/**
 * When objects can share one header and be written a row each. Every object must have the same
 * keys (the first object's order names the fields); a field whose values are all primitives is a
 * column, and one whose values are all non-empty objects that are themselves tabular becomes a
 * nested field group, `name{a,b}`, whose leaves are columns too.
 */
import { asData, isArray, isEmptyObject, isObject, isPrimitive, type Data, type DataObject, type Primitive } from './data-model.js';

export interface Field {
  readonly name: string;
  /** Set for a nested field group. */
  readonly children?: readonly Field[];
}

/** The fields shared by `rows` (all objects), or undefined when they are not tabular. */
export function tabularFields(rows: readonly DataObject[]): Field[] | undefined {
  if (rows.length === 0) return undefined;
  const first = rows[0]!;
  const names = Object.keys(first);
  if (names.length === 0) return undefined;
  // A field holding an array can be neither a column nor a field group: the cheapest way out.
  for (const name of names) if (isArray(asData(first[name]))) return undefined;
  for (const row of rows) {
    if (Object.keys(row).length !== names.length) return undefined;
    for (const name of names) if (!Object.prototype.hasOwnProperty.call(row, name)) return undefined;
  }
  const fields: Field[] = [];
  for (const name of names) {
    const field = column(name, rows);
    if (!field) return undefined;
    fields.push(field);
  }
  return fields;
}

/**
 * The fields of an object written as keyed rows, `key[N:]{fields}:` (at least two entries, all
 * non-empty objects sharing their fields), or undefined.
 */
export function keyedFields(value: DataObject): Field[] | undefined {
  const names = Object.keys(value);
  if (names.length < 2) return undefined;
  const rows = objectsOrUndefined(names.map((name) => asData(value[name])));
  return rows && tabularFields(rows);
}

/** Each leaf of `row` in field order. */
export function leaves(row: DataObject, fields: readonly Field[], into: Primitive[] = []): Primitive[] {
  for (const field of fields) {
    const value = asData(row[field.name]);
    if (field.children) leaves(value as DataObject, field.children, into);
    else into.push(value as Primitive);
  }
  return into;
}

function column(name: string, rows: readonly DataObject[]): Field | undefined {
  let primitives = true;
  for (const row of rows) {
    if (!isPrimitive(asData(row[name]))) {
      primitives = false;
      break;
    }
  }
  if (primitives) return { name };
  const objects = objectsOrUndefined(rows.map((row) => asData(row[name])));
  const children = objects && tabularFields(objects);
  return children && { name, children };
}

/** `values` when every one is a non-empty object. */
function objectsOrUndefined(values: readonly Data[]): DataObject[] | undefined {
  for (const value of values) if (!isObject(value) || isEmptyObject(value)) return undefined;
  return values as DataObject[];
}
