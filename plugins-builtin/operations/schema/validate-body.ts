/**
 * `--okapi-validate` (SPEC.md "Generated operation commands" 11): checks an assembled request body
 * against the operation's body schema with ajv, in the description's dialect (dialect.ts), and
 * says what is wrong where. It never changes the body: no defaults filled in, no types coerced, no
 * properties removed. `format` is an annotation, as 2020-12 has it by default: okapi carries no
 * format checkers, and an unknown format must not stop a request.
 *
 * ajv (and its compile step) loads only here, when a command asks for validation.
 */
import type { ErrorObject } from 'ajv';
import { schemaDialect } from './dialect.js';
import { exactKeyword, withExactKeywords } from './exact-keywords.js';
import { withPlainNumbers } from './plain-numbers.js';
import { SchemaProblem, validationSchema } from './validation-schema.js';
import { violationsFromErrors } from './violation-messages.js';
import { valueAt, type Violation } from './violation.js';

/**
 * The body's violations of `schema` (empty when it conforms). A schema that cannot be checked
 * against (broken, or in an unknown dialect) gives one violation marked `unchecked` saying why.
 * `definitions` holds every `$ref` target the schema reaches (OperationDetail.definitions);
 * `openapi` is the description's version (CommandTable.openapi).
 */
export async function validateBody(value: unknown, schema: unknown, definitions: Record<string, unknown>, openapi: string | undefined): Promise<Violation[]> {
  const dialect = schemaDialect(openapi);
  if (dialect === undefined) return [unchecked(`okapi knows the schemas of OpenAPI 3.0 and 3.1, not those of openapi version "${openapi}"`)];
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = validationSchema(schema, definitions, dialect);
  } catch (error) {
    if (error instanceof SchemaProblem) return [unchecked(error.message)];
    throw error;
  }
  // Numbers a double would change leave ajv's comparisons for okapi's exact ones (exact-keywords.ts):
  // withPlainNumbers gives back the very value it was given when there is none.
  const body = withPlainNumbers(value);
  const exact = body !== value || withPlainNumbers(jsonSchema) !== jsonSchema;
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    // Descriptions carry keywords JSON Schema does not define (`discriminator`, `xml`, `x-…`).
    strict: false,
    validateFormats: false,
    logger: false,
    code: { regExp: lenientRegExp },
  });
  if (exact) ajv.addKeyword(exactKeyword(value));
  let validate: ReturnType<typeof ajv.compile>;
  try {
    validate = ajv.compile(exact ? (withPlainNumbers(withExactKeywords(jsonSchema)) as Record<string, unknown>) : jsonSchema);
  } catch (error) {
    return [unchecked(`the schema is not one a validator can use: ${shortened(error instanceof Error ? error.message : String(error))}`)];
  }
  if (validate(body)) return [];
  const errors = (validate.errors ?? []) as ErrorObject[];
  // ajv quotes the double it was given; the message quotes what the user wrote.
  return violationsFromErrors(exact ? errors.map((error) => ({ ...error, data: valueAt(value, error.instancePath) })) : errors, value);
}

/** ajv lists every place a broken schema breaks the meta-schema; the first few say enough. */
const MAX_REASON_LENGTH = 300;

function shortened(text: string): string {
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH - 1)}…` : text;
}

function unchecked(why: string): Violation {
  return { path: '$', message: `the body was not validated: ${why}; fix the description, or send without --okapi-validate`, unchecked: true };
}

/**
 * A `pattern` as a regular expression: with the `u` flag (2020-12 patterns are Unicode) when it
 * compiles so, else without, since descriptions often write `[\w-.]`, which only the older
 * grammar accepts. One that compiles neither way fails the compile, with its text.
 */
function lenientRegExp(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return new RegExp(pattern, flags.replace('u', ''));
  }
}
lenientRegExp.code = 'new RegExp';
