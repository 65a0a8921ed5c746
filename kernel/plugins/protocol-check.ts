/**
 * What an external plugin sends is checked against the wire protocol (DESIGN.md §3) before okapi
 * acts on it: a header update of the wrong shape would otherwise be sent as `0: s`, an object as
 * `[object Object]`, a status of 99999 shown as a response. Each check answers what is wrong, in
 * words that name the field and quote the value, or undefined when nothing is; the session turns
 * the answer into an error naming the plugin (plugin-error.ts).
 *
 * Fields a newer protocol generation may add are let through: only the fields okapi reads are
 * judged.
 */
import type { WireMessage } from '../../sdk/codec.js';
import { ExactNumber } from '../../sdk/shared/exact-number.js';
import type { FieldUpdate, LogLevel } from '../../sdk/types.js';
import type { CallHookName } from './runtime.js';
import { isServiceRequest, SERVICE_REQUESTS, type ServiceRequestType } from './service-requests.js';
import { TOKEN } from '../transport/request-header-rules.js';

/** What a header value may not hold: control characters but the tab (RFC 9110 §5.5). */
// eslint-disable-next-line no-control-regex
const HEADER_VALUE_FORBIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f]/;
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
const QUOTED_LENGTH = 40;
/** The key of `mayBeAbsent`'s wrapper: a symbol, so that no map's rules, keyed by field names, pass for it. */
const ABSENT_OR = Symbol('absent or');

type Problem = string | undefined;

/** What is wrong with the `output` of a hook call's result. */
export function resultProblem(hook: CallHookName, output: unknown): Problem {
  const where = `answered the ${hook} hook with`;
  if (!isMap(output)) return `${where} the output ${quote(output)}, which is not a map`;
  switch (hook) {
    case 'auth':
      return (
        fieldUpdateProblem(where, 'headers', output.headers) ?? fieldUpdateProblem(where, 'query', output.query) ?? fieldsProblem(where, output, { renewable: 'boolean?' })
      );
    case 'request-middleware':
      return fieldUpdateProblem(where, 'headers', output.headers) ?? fieldUpdateProblem(where, 'query', output.query);
    case 'response-middleware':
      return responseMiddlewareProblem(where, output);
    case 'loader':
      return isMap(output.document) ? undefined : `${where} the document ${quote(output.document)}, which is not an OpenAPI document (a map)`;
    case 'filter':
      return filterProblem(where, output);
  }
}

/** A filter answers its results (a list), or a failure saying what went wrong and how okapi exits. */
function filterProblem(where: string, output: Record<string, unknown>): Problem {
  if (output.failure === undefined) return Array.isArray(output.results) ? undefined : `${where} results: ${quote(output.results)}, which is not a list`;
  const failure = output.failure;
  if (!isMap(failure)) return `${where} failure: ${quote(failure)}, which is not a map`;
  const at = `${where} a failure whose`;
  return (
    fieldsProblem(at, failure, { message: 'string', summary: 'string', hint: 'string?' }) ??
    (isInteger(failure.exit_code) && failure.exit_code >= 1 && failure.exit_code <= 255
      ? undefined
      : `${at} exit_code: ${quote(failure.exit_code)}, which is not a whole number from 1 to 255`) ??
    fieldsProblem(at, failure, { unreadable: 'boolean?' })
  );
}

/** A `load-document` request's fields: LoadDocumentRequest (sdk/types.ts). */
export const LOAD_DOCUMENT = {
  body: 'bytes',
  content_type: 'string?',
  source_url: 'string?',
  local_path: 'string?',
  referenced: 'boolean?',
} as const satisfies FieldRules;

/**
 * An `http-request`, `http-stream` or `http-print` request's fields: HttpRequest (sdk/types.ts).
 * The method and the headers are judged first, for the words a bad name or value deserves.
 */
export const HTTP_REQUEST = {
  method: 'string',
  url: 'string',
  headers: 'update?',
  query: 'string?',
  body: 'bytes?',
  body_charset: 'string?',
  api: 'string?',
  operation: 'string?',
  tls_api: 'string?',
  timeout_ms: 'count?',
  max_body_size: 'count?',
  address_policy: mayBeAbsent({ trusted_urls: 'urls', allow_cross_origin: 'boolean?' }),
} as const satisfies FieldRules;

