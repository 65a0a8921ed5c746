/**
 * Following a schema's `$ref` through the definitions an operation's details carry, never through
 * the document: `definitions` holds every target the operation reaches, by the pointer as written.
 */
import type { Schema } from '../../../sdk/shared/operation-detail-format.js';
import { isPlainObject } from '../../../sdk/shared/plain-object.js';

export type SchemaObject = Record<string, unknown>;

/** More hops than any sane chain of aliases; a loop of `$ref`s (A → B → A) ends here. */
const MAX_HOPS = 16;

export interface Resolved {
  schema: SchemaObject | undefined;
  /** The last pointer followed (`#/components/schemas/Pet`), when there was one. */
  ref?: string;
}

export function resolveSchema(schema: Schema, definitions: Record<string, Schema>): Resolved {
  let current = schema;
  let ref: string | undefined;
  for (let hops = 0; hops < MAX_HOPS && isPlainObject(current) && typeof current.$ref === 'string'; hops++) {
    ref = current.$ref;
    current = Object.hasOwn(definitions, ref) ? definitions[ref] : undefined;
  }
  const usable = isPlainObject(current) && typeof current.$ref !== 'string' ? current : undefined;
  return { schema: usable, ...(ref !== undefined ? { ref } : {}) };
}

/** `#/components/schemas/Pet` → `Pet`: the name a reader knows the schema by. */
export function refName(ref: string): string {
  const last = ref.slice(ref.lastIndexOf('/') + 1);
  return last.replace(/~1/g, '/').replace(/~0/g, '~') || ref;
}
