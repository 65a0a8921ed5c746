/**
 * A request body's shape for a command's help: one line per field, keyed by the path users type in
 * body shorthand (`owner.name`, `tags[]`, `labels.<key>`), with its type, whether it is required,
 * its allowed values and the first line of its description.
 *
 *   name        string, required  The pet's name
 *   tags[]      string
 *   owner       object (Owner)
 *   owner.id    integer (int64)
 *   kind        one of:
 *     - Cat
 *       kind.meows  boolean
 *
 * `$ref`s are followed through the operation's definitions; `allOf` parts are merged into one
 * shape; `oneOf`/`anyOf` alternatives are listed, each under its name. The outline is bounded
 * whatever the schema: a `$ref` already being expanded is named, not expanded again (recursive
 * schemas), fields deeper than MAX_DEPTH are summarized, at most MAX_LINES lines are made and at
 * most MAX_VISITS schema nodes looked at. `readOnly` fields are left out: a request does not send them.
 */
import type { Schema } from '../../../sdk/shared/operation-detail-format.js';
import { isPlainObject } from '../../../sdk/shared/plain-object.js';
import { stringifyJson } from '../../../sdk/shared/json-stringify.js';
import { refName, resolveSchema, type SchemaObject } from '../../../sdk/shared/operation-arguments/schema-ref.js';

export interface OutlineLine {
  /** How many alternatives (`oneOf`/`anyOf`) deep the line is: its indentation. */
  level: number;
  /** The shorthand path, or an alternative's heading (`- Cat`). */
  key: string;
  /** Type, required, allowed values; empty for a heading. */
  info: string;
  description?: string;
}

export interface Outline {
  lines: OutlineLine[];
  /** Lines were left out to stay within MAX_LINES or MAX_VISITS. */
  truncated: boolean;
}

export const OUTLINE_LIMITS = { maxDepth: 6, maxLines: 60, maxVisits: 400, maxEnumValues: 12 } as const;

interface Shape {
  types: string[];
  properties: Map<string, Schema>;
  required: Set<string>;
  items?: Schema;
  additional?: Schema;
  alternatives?: { kind: 'one of' | 'any of'; schemas: Schema[] };
  enumValues?: unknown[];
  constValue?: { value: unknown };
  format?: string;
  description?: string;
  title?: string;
  deprecated: boolean;
  readOnly: boolean;
  defaultValue?: { value: unknown };
}

/** What a node's line inherits from the array (or property) it is the items (or value) of. */
interface Carried {
  required: boolean;
  description?: string;
  /** An alternative under its heading (`- Cat`): an object's own line would only repeat it. */
  headed?: boolean;
}

class OutlineWriter {
  readonly lines: OutlineLine[] = [];
  truncated = false;
  private visits = 0;
  /** The `$ref`s being expanded, with the path each one's expansion started at. */
  private readonly expanding = new Map<string, string>();

  constructor(private readonly definitions: Record<string, Schema>) {}

  private full(): boolean {
    const over = this.lines.length >= OUTLINE_LIMITS.maxLines || this.visits >= OUTLINE_LIMITS.maxVisits;
    if (over) this.truncated = true;
    return over;
  }

  private push(line: OutlineLine): void {
    if (!this.full()) this.lines.push(line);
  }

  node(schema: Schema, path: string, depth: number, level: number, carried: Carried): void {
    if (this.full()) return;
    this.visits++;
    const { schema: resolved, ref, broken } = resolveSchema(schema, this.definitions);
    const key = path === '' ? '(body)' : path;
    if (ref !== undefined && this.expanding.has(ref)) {
      const where = this.expanding.get(ref)!;
      this.push(line(level, key, [`${refName(ref)} (recursive: the same shape as ${where === '' ? 'the body' : where})`], carried));
      return;
    }
    if (resolved === undefined) {
      const why = broken === 'loop' ? 'its $refs only lead to each other' : broken === 'missing' ? 'its definition is missing from the description' : undefined;
      // A loop is named by the `$ref` the field wrote, a missing target by itself.
      const named = broken === 'loop' && isPlainObject(schema) && typeof schema.$ref === 'string' ? schema.$ref : ref;
      this.push(line(level, key, [named === undefined ? 'any' : why === undefined ? refName(named) : `${refName(named)} (${why})`], carried));
      return;
    }
    if (ref !== undefined) this.expanding.set(ref, path);
    try {
      this.shape(this.merge(resolved), ref, path, depth, level, carried);
    } finally {
      if (ref !== undefined) this.expanding.delete(ref);
    }
  }

