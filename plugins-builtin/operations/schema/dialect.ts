/**
 * Which JSON Schema a description's schemas are written in, from its `openapi` version: 3.0's
 * schema object (draft-04-like, with `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum` and
 * `example`) or, from 3.1 on, JSON Schema 2020-12.
 */
export type SchemaDialect = 'openapi-3.0' | 'json-schema-2020-12';

/**
 * The dialect of `openapi` (the CommandTable's version string). A table without a version was
 * written from a description okapi read as 3.0 (Swagger 2 is converted to 3.0.3), so it is 3.0.
 * Undefined for a version okapi does not know, which the caller must report rather than guess.
 */
export function schemaDialect(openapi: string | undefined): SchemaDialect | undefined {
  if (openapi === undefined || /^3\.0(\.|$)/.test(openapi)) return 'openapi-3.0';
  if (/^3\.[1-9][0-9]*(\.|$)/.test(openapi)) return 'json-schema-2020-12';
  return undefined;
}
