/**
 * Is it OpenAPI? A parsed value becomes an OpenAPI 3.x document: 3.x is taken as it is, Swagger
 * 2.0 is converted, and anything else is refused with an error naming the source and what it is.
 */
import { DescriptionError } from './parse.js';
import { convertSwagger2 } from './swagger2.js';
import { isExactNumber } from '../../sdk/shared/exact-number.js';

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function toOpenApi3(value: unknown, source: string, sourceUrl?: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new DescriptionError(`${source} is not an OpenAPI document: it holds ${kind(value)}, not an object with an "openapi" field`);
  }
  const doc = value as Record<string, unknown>;
  if (doc.swagger !== undefined) {
    if (String(doc.swagger) !== '2.0') {
      throw new DescriptionError(`${source} declares Swagger ${String(doc.swagger)}; okapi reads OpenAPI 3.x and Swagger 2.0`);
    }
    return checkShape(convertSwagger2(doc, sourceUrl), source);
  }
  const version = doc.openapi;
  if (version === undefined) {
    const other = ['asyncapi', 'jsonSchemaDialect', '$schema'].find((k) => doc[k] !== undefined);
    const what = other === 'asyncapi' ? ' (it is an AsyncAPI document)' : other ? ' (it looks like a JSON Schema)' : '';
    throw new DescriptionError(`${source} is not an OpenAPI document: it has no "openapi" (or "swagger") field${what}`);
  }
  // YAML reads `openapi: 3.0` as a number: a double (`3.1`), or an ExactNumber (`3.0`, which a double writes as `3`).
  const number = typeof version === 'number' || isExactNumber(version);
  const text = number ? String(version) : version;
  if (typeof text !== 'string' || !/^3(\.|$)/.test(text)) {
    throw new DescriptionError(`${source} declares OpenAPI ${number ? text : JSON.stringify(version)}; okapi reads OpenAPI 3.x and Swagger 2.0`);
  }
  // The document says a version string.
  if (number) doc.openapi = text.includes('.') ? `${text}.0` : `${text}.0.0`;
  return checkShape(doc, source);
}

function checkShape(doc: Record<string, unknown>, source: string): Record<string, unknown> {
  for (const field of ['paths', 'webhooks', 'components', 'info'] as const) {
    const value = doc[field];
    if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw new DescriptionError(`${source}: "${field}" must be an object, found ${kind(value)}`);
    }
  }
  // A path item that is not an object is a defect the api plugin reports and works around.
  return doc;
}