/** What is wrong with a message a formatter session sent besides its result. */
export function formatterMessageProblem(message: WireMessage): Problem {
  return message.type === 'stdout' ? dataProblem(message) : undefined;
}

/** What is wrong with a message of a command session. */
export function commandMessageProblem(message: WireMessage): Problem {
  const where = `sent a "${message.type}" message with`;
  switch (message.type) {
    case 'stdout':
    case 'stderr':
      return dataProblem(message);
    case 'done':
      return isInteger(message.exit_code) && message.exit_code >= 0 && message.exit_code <= 255
        ? undefined
        : `ended the command with the exit code ${quote(message.exit_code)}, which is not a whole number from 0 to 255`;
    case 'http-request':
    case 'http-stream':
    case 'http-print':
      return idProblem(message) ?? httpRequestProblem(where, message);
    case 'prompt':
      return idProblem(message) ?? fieldsProblem(where, message, { message: 'string', secret: 'boolean?' });
    case 'load-document':
      return idProblem(message) ?? fieldsProblem(where, message, LOAD_DOCUMENT);
    case 'output':
      return idProblem(message) ?? fieldsProblem(where, message, { format: 'string?' });
    case 'list-apis':
    case 'list-plugins':
    case 'http-read':
      return idProblem(message);
    default:
      if (!isServiceRequest(message.type)) return undefined;
      return idProblem(message) ?? serviceRequestProblem(message, message.type);
  }
}

/**
 * What is wrong with a message an auth hook sent before its result: a line to tell, or a prompt or a
 * token request, which are judged as a command's are.
 */
export function authMessageProblem(message: WireMessage): Problem {
  if (message.type === 'tell') return fieldsProblem('sent a "tell" message with', message, { message: 'string' });
  return commandMessageProblem(message);
}

/** What is wrong with a `log` message: any session may send one. */
export function logProblem(message: WireMessage): Problem {
  if (!LOG_LEVELS.includes(message.level as LogLevel)) {
    return `sent a "log" message with the level ${quote(message.level)}, which is not one of ${LOG_LEVELS.join(', ')}`;
  }
  return fieldsProblem('sent a "log" message with', message, { message: 'string' });
}

/** What is wrong with an `error` message: any session may answer one. */
export function errorProblem(message: WireMessage): Problem {
  return fieldsProblem('answered with an "error" message with', message, { message: 'string' });
}

function responseMiddlewareProblem(where: string, output: Record<string, unknown>): Problem {
  const chosen = ['drop', 'follow', 'response'].filter((key) => output[key] !== undefined);
  if (chosen.length > 1) return `${where} both ${chosen.join(' and ')}, which cannot be done together: answer one of them`;
  if (output.drop !== undefined && output.drop !== true) return `${where} drop: ${quote(output.drop)}; drop is true or absent`;
  const follow = output.follow;
  if (follow !== undefined) {
    if (!isMap(follow)) return `${where} follow: ${quote(follow)}, which is not a map of method, url, headers and body`;
    return (
      methodProblem(`${where} follow.method:`, follow.method) ??
      urlProblem(`${where} follow.url:`, follow.url) ??
      optional(follow.headers, (headers) => headerMapProblem(where, 'follow.headers', headers)) ??
      fieldsProblem(where, output, { follow: { body: 'bytes?' } })
    );
  }
  const response = output.response;
  if (response !== undefined) {
    if (!isMap(response)) return `${where} response: ${quote(response)}, which is not a map of status, headers and body`;
    return (
      optional(response.status, (status) =>
        isInteger(status) && status >= 100 && status <= 599 ? undefined : `${where} the status ${quote(status)}, which is not an HTTP status (a whole number from 100 to 599)`,
      ) ??
      optional(response.headers, (headers) => headerMapProblem(where, 'response.headers', headers)) ??
      fieldsProblem(where, output, { response: { body: 'bytes?' } })
    );
  }
  return undefined;
}

function httpRequestProblem(where: string, message: WireMessage): Problem {
  return (
    methodProblem(`${where} method:`, message.method) ??
    fieldUpdateProblem(where, 'headers', message.headers) ??
    fieldsProblem(where, message, HTTP_REQUEST)
  );
}

