/**
 * The one JSON Schema 2020-12 document a request body is validated against, built from an
 * operation's body schema and the definitions it reaches (OperationDetail.definitions), without
 * the description.
 *
 * - Every definition the body reaches becomes an entry of `$defs`, and every `$ref` to it an
 *   absolute URI into them: absolute, so a schema that declares its own `$id` (2020-12 lets it)
 *   cannot move what a pointer into the description means.
 * - OpenAPI 3.0's schema object becomes the JSON Schema it stands for: `example` and `examples`
 *   (annotations, the latter with another shape in 2020-12) go, and a `$ref`'s siblings are
 *   dropped, as 3.0 ignores them.
 * - 3.0's forms keep their meaning in a 3.1 description too, which still writes them (OpenAI's:
 *   `nullable` 112 times, boolean exclusive bounds) and where 2020-12 gives them no other:
 *   a boolean `exclusiveMinimum`/`exclusiveMaximum` takes its numeric form, and `nullable: true`
 *   lets null through. 3.0 says the latter only next to `type`, but descriptions write it next to
 *   a `$ref` or `allOf` to mean the same; honouring it can only spare a body the API accepts.
 * - A property both `readOnly` and `required` is required in responses only (OpenAPI 3.0 says so
 *   in as many words): a request body need not carry it.
 * - `$schema` goes: a schema inside a description is in the description's dialect.
 * - 2019-09's `$recursiveRef: "#"` (which descriptions still write, OpenAI's among them, next to
 *   `$recursiveAnchor: true`) becomes a `$ref` to the definition it is written in: the recursion
 *   it means. 2020-12's validator would reject the keywords.
 */
