/**
 * ajv's errors, worded for people as Violations: the JSON path of the value at fault, what it must
 * be and what it is (`$.age: must be >= 0 (got -1)`).
 *
 * With all errors collected, a failed `anyOf`/`oneOf` leaves, just before its own error, the errors
 * of each alternative it tried; they are folded into one violation for the combinator ("matches
 * none of the 2 alternatives (oneOf): …"), so the list says what is wrong rather than every way it
 * could have been right. An error of another keyword at the same place that ajv happened to report
 * just before the alternatives is folded in with them: still shown, one line down.
 */
import type { ErrorObject } from 'ajv';
import { childPath, jsonPath, type Violation } from './violation.js';
import { isExactNumeric, numberText } from '../../../sdk/shared/exact-number.js';

interface Found {
  /** The body pointer ajv gave, which says what a later combinator's alternatives reported. */
  pointer: string;
  keyword: string;
  path: string;
  message: string;
  /** Set on the errors of a `propertyNames` schema: the name it checked. */
  propertyName?: string;
}

/** How many of an alternative's problems a combinator's violation quotes. */
const MAX_REASONS = 3;

export function violationsFromErrors(errors: readonly ErrorObject[], body: unknown): Violation[] {
  const found: Found[] = [];
  for (const error of errors) {
    // `if` reports that `then` or `else` failed, whose own errors are already listed.
    if (error.keyword === 'if') continue;
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'contains' || error.keyword === 'propertyNames') {
      const inside: Found[] = [];
      while (found.length > 0 && isInside(found[found.length - 1]!, error)) inside.unshift(found.pop()!);
      found.push(...grouped(error, inside, body));
      continue;
    }
    const one = single(error, body);
    found.push(error.propertyName === undefined ? one : { ...one, propertyName: error.propertyName });
  }
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const { path, message } of found) {
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push({ path, message });
  }
  return violations;
}

/** Whether `found` was reported by the schemas under `error`'s keyword, which reported just after. */
function isInside(found: Found, error: ErrorObject): boolean {
  const parent = error.instancePath;
  const below = found.pointer.startsWith(`${parent}/`);
  // The errors of the items `contains` tried are below the array; those of the names `propertyNames`
  // checked carry the name. Another keyword of the same schema may have reported just before.
  if (error.keyword === 'contains') return below;
  if (error.keyword === 'propertyNames') return found.propertyName !== undefined && found.pointer === parent;
  return below || found.pointer === parent;
}

function grouped(error: ErrorObject, inside: Found[], body: unknown): Found[] {
  const path = jsonPath(error.instancePath, body);
  const at = { pointer: error.instancePath, keyword: error.keyword, path };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'contains':
      // The items that did not match say nothing the count does not.
      return [{ ...at, message: `must contain at least ${counted(params.minContains ?? 1, 'item')} matching the schema under "contains"${params.maxContains !== undefined ? ` and at most ${String(params.maxContains)}` : ''}` }];
    case 'propertyNames':
      return [{ ...at, message: `property name ${JSON.stringify(params.propertyName)} is not allowed${inside.length > 0 ? `: ${inside.map((found) => found.message).join('; ')}` : ''}` }];
  }
  if (isNullableWrapper(error.schema)) return orNull(error.instancePath, inside);
  const alternatives = Array.isArray(error.schema) ? error.schema.length : 0;
  if (Array.isArray(params.passingSchemas)) {
    const passing = params.passingSchemas.map((index) => String(Number(index) + 1)).join(' and ');
    return [{ ...at, message: `matches alternatives ${passing} of the oneOf, but must match exactly one` }];
  }
  return [{ ...at, message: `matches none of the ${alternatives} alternatives (${error.keyword})${reasons(inside)}` }];
}