/** Header and query updates: a name maps to a string (set), a list of strings (replace) or null (delete). */
function fieldUpdateProblem(where: string, field: 'headers' | 'query', update: unknown): Problem {
  if (update === undefined) return undefined;
  const what = field === 'headers' ? 'header' : 'query parameter';
  if (!isMap(update)) return `${where} ${field}: ${quote(update)}, which is not a map of ${what} names to values (a string, a list of strings, or null)`;
  for (const [name, value] of Object.entries(update)) {
    if (field === 'headers' && !TOKEN.test(name)) return `${where} the header name ${quote(name)}, which is not a valid HTTP header name`;
    if (field === 'query' && name === '') return `${where} an empty query parameter name`;
    if (!isUpdateValue(value)) {
      return `${where} ${field}.${name}: ${quote(value)}, which is not a string, a list of strings, or null`;
    }
    if (value === null || field !== 'headers') continue;
    const unsafe = headerValueProblem(where, name, Array.isArray(value) ? value : [value]);
    if (unsafe !== undefined) return unsafe;
  }
  return undefined;
}

/** Headers as okapi holds them: a name maps to its list of values. */
function headerMapProblem(where: string, field: string, headers: unknown): Problem {
  if (!isMap(headers)) return `${where} ${field}: ${quote(headers)}, which is not a map of header names to lists of values`;
  for (const [name, values] of Object.entries(headers)) {
    if (!TOKEN.test(name)) return `${where} the header name ${quote(name)} in ${field}, which is not a valid HTTP header name`;
    if (!Array.isArray(values) || values.some((value) => typeof value !== 'string')) {
      return `${where} ${field}.${name}: ${quote(values)}, which is not a list of strings`;
    }
    const unsafe = headerValueProblem(where, name, values as string[]);
    if (unsafe !== undefined) return unsafe;
  }
  return undefined;
}

function headerValueProblem(where: string, name: string, values: string[]): Problem {
  const bad = values.find((value) => HEADER_VALUE_FORBIDDEN.test(value));
  return bad === undefined ? undefined : `${where} the ${name} header value ${quote(bad)}, which holds a line break or another control character that a header cannot carry`;
}

function methodProblem(where: string, method: unknown): Problem {
  return typeof method === 'string' && TOKEN.test(method) ? undefined : `${where} ${quote(method)}, which is not an HTTP method`;
}

function urlProblem(where: string, url: unknown): Problem {
  return isHttpUrl(url) ? undefined : `${where} ${quote(url)}, which is not an http or https URL`;
}

function isHttpUrl(url: unknown): url is string {
  return typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
}

function dataProblem(message: WireMessage): Problem {
  const data = message.data;
  return data instanceof Uint8Array || typeof data === 'string' ? undefined : `sent a "${message.type}" message with data: ${quote(data)}, which is neither bytes nor text`;
}

function idProblem(message: WireMessage): Problem {
  return isInteger(message.id) ? undefined : `sent a "${message.type}" request with the id ${quote(message.id)}; a request needs a whole-number id for its answer`;
}

/**
 * Field rules: a kind of value, and "?" when the field may be absent; or the rules of a map's own
 * fields, for a map that must be there, or wrapped by `mayBeAbsent` for one that may be absent.
 */
type FieldRule = `${Kind}${'' | '?'}` | FieldRules | AbsentOr<FieldRules>;
export type FieldRules = { readonly [field: string]: FieldRule };

type AbsentOr<R extends FieldRules> = { readonly [ABSENT_OR]: R };

function mayBeAbsent<const R extends FieldRules>(rules: R): AbsentOr<R> {
  return { [ABSENT_OR]: rules };
}