  private shape(shape: Shape, ref: string | undefined, path: string, depth: number, level: number, carried: Carried): void {
    if (shape.readOnly && path !== '') return;
    const description = carried.description ?? firstLine(shape.description);
    const required = carried.required;
    const isArray = shape.items !== undefined || (shape.types.includes('array') && shape.alternatives === undefined);
    if (isArray && shape.properties.size === 0) {
      // The array's line is its items' line, at `path[]`: `tags[]  string, required`.
      this.node(shape.items ?? {}, `${path}[]`, depth + 1, level, { required, ...(description !== undefined ? { description } : {}) });
      return;
    }
    const isObject = shape.properties.size > 0 || shape.additional !== undefined || shape.types.includes('object');
    const named = ref !== undefined ? refName(ref) : shape.title;
    const deeper = depth >= OUTLINE_LIMITS.maxDepth && (shape.properties.size > 0 || shape.additional !== undefined || shape.alternatives !== undefined);
    const info = [typeLabel(shape, named), ...(deeper ? ['its fields are not shown here'] : [])];
    if ((path !== '' && !carried.headed) || !isObject || shape.alternatives !== undefined) {
      this.push({ level, key: path === '' ? '(body)' : path, info: details(info, shape, required), ...(description !== undefined ? { description } : {}) });
    }
    if (deeper) return;
    const prefix = path === '' ? '' : `${path}.`;
    for (const [name, property] of shape.properties) {
      this.node(property, `${prefix}${propertyKey(name)}`, depth + 1, level, { required: shape.required.has(name) });
    }
    if (shape.additional !== undefined) this.node(shape.additional, `${prefix}<key>`, depth + 1, level, { required: false });
    if (shape.alternatives !== undefined) {
      shape.alternatives.schemas.forEach((alternative, i) => {
        if (this.full()) return;
        this.push({ level: level + 1, key: `- ${alternativeName(alternative, this.definitions, i)}`, info: '' });
        this.node(alternative, path, depth, level + 2, { required: false, headed: true });
      });
    }
  }

  /** The schema with its `allOf` parts merged in (their `$ref`s followed, each part once). */
  private merge(schema: SchemaObject): Shape {
    const shape: Shape = { types: [], properties: new Map(), required: new Set(), deprecated: false, readOnly: false };
    const seen = new Set<string>();
    const add = (part: SchemaObject) => {
      this.visits++;
      addTypes(shape, part);
      if (isPlainObject(part.properties)) {
        for (const name in part.properties) {
          // More than the outline can show: the rest would cost work and show nothing.
          if (shape.properties.size >= OUTLINE_LIMITS.maxLines && !shape.properties.has(name)) {
            this.truncated = true;
            break;
          }
          if (Object.hasOwn(part.properties, name)) shape.properties.set(name, part.properties[name]);
        }
      }
      if (Array.isArray(part.required)) for (const name of part.required) if (typeof name === 'string') shape.required.add(name);
      if (part.items !== undefined && shape.items === undefined) shape.items = part.items;
      if ((isPlainObject(part.additionalProperties) || part.additionalProperties === true) && shape.additional === undefined) {
        shape.additional = part.additionalProperties === true ? {} : part.additionalProperties;
      }
      for (const kind of ['oneOf', 'anyOf'] as const) {
        if (Array.isArray(part[kind]) && part[kind].length > 0 && shape.alternatives === undefined) {
          shape.alternatives = { kind: kind === 'oneOf' ? 'one of' : 'any of', schemas: part[kind] };
        }
      }
      if (Array.isArray(part.enum) && shape.enumValues === undefined) shape.enumValues = part.enum;
      if ('const' in part && shape.constValue === undefined) shape.constValue = { value: part.const };
      if ('default' in part && shape.defaultValue === undefined) shape.defaultValue = { value: part.default };
      if (typeof part.format === 'string') shape.format ??= part.format;
      if (typeof part.description === 'string') shape.description ??= part.description;
      if (typeof part.title === 'string') shape.title ??= part.title;
      if (part.deprecated === true) shape.deprecated = true;
      if (part.readOnly === true) shape.readOnly = true;
      if (!Array.isArray(part.allOf)) return;
      for (const member of part.allOf) {
        if (this.visits >= OUTLINE_LIMITS.maxVisits) {
          this.truncated = true;
          return;
        }
        const { schema: resolved, ref } = resolveSchema(member, this.definitions);
        if (resolved === undefined || (ref !== undefined && (seen.has(ref) || this.expanding.has(ref)))) continue;
        if (ref !== undefined) seen.add(ref);
        add(resolved);
      }
    };
    add(schema);
    return shape;
  }
}