function reasons(inside: Found[]): string {
  if (inside.length === 0) return '';
  const quoted = inside.slice(0, MAX_REASONS).map((found) => `${found.path}: ${found.message}`);
  const more = inside.length - quoted.length;
  return `: ${quoted.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/**
 * `anyOf: [{type: null}, S]` (what `nullable` becomes, validation-schema.ts) or `[S, {type: null}]`
 * (how 3.1 descriptions write it): the value's problems with S are the news, and a wrong type may
 * also have been null.
 */
function isNullableWrapper(schema: unknown): boolean {
  return Array.isArray(schema) && schema.length === 2 && schema.some(isNullSchema);
}

function isNullSchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && Object.keys(schema).length === 1 && (schema as { type?: unknown }).type === 'null';
}

function orNull(pointer: string, inside: Found[]): Found[] {
  return inside
    .filter((found) => !(found.pointer === pointer && found.keyword === 'type' && found.message.startsWith('must be null')))
    .map((found) => (found.pointer === pointer && found.keyword === 'type' ? { ...found, message: found.message.replace(/ \(got /, ' or null (got ') } : found));
}

function single(error: ErrorObject, body: unknown): Found {
  const path = jsonPath(error.instancePath, body);
  const at = { pointer: error.instancePath, keyword: error.keyword, path };
  const params = error.params as Record<string, unknown>;
  const got = ` (got ${shown(error.data)})`;
  switch (error.keyword) {
    case 'type':
      return { ...at, message: `must be ${typeList(String(params.type))}${got}` };
    case 'required':
      return { ...at, path: path + childPath(String(params.missingProperty)), message: 'is required, but missing' };
    case 'dependentRequired':
    case 'dependencies':
      return { ...at, path: path + childPath(String(params.missingProperty)), message: `is required when ${JSON.stringify(params.property)} is present, but missing` };
    case 'additionalProperties':
      return { ...at, path: path + childPath(String(params.additionalProperty)), message: `is not allowed here${knownProperties(error.parentSchema)}` };
    case 'unevaluatedProperties':
      return { ...at, path: path + childPath(String(params.unevaluatedProperty)), message: `is not allowed here${knownProperties(error.parentSchema)}` };
    case 'enum':
      return { ...at, message: `must be one of ${listed(params.allowedValues)}${got}` };
    case 'const':
      return { ...at, message: `must be ${shown(params.allowedValue)}${got}` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { ...at, message: `must be ${String(params.comparison)} ${String(params.limit)}${got}` };
    case 'multipleOf':
      return { ...at, message: `must be a multiple of ${String(params.multipleOf)}${got}` };
    case 'minLength':
      return { ...at, message: `must be at least ${counted(params.limit, 'character')} long${got}` };
    case 'maxLength':
      return { ...at, message: `must be at most ${counted(params.limit, 'character')} long${got}` };
    case 'pattern':
      return { ...at, message: `must match the pattern ${String(params.pattern)}${got}` };
    case 'minItems':
      return { ...at, message: `must have at least ${counted(params.limit, 'item')} (got ${count(error.data)})` };
    case 'maxItems':
      return { ...at, message: `must have at most ${counted(params.limit, 'item')} (got ${count(error.data)})` };
    case 'uniqueItems':
      return { ...at, message: `must not repeat items (items ${String(params.j)} and ${String(params.i)} are the same)` };
    case 'minProperties':
      return { ...at, message: `must have at least ${counted(params.limit, 'property', 'properties')} (got ${count(error.data)})` };
    case 'maxProperties':
      return { ...at, message: `must have at most ${counted(params.limit, 'property', 'properties')} (got ${count(error.data)})` };
    case 'additionalItems':
    case 'items':
    case 'unevaluatedItems':
      return { ...at, message: `must have at most ${counted(params.limit, 'item')} (got ${count(error.data)})` };
    case 'not':
      return { ...at, message: `must not match the schema under "not"${got}` };
    case 'false schema':
      return { ...at, message: 'is not allowed here' };
    default:
      return { ...at, message: `${error.message ?? 'is not valid'}${got}` };
  }
}

function typeList(types: string): string {
  const named = types.split(',').map((type) => (type === 'integer' ? 'an integer' : type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`));
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]!}`;
}

function knownProperties(schema: unknown): string {
  const properties = typeof schema === 'object' && schema !== null ? (schema as { properties?: unknown }).properties : undefined;
  if (typeof properties !== 'object' || properties === null) return '';
  const names = Object.keys(properties);
  if (names.length === 0) return '';
  const quoted = names.slice(0, 12).join(', ');
  return ` (the properties known here: ${quoted}${names.length > 12 ? ', …' : ''})`;
}

const MAX_LISTED = 10;

function listed(values: unknown): string {
  if (!Array.isArray(values)) return 'the allowed values';
  const quoted = values.slice(0, MAX_LISTED).map(shown).join(', ');
  return values.length > MAX_LISTED ? `${quoted}, … (${values.length} values)` : quoted;
}

function counted(n: unknown, one: string, many = `${one}s`): string {
  return `${String(n)} ${Number(n) === 1 ? one : many}`;
}

function count(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'object' && value !== null ? Object.keys(value).length : 0;
}

const MAX_SHOWN = 40;

/** A value as the message quotes it: scalars as JSON, shortened; objects and arrays by kind. */
function shown(value: unknown): string {
  // As the user or the description wrote it: `9223372036854775808`, not the double ajv compared.
  if (isExactNumeric(value)) return shortened(numberText(value));
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  if (value === undefined) return 'nothing';
  return shortened(JSON.stringify(value));
}

function shortened(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}