/** Each kind's test, which is also what a field of that kind is to TypeScript, and its words. */
const KINDS = {
  string: [(value: unknown): value is string => typeof value === 'string', 'a string'],
  bytes: [(value: unknown): value is Uint8Array => value instanceof Uint8Array, 'bytes'],
  boolean: [(value: unknown): value is boolean => typeof value === 'boolean', 'true or false'],
  count: [(value: unknown): value is number => isInteger(value) && value >= 0, 'a whole number of 0 or more'],
  list: [(value: unknown): value is unknown[] => Array.isArray(value), 'a list'],
  strings: [(value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string'), 'a list of strings'],
  urls: [
    (value: unknown): value is string[] => Array.isArray(value) && value.length > 0 && value.every(isHttpUrl),
    'a list of one or more http or https URLs',
  ],
  update: [
    (value: unknown): value is FieldUpdate => isMap(value) && Object.values(value).every(isUpdateValue),
    'a map of names to values (a string, a list of strings, or null)',
  ],
  map: [(value: unknown): value is Record<string, unknown> => isMap(value), 'a map'],
} as const;
type Kind = keyof typeof KINDS;
type KindType<K extends Kind> = (typeof KINDS)[K][0] extends (value: unknown) => value is infer T ? T : never;

type OptionalFields<R extends FieldRules> = {
  [F in keyof R]: R[F] extends `${string}?` | AbsentOr<FieldRules> ? F : never;
}[keyof R];
type RuleType<Rule extends FieldRule> = Rule extends `${infer K extends Kind}?`
  ? KindType<K>
  : Rule extends Kind
    ? KindType<Rule>
    : Rule extends AbsentOr<infer R>
      ? Checked<R>
      : Rule extends FieldRules
        ? Checked<Rule>
        : never;

/** What a holder whose fields passed the rules `R` is. */
export type Checked<R extends FieldRules> = { -readonly [F in Exclude<keyof R, OptionalFields<R>>]: RuleType<R[F]> } & {
  -readonly [F in OptionalFields<R>]?: RuleType<R[F]>;
};

/** The first of `fields` whose value in `holder` breaks its rule (a map's field by its path), and what it should be. */
function brokenField(
  holder: Record<string, unknown>,
  fields: FieldRules,
): { field: string; value: unknown; words: string } | undefined {
  for (const [field, rule] of Object.entries(fields)) {
    const value = holder[field];
    if (typeof rule !== 'string') {
      const absentOr = ABSENT_OR in rule;
      if (absentOr && value === undefined) continue;
      if (!isMap(value)) return { field, value, words: KINDS.map[1] };
      const inner = brokenField(value, absentOr ? rule[ABSENT_OR] : rule);
      if (inner !== undefined) return { ...inner, field: `${field}.${inner.field}` };
      continue;
    }
    if (value === undefined && rule.endsWith('?')) continue;
    const [fits, words] = KINDS[rule.replace('?', '') as Kind];
    if (!fits(value)) return { field, value, words };
  }
  return undefined;
}

function fieldsProblem(where: string, holder: Record<string, unknown>, fields: FieldRules): Problem {
  const broken = brokenField(holder, fields);
  return broken && `${where} ${broken.field}: ${quote(broken.value)}, which is not ${broken.words}`;
}

/**
 * What is wrong with the fields of a host service request; its `id` is checked first. The field is
 * named but its value never quoted: it may be a secret (set-token's value).
 */
function serviceRequestProblem(message: WireMessage, type: ServiceRequestType): Problem {
  const broken = brokenField(message, SERVICE_REQUESTS[type].fields);
  if (broken === undefined) return undefined;
  const how = broken.value === undefined ? 'missing' : 'of the wrong type';
  return `sent a "${message.type}" request whose ${broken.field} is ${how}; it must be ${broken.words}`;
}

function optional(value: unknown, check: (present: unknown) => Problem): Problem {
  return value === undefined ? undefined : check(value);
}

/** A CBOR/JSON map: an object that is not an array, bytes or an exact number. */
export function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array) && !(value instanceof ExactNumber);
}

/** A header or query update's value: a string sets, a list of strings replaces, null deletes. */
function isUpdateValue(value: unknown): value is FieldUpdate[string] {
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string');
  return value === null || typeof value === 'string';
}

/** A JavaScript number that is a whole number a double holds exactly. */
function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** A value as the user can recognise it, short, with nothing a terminal would act on. */
function quote(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (value instanceof ExactNumber) return value.text;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > QUOTED_LENGTH ? `${value.slice(0, QUOTED_LENGTH)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'a map';
  return String(value);
}
