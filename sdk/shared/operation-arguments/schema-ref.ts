/**
 * Following a schema's `$ref` through the definitions an operation's details carry, never through
 * the document: `definitions` holds every target the operation reaches, by the pointer as written.
 */
import type { Schema } from '../operation-detail-format.js';
import { isPlainObject } from '../plain-object.js';

export type SchemaObject = Record<string, unknown>;

/** More hops than any sane chain of aliases; a loop of `$ref`s (A → B → A) ends here. */
const MAX_HOPS = 16;

export interface Resolved {
  schema: SchemaObject | undefined;
  /** The last pointer followed (`#/components/schemas/Pet`), when there was one. */
  ref?: string;
  /** Why there is no schema where a `$ref` was: its target is not there, or `$ref`s lead only to each other. */
  broken?: 'missing' | 'loop';
}

export function resolveSchema(schema: Schema, definitions: Record<string, Schema>): Resolved {
  let current = schema;
  let ref: string | undefined;
  for (let hops = 0; hops < MAX_HOPS && isPlainObject(current) && typeof current.$ref === 'string'; hops++) {
    ref = current.$ref;
    current = Object.hasOwn(definitions, ref) ? definitions[ref] : undefined;
  }
  if (ref === undefined) return { schema: isPlainObject(current) ? current : undefined };
  if (isPlainObject(current) && typeof current.$ref === 'string') return { schema: undefined, ref, broken: 'loop' };
  if (current === undefined) return { schema: undefined, ref, broken: 'missing' };
  return { schema: isPlainObject(current) ? current : undefined, ref };
}

/** `#/components/schemas/Pet` → `Pet`: the name a reader knows the schema by. */
export function refName(ref: string): string {
  const last = ref.slice(ref.lastIndexOf('/') + 1);
  return last.replace(/~1/g, '/').replace(/~0/g, '~') || ref;
}
