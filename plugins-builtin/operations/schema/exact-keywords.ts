/**
 * `--okapi-validate` for numbers a double cannot hold (docs/design/009-exact-numbers.md). ajv knows
 * only JavaScript numbers, in the body and in the schema: given doubles, it lets
 * `9223372036854775808` through a `maximum: 9223372036854775807` (both round to 2^63), refuses a
 * value just below an exclusive bound that rounds onto it, and treats two enum values that round
 * alike as one.
 *
 * So when the body or the schema holds such a number, each schema's number keywords (`minimum`,
 * `maximum`, their exclusive forms, `multipleOf`, `enum`, `const`, and `type: integer`) leave ajv's
 * hands for one keyword of okapi's, EXACT_KEYWORD, which compares the body's values as the user wrote
 * them with the bounds as the description wrote them, by decimal value. Its errors take the shape of
 * ajv's own for those keywords, so the messages (violation-messages.ts) are the same. Everything else
 * (types, structure, strings, combinators) is still ajv's, on doubles; a body and schema without
 * such numbers are validated as before, by ajv alone.
 */
import type { ErrorObject, KeywordDefinition } from 'ajv';
import type { DataValidateFunction } from 'ajv/dist/types/index.js';
import { compareNumberTexts, decimalParts } from '../../../sdk/shared/decimal-text.js';
import { isExactNumeric, numberFromText, numberText, type NumberValue } from '../../../sdk/shared/exact-number.js';
import { parseJsonExact } from '../../../sdk/shared/json-parse.js';
import { stringifyJson } from '../../../sdk/shared/json-stringify.js';
import { isObjectLiteral } from '../../../sdk/shared/plain-object.js';
import { SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './schema-keywords.js';
import { valueAt } from './violation.js';

export const EXACT_KEYWORD = 'x-okapi-exact';

/** A schema's number keywords as texts: strings pass through ajv and withPlainNumbers untouched. */
interface ExactChecks {
  minimum?: string;
  maximum?: string;
  exclusiveMinimum?: string;
  exclusiveMaximum?: string;
  multipleOf?: string;
  /** JSON text of the list or the value, read back with parseJsonExact. */
  enum?: string;
  const?: string;
  /** The type list allows integers and not other numbers. */
  integer?: true;
}

type BoundKeyword = 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum';

/** How a value compares with each bound (compareNumberTexts' sign) when it keeps to it, and ajv's word for that. */
const BOUNDS: readonly (readonly [BoundKeyword, string, (order: number) => boolean])[] = [
  ['minimum', '>=', (order) => order >= 0],
  ['maximum', '<=', (order) => order <= 0],
  ['exclusiveMinimum', '>', (order) => order > 0],
  ['exclusiveMaximum', '<', (order) => order < 0],
];

/** How far apart two exponents may be for an exact `multipleOf`: past it (`1e100000`), doubles decide, as ajv would. */
const MAX_EXPONENT_GAP = 10_000n;

function isNumberValue(value: unknown): value is NumberValue {
  return (typeof value === 'number' && Number.isFinite(value)) || isExactNumeric(value);
}

/**
 * The validation schema (validation-schema.ts) with every schema's number keywords moved into
 * EXACT_KEYWORD. Only the places that hold schemas are walked (schema-keywords.ts): a property
 * named `minimum` stays a property.
 */
export function withExactKeywords(node: unknown): unknown {
  if (!isObjectLiteral(node)) return node;
  const out: Record<string, unknown> = {};
  const checks: ExactChecks = {};
  for (const [key, value] of Object.entries(node)) {
    if ((BOUNDS.some(([bound]) => bound === key) || key === 'multipleOf') && isNumberValue(value)) checks[key as BoundKeyword | 'multipleOf'] = numberText(value);
    else if (key === 'enum' && Array.isArray(value)) checks.enum = stringifyJson(value);
    else if (key === 'const') checks.const = stringifyJson(value);
    else if (SCHEMA_KEYWORDS.has(key) || (key === 'items' && !Array.isArray(value))) out[key] = withExactKeywords(value);
    else if (SCHEMA_LIST_KEYWORDS.has(key) || key === 'items') out[key] = Array.isArray(value) ? value.map(withExactKeywords) : value;
    else if (SCHEMA_MAP_KEYWORDS.has(key) && isObjectLiteral(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, Array.isArray(schema) ? schema : withExactKeywords(schema)]));
    } else out[key] = value;
  }
  const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : [];
  if (types.includes('integer') && !types.includes('number')) checks.integer = true;
  if (Object.keys(checks).length > 0) out[EXACT_KEYWORD] = checks;
  return out;
}