import { MAX_NESTING } from '../../../sdk/shared/nesting.js';
import { isObjectLiteral, isPlainObject } from '../../../sdk/shared/plain-object.js';
import { isExactNumeric } from '../../../sdk/shared/exact-number.js';
import type { SchemaDialect } from './dialect.js';
import { SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './schema-keywords.js';

/** The `$id` of the built document; `.invalid` names no host, so nothing is ever fetched from it. */
const VALIDATION_SCHEMA_ID = 'https://okapi.invalid/request-body';

/** The body schema or a definition it reaches cannot be made into JSON Schema. */
export class SchemaProblem extends Error {}

type Json = Record<string, unknown>;

interface Translation {
  dialect: SchemaDialect;
  definitions: Record<string, unknown>;
  /** The `$defs` name of each definition the body reaches, in the order they were reached. */
  names: Map<string, string>;
  pending: string[];
  /** The URI of the definition (or the body) being translated: what `$recursiveRef: "#"` means. */
  current: string;
}

export function validationSchema(schema: unknown, definitions: Record<string, unknown>, dialect: SchemaDialect): Json {
  // `body` cannot clash with a definition's name: those are `d0`, `d1`, …
  const bodyUri = defUri('body');
  const translation: Translation = { dialect, definitions, names: new Map(), pending: [], current: bodyUri };
  const body = translate(schema, translation, 0);
  const $defs: Json = {};
  for (let pointer = translation.pending.shift(); pointer !== undefined; pointer = translation.pending.shift()) {
    const name = translation.names.get(pointer)!;
    translation.current = defUri(name);
    $defs[name] = translate(definitions[pointer], translation, 0);
  }
  $defs.body = body;
  return { $id: VALIDATION_SCHEMA_ID, $defs, $ref: bodyUri };
}

function defUri(name: string): string {
  return `${VALIDATION_SCHEMA_ID}#/$defs/${name}`;
}

/** `inResource`: under an `$id`, where a pointer the description does not define may be the resource's own. */
function translate(node: unknown, translation: Translation, depth: number, inResource = false): unknown {
  // Literals only: a number the description wrote beyond a double's reach is an ExactNumber, an object too.
  if (!isObjectLiteral(node)) return node;
  if (depth > MAX_NESTING) throw new SchemaProblem(`the schema nests deeper than ${MAX_NESTING} levels`);
  const openapi30 = translation.dialect === 'openapi-3.0';
  inResource ||= typeof node.$id === 'string';
  const out: Json = {};
  const ref = node.$ref;
  if (typeof ref === 'string' || node.$recursiveRef === '#') {
    out.$ref = typeof ref === 'string' ? refUri(ref, translation, inResource) : translation.current;
    if (openapi30) return node.nullable === true ? orNull(out) : out;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' || key === '$schema' || key === 'nullable' || key === '$recursiveAnchor' || (key === '$recursiveRef' && value === '#')) continue;
    if (openapi30 && (key === 'example' || key === 'examples')) continue;
    if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') continue;
    if (SCHEMA_KEYWORDS.has(key) || (key === 'items' && !Array.isArray(value))) out[key] = translate(value, translation, depth + 1, inResource);
    else if (SCHEMA_LIST_KEYWORDS.has(key) || key === 'items') out[key] = Array.isArray(value) ? value.map((item) => translate(item, translation, depth + 1, inResource)) : value;
    else if (SCHEMA_MAP_KEYWORDS.has(key) && isPlainObject(value)) out[key] = translateMap(value, translation, depth + 1, inResource);
    else if (key === 'required' && Array.isArray(value)) out[key] = withoutReadOnly(value, node, translation.definitions);
    else out[key] = value;
  }
  exclusiveBound(node, out, 'exclusiveMinimum', 'minimum');
  exclusiveBound(node, out, 'exclusiveMaximum', 'maximum');
  return node.nullable === true ? orNull(out) : out;
}

function translateMap(map: Json, translation: Translation, depth: number, inResource: boolean): Json {
  const out: Json = {};
  // `dependencies` maps a name to a list of names as well as to a schema: a list is kept as it is.
  for (const [name, value] of Object.entries(map)) out[name] = Array.isArray(value) ? value : translate(value, translation, depth, inResource);
  return out;
}

/**
 * A pointer into the description becomes the URI of its `$defs` entry. Other references (an
 * `#anchor`, a pointer into an `$id` resource) stay for the validator to resolve, or to report.
 */
function refUri(ref: string, translation: Translation, inResource: boolean): string {
  if (Object.hasOwn(translation.definitions, ref)) {
    let name = translation.names.get(ref);
    if (name === undefined) {
      name = `d${translation.names.size}`;
      translation.names.set(ref, name);
      translation.pending.push(ref);
    }
    return defUri(name);
  }
  if (ref.startsWith('#/') && !inResource) throw new SchemaProblem(`the schema's $ref "${ref}" points to nothing the description defines`);
  return ref;
}

/** 3.0's `minimum: 0, exclusiveMinimum: true` is 2020-12's `exclusiveMinimum: 0`; a number is 2020-12's form already. */
function exclusiveBound(node: Json, out: Json, exclusive: 'exclusiveMinimum' | 'exclusiveMaximum', inclusive: 'minimum' | 'maximum'): void {
  const flag = node[exclusive];
  if (typeof flag !== 'boolean') {
    if (flag !== undefined) out[exclusive] = flag;
  } else if (flag === true && (typeof node[inclusive] === 'number' || isExactNumeric(node[inclusive]))) {
    out[exclusive] = node[inclusive];
    delete out[inclusive];
  }
}

/** The schema, or null: null joins the listed types when there is a list to join. */
function orNull(schema: Json): Json {
  const type = schema.type;
  const hasEnum = Array.isArray(schema.enum);
  if ((typeof type === 'string' || Array.isArray(type)) && schema.$ref === undefined && schema.const === undefined) {
    const types = Array.isArray(type) ? type : [type];
    const out: Json = { ...schema, type: types.includes('null') ? types : [...types, 'null'] };
    if (hasEnum && !(schema.enum as unknown[]).includes(null)) out.enum = [...(schema.enum as unknown[]), null];
    return out;
  }
  return { anyOf: [{ type: 'null' }, schema] };
}

function withoutReadOnly(required: unknown[], node: Json, definitions: Record<string, unknown>): unknown[] {
  return required.filter((name) => typeof name !== 'string' || !isReadOnly(propertySchemas(node, name, definitions, new Set()), definitions));
}

/**
 * The schemas `name` has in `node`: under its `properties`, and under those of its `allOf` parts,
 * which is where descriptions often put them when `required` is written beside the `allOf`.
 */
function propertySchemas(node: unknown, name: string, definitions: Record<string, unknown>, seen: Set<unknown>): unknown[] {
  const target = followed(node, definitions);
  if (!isPlainObject(target) || seen.has(target)) return [];
  seen.add(target);
  const found: unknown[] = [];
  if (isPlainObject(target.properties) && Object.hasOwn(target.properties, name)) found.push(target.properties[name]);
  if (Array.isArray(target.allOf)) for (const part of target.allOf) found.push(...propertySchemas(part, name, definitions, seen));
  return found;
}

function isReadOnly(schemas: unknown[], definitions: Record<string, unknown>): boolean {
  return schemas.some((schema) => {
    const target = followed(schema, definitions);
    return (isPlainObject(schema) && schema.readOnly === true) || (isPlainObject(target) && target.readOnly === true);
  });
}

/** The schema a `$ref` names (one step: a definition is what the pointer reaches), or the schema itself. */
function followed(schema: unknown, definitions: Record<string, unknown>): unknown {
  return isPlainObject(schema) && typeof schema.$ref === 'string' && Object.hasOwn(definitions, schema.$ref) ? definitions[schema.$ref] : schema;
}
