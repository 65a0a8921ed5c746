/**
 * Checks a config document against the config schema (config-schema.ts) with ajv, and words what
 * is wrong for people: the path of the bad value in shorthand form (`apis.example.profiles.default`),
 * and for an unknown key the keys known at that level. Values are never quoted but through the
 * redaction rule, so a secret typed in the wrong place does not reach the terminal.
 *
 * ajv compiles the schema into a function at run time (a few milliseconds); this module is only
 * imported by writes (kernel/config/store.ts), never on a request.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { UsageError } from '../../sdk/shared/errors.js';
import { redactField } from '../../sdk/shared/redact.js';
import { baseUrlProblem } from '../../sdk/shared/api-base-url.js';
import { shownUrl, urlOriginProblem, urlPrefixProblem } from '../../sdk/shared/url-overrides.js';
import { configSchema } from './config-schema.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';

/** Compiled on the first check: a process that writes the config twice compiles once. */
let compiled: ValidateFunction | undefined;

/**
 * Throws a UsageError (exit 2: what is wrong came from the user), naming `path` (the config file),
 * when `document` breaks the schema.
 */
export function checkConfigSchema(document: unknown, path: string): void {
  const validate = (compiled ??= new Ajv({ allErrors: true, verbose: true, strict: true }).compile(configSchema));
  if (validate(document)) return;
  const problems = [...new Set((validate.errors ?? []).filter(isReportable).map((error) => describe(error, document)))];
  const shown = problems.slice(0, MAX_SHOWN);
  const more = problems.length - shown.length;
  const message =
    problems.length === 1
      ? `config file ${path}: ${problems[0]}`
      : `config file ${path} has ${problems.length} problems:\n${shown.map((line) => `  - ${line}`).join('\n')}${more > 0 ? `\n  … and ${more} more` : ''}`;
  throw new UsageError(message);
}

const MAX_SHOWN = 8;

/** ajv also reports the `$ref`/`if`/`propertyNames` wrappers of an error; only the error itself is news. */
function isReportable(error: ErrorObject): boolean {
  return error.keyword !== 'if' && error.keyword !== '$ref' && error.keyword !== 'propertyNames';
}

function describe(error: ErrorObject, document: unknown): string {
  const where = shorthandPath(error.instancePath, document);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const key = String(params.additionalProperty);
      const at = where === '' ? 'at the top level' : `in ${where}`;
      return `unknown key "${key}" ${at}; the keys known there: ${known.join(', ') || 'none'}`;
    }
    case 'required':
      return `${where === '' ? 'the top level' : where} needs "${String(params.missingProperty)}"`;
    case 'type':
      return `${where} must be ${article(String(params.type))}, found ${describeType(error.data)}`;
    case 'pattern':
      return error.propertyName === undefined ? describePattern(where, error.data, String(params.pattern)) : describeKeyPattern(where, error.propertyName, String(params.pattern));
    case 'minLength':
      return `${where} must not be empty`;
    case 'minimum':
      return `${where} must be ${String(params.comparison)} ${String(params.limit)}`;
    default:
      return `${where}: ${error.message ?? 'is not valid'}`;
  }
}

function describePattern(where: string, value: unknown, pattern: string): string {
  const shown = typeof value === 'string' ? `"${redactField(value)}"` : 'the value';
  if (where.includes('headers[')) return `${where}: ${shown} is not a header: write it as "Name: value" (a colon after the name)`;
  if (where.includes('query[')) return `${where}: ${shown} is not a query parameter: write it as "key=value"`;
  if (where.endsWith('base_url')) return `${where}: "${shownUrl(String(value))}" ${baseUrlProblem(String(value), apiOf(where), /\.profiles\.([^.[]+)\./.exec(where)?.[1]) ?? 'is not an http or https URL such as https://api.example.com'}`;
  if (typeof value === 'string' && /url_overrides\[/.test(where)) return `${where}: "${shownUrl(value)}" ${urlPrefixProblem(value) ?? 'is not a URL prefix'}`;
  if (typeof value === 'string' && /allowed_operation_origins\[/.test(where)) return `${where}: "${shownUrl(value)}" ${urlOriginProblem(value) ?? 'is not an origin'}`;
  return `${where}: ${shown} does not match ${pattern}`;
}

/** The API a shorthand path such as `apis.shop.profiles.default.base_url` is under (API names need no quoting). */
function apiOf(where: string): string {
  return /^apis\.([^.[]+)/.exec(where)?.[1] ?? '<name>';
}

/** A key of a map breaks the pattern its keys must match (`propertyNames`). */
function describeKeyPattern(where: string, key: string, pattern: string): string {
  if (where.endsWith('url_overrides')) return `${where}: the key "${shownUrl(key)}" ${urlPrefixProblem(key) ?? 'is not a URL prefix'}`;
  return `${where}: the key "${redactField(key)}" does not match ${pattern}`;
}

function article(type: string): string {
  if (type === 'integer') return 'a whole number';
  if (type === 'object' || type === 'array') return `an ${type}`;
  return `a ${type}`;
}

/** The type only: a value in the wrong place may be a secret. */
function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return article(typeof value);
}

/** A JSON pointer as the shorthand paths of `config set` and `api set` write it: `apis.x.headers[0]`. */
function shorthandPath(pointer: string, document: unknown): string {
  if (pointer === '') return '';
  let out = '';
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) {
      out += `[${key}]`;
      node = node[Number(key)];
      continue;
    }
    out += /^[\p{L}\p{N}_$-]+$/u.test(key) ? `${out === '' ? '' : '.'}${key}` : `[${JSON.stringify(key)}]`;
    node = isPlainObject(node) ? node[key] : undefined;
  }
  return out;
}