/** The outline of a request body's schema. */
export function schemaOutline(schema: Schema, definitions: Record<string, Schema>): Outline {
  const writer = new OutlineWriter(definitions);
  writer.node(schema, '', 0, 0, { required: false });
  return { lines: writer.lines, truncated: writer.truncated };
}

function addTypes(shape: Shape, part: SchemaObject): void {
  const types = typeof part.type === 'string' ? [part.type] : Array.isArray(part.type) ? part.type.filter((t): t is string => typeof t === 'string') : [];
  for (const type of types) if (!shape.types.includes(type)) shape.types.push(type);
  // OpenAPI 3.0 spells a nullable type with a flag.
  if (part.nullable === true && !shape.types.includes('null')) shape.types.push('null');
}

function typeLabel(shape: Shape, named: string | undefined): string {
  if (shape.constValue !== undefined) return `always ${valueText(shape.constValue.value)}`;
  const nullable = shape.types.includes('null');
  if (shape.enumValues !== undefined && shape.enumValues.length > 0) {
    const shown = shape.enumValues.slice(0, OUTLINE_LIMITS.maxEnumValues).map(valueText);
    const more = shape.enumValues.length - shown.length;
    return `one of: ${shown.join(' | ')}${more > 0 ? ` | … (${more} more)` : ''}`;
  }
  const types = shape.types.filter((t) => t !== 'null');
  const isObject = types.includes('object') || shape.properties.size > 0 || shape.additional !== undefined;
  let label = types.length > 0 ? types.join(' or ') : isObject ? 'object' : shape.alternatives !== undefined ? '' : 'any';
  if (label === '' && isObject) label = 'object';
  if (shape.format !== undefined && label !== '') label += ` (${shape.format})`;
  if (isObject && named !== undefined) label += ` (${named})`;
  if (nullable) label += label === '' ? 'null' : ' or null';
  if (shape.alternatives !== undefined) label += `${label === '' ? '' : ', '}${shape.alternatives.kind}:`;
  return label;
}

function details(info: string[], shape: Shape, required: boolean): string {
  const parts = [...info];
  if (required) parts.push('required');
  if (shape.deprecated) parts.push('deprecated');
  if (shape.defaultValue !== undefined) parts.push(`default ${valueText(shape.defaultValue.value)}`);
  return parts.filter((p) => p !== '').join(', ');
}

function line(level: number, key: string, info: string[], carried: Carried): OutlineLine {
  const parts = [...info, ...(carried.required ? ['required'] : [])];
  return { level, key, info: parts.join(', '), ...(carried.description !== undefined ? { description: carried.description } : {}) };
}

function alternativeName(schema: Schema, definitions: Record<string, Schema>, index: number): string {
  if (isPlainObject(schema) && typeof schema.$ref === 'string') return refName(schema.$ref);
  const { schema: resolved } = resolveSchema(schema, definitions);
  if (typeof resolved?.title === 'string') return resolved.title;
  if (typeof resolved?.type === 'string' && resolved.type !== 'object') return resolved.type;
  return `option ${index + 1}`;
}

/** A property name as a shorthand path segment: quoted when it holds what shorthand reads as syntax. */
function propertyKey(name: string): string {
  return /^[\p{L}\p{N}_$@-]+$/u.test(name) ? name : JSON.stringify(name);
}

function valueText(value: unknown): string {
  if (typeof value === 'string' && /^[\p{L}\p{N}_.:/@+-]+$/u.test(value)) return value;
  // A bound or default a double cannot hold is shown as the description wrote it.
  const text = stringifyJson(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function firstLine(text: string | undefined): string | undefined {
  const first = text?.trim().split(/\r?\n/, 1)[0]?.trim();
  return first === '' ? undefined : first;
}