/** EXACT_KEYWORD for an ajv instance validating `body`, the body as the user wrote it (ajv is given its doubles). */
export function exactKeyword(body: unknown): KeywordDefinition {
  return {
    keyword: EXACT_KEYWORD,
    schemaType: 'object',
    errors: true,
    compile(schema: ExactChecks) {
      const allowed = schema.enum === undefined ? undefined : (parseJsonExact(schema.enum) as unknown[]);
      const constant = schema.const === undefined ? undefined : { value: parseJsonExact(schema.const) };
      const check: DataValidateFunction = (_data, context) => {
        const value = valueAt(body, context?.instancePath ?? '');
        const errors = numberErrors(schema, value);
        if (allowed !== undefined && !allowed.some((item) => sameValue(value, item))) errors.push(error('enum', { allowedValues: allowed }, 'must be equal to one of the allowed values'));
        if (constant !== undefined && !sameValue(value, constant.value)) errors.push(error('const', { allowedValue: constant.value }, 'must be equal to constant'));
        check.errors = errors;
        return errors.length === 0;
      };
      return check;
    },
  };
}

function numberErrors(schema: ExactChecks, value: unknown): Partial<ErrorObject>[] {
  if (!isNumberValue(value)) return [];
  const text = numberText(value);
  const errors: Partial<ErrorObject>[] = [];
  if (schema.integer && !isMultiple(text, '1')) errors.push(error('type', { type: 'integer' }, 'must be integer'));
  for (const [bound, comparison, keeps] of BOUNDS) {
    const limit = schema[bound];
    if (limit !== undefined && !keeps(compareNumberTexts(text, limit))) errors.push(error(bound, { comparison, limit: numberFromText(limit) }, `must be ${comparison} ${limit}`));
  }
  if (schema.multipleOf !== undefined && !isMultiple(text, schema.multipleOf)) {
    errors.push(error('multipleOf', { multipleOf: numberFromText(schema.multipleOf) }, `must be multiple of ${schema.multipleOf}`));
  }
  return errors;
}

function error(keyword: string, params: Record<string, unknown>, message: string): Partial<ErrorObject> {
  return { keyword, params, message };
}

/** Whether `value` is an integer times `step`, both number texts: exactly, as decimals. */
function isMultiple(value: string, step: string): boolean {
  const a = decimalParts(value);
  const b = decimalParts(step);
  // A step of 0 is no constraint a value can meet or miss (JSON Schema wants it above 0).
  if (/^0+$/.test(b.coefficient)) return true;
  const exponent = a.exponent < b.exponent ? a.exponent : b.exponent;
  const shiftA = a.exponent - exponent;
  const shiftB = b.exponent - exponent;
  if (shiftA > MAX_EXPONENT_GAP || shiftB > MAX_EXPONENT_GAP) return Number(value) % Number(step) === 0;
  return (BigInt(a.coefficient) * 10n ** shiftA) % (BigInt(b.coefficient) * 10n ** shiftB) === 0n;
}

/** JSON Schema's equality: numbers by value (`1` and `1.0` are one), arrays item by item, objects key by key. */
function sameValue(a: unknown, b: unknown): boolean {
  if (isNumberValue(a) && isNumberValue(b)) return compareNumberTexts(numberText(a), numberText(b)) === 0;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isObjectLiteral(a) && isObjectLiteral(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
  }
  return a === b;
}
