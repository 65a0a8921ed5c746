/**
 * Swagger 2.0 → OpenAPI 3.0.3, focused on what okapi uses: servers from schemes/host/basePath,
 * parameters with their serialisation (collectionFormat → style/explode), body and formData
 * parameters as request bodies (consumes), responses with media types (produces) and headers,
 * security schemes, and definitions/parameters/responses moved under `components` with every
 * `$ref` rewritten. Descriptions, examples and extensions are carried over.
 *
 * Why not swagger2openapi: it brings yaml@1, node-fetch, yargs and, through oas-validator, the
 * `should` assertion library at run time, and resolves references over its own HTTP client, which
 * would bypass okapi's pipeline and origin rules.
 */

import { isPlainObject } from '../../sdk/shared/plain-object.js';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
const SCHEMA_KEYWORDS = [
  'format',
  'items',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
] as const;

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

function extensions(from: Json): Json {
  return Object.fromEntries(Object.entries(from).filter(([key]) => key.startsWith('x-')));
}

export function convertSwagger2(src: Json, sourceUrl?: string): Json {
  return new Converter(src, sourceUrl).run();
}

class Converter {
  private readonly consumes: string[];
  private readonly produces: string[];
  private readonly sharedParameters: Json;

  constructor(
    private readonly src: Json,
    private readonly sourceUrl: string | undefined,
  ) {
    this.consumes = strings(src.consumes) ?? ['application/json'];
    this.produces = strings(src.produces) ?? ['application/json'];
    this.sharedParameters = isPlainObject(src.parameters) ? src.parameters : {};
  }

  run(): Json {
    const src = this.src;
    const out: Json = { openapi: '3.0.3', info: isPlainObject(src.info) ? src.info : { title: '', version: '' } };
    const servers = this.servers();
    if (servers.length > 0) out.servers = servers;
    for (const key of ['tags', 'externalDocs', 'security'] as const) if (src[key] !== undefined) out[key] = src[key];
    Object.assign(out, extensions(src));

    const components: Json = {};
    if (isPlainObject(src.definitions)) components.schemas = src.definitions;
    const parameters: Json = {};
    const requestBodies: Json = {};
    for (const [name, raw] of Object.entries(this.sharedParameters)) {
      if (!isPlainObject(raw)) continue;
      if (raw.in === 'body') requestBodies[name] = this.bodyParameter(raw, this.consumes);
      else if (raw.in !== 'formData') parameters[name] = this.parameter(raw);
    }
    if (Object.keys(parameters).length > 0) components.parameters = parameters;
    if (Object.keys(requestBodies).length > 0) components.requestBodies = requestBodies;
    if (isPlainObject(src.responses)) {
      components.responses = Object.fromEntries(Object.entries(src.responses).map(([code, r]) => [code, this.response(r, this.produces)]));
    }
    const schemes = this.securitySchemes();
    if (schemes) components.securitySchemes = schemes;
    if (Object.keys(components).length > 0) out.components = components;

    const paths: Json = {};
    if (isPlainObject(src.paths)) {
      for (const [path, item] of Object.entries(src.paths)) paths[path] = path.startsWith('x-') ? item : this.pathItem(item);
    }
    out.paths = paths;
    return rewrite(out) as Json;
  }

  private servers(): Json[] {
    const src = this.src;
    const fallback = this.sourceUrl?.match(/^(https?):/i)?.[1]?.toLowerCase() ?? 'https';
    const schemes = strings(src.schemes)?.filter((s) => /^(https?|wss?)$/i.test(s)) ?? [fallback];
    const basePath = typeof src.basePath === 'string' && src.basePath !== '/' ? src.basePath.replace(/\/+$/, '') : '';
    if (typeof src.host === 'string' && src.host !== '') {
      return (schemes.length > 0 ? schemes : [fallback]).map((scheme) => ({ url: `${scheme.toLowerCase()}://${src.host}${basePath}` }));
    }
    return basePath !== '' ? [{ url: basePath }] : [];
  }

  private pathItem(raw: unknown): unknown {
    if (!isPlainObject(raw)) return raw;
    const item: Json = { ...extensions(raw) };
    if (typeof raw.$ref === 'string') item.$ref = raw.$ref;
    const shared = Array.isArray(raw.parameters) ? raw.parameters : [];
    const sharedPlain = shared.filter((p) => this.kindOf(p) === 'plain');
    if (sharedPlain.length > 0) item.parameters = sharedPlain.map((p) => this.parameterOrRef(p));
    const sharedBody = shared.filter((p) => this.kindOf(p) !== 'plain');
    for (const method of METHODS) {
      const op = raw[method];
      if (isPlainObject(op)) item[method] = this.operation(op, sharedBody);
    }
    return item;
  }

  private operation(op: Json, sharedBody: unknown[]): Json {
    const consumes = strings(op.consumes) ?? this.consumes;
    const produces = strings(op.produces) ?? this.produces;
    const out: Json = {};
    for (const key of ['tags', 'summary', 'description', 'externalDocs', 'operationId', 'deprecated', 'security'] as const) {
      if (op[key] !== undefined) out[key] = op[key];
    }
    Object.assign(out, extensions(op));
    const own = Array.isArray(op.parameters) ? op.parameters : [];
    const parameters: unknown[] = [];
    const form: Json[] = [];
    let body: unknown;
    for (const p of [...sharedBody, ...own]) {
      const kind = this.kindOf(p);
      const resolved = this.resolveParameter(p);
      if (kind === 'body') {
        const ref = isPlainObject(p) && typeof p.$ref === 'string' ? p.$ref : undefined;
        body = ref?.startsWith('#/parameters/') ? { $ref: `#/components/requestBodies/${ref.slice('#/parameters/'.length)}` } : this.bodyParameter(resolved ?? {}, consumes);
      } else if (kind === 'form') {
        if (resolved) form.push(resolved);
      } else {
        parameters.push(this.parameterOrRef(p));
      }
    }
    if (parameters.length > 0) out.parameters = parameters;
    if (form.length > 0) out.requestBody = this.formBody(form, consumes);
    else if (body !== undefined) out.requestBody = body;
    const responses = isPlainObject(op.responses) ? op.responses : {};
    out.responses = Object.fromEntries(
      Object.entries(responses).map(([code, r]) => [code, code.startsWith('x-') ? r : this.response(r, produces)]),
    );
    return out;
  }

  private resolveParameter(p: unknown): Json | undefined {
    if (isPlainObject(p) && typeof p.$ref === 'string' && p.$ref.startsWith('#/parameters/')) {
      const target = this.sharedParameters[decodePointerToken(p.$ref.slice('#/parameters/'.length))];
      return isPlainObject(target) ? target : undefined;
    }
    return isPlainObject(p) ? p : undefined;
  }

  private kindOf(p: unknown): 'body' | 'form' | 'plain' {
    const resolved = this.resolveParameter(p);
    if (resolved?.in === 'body') return 'body';
    if (resolved?.in === 'formData') return 'form';
    return 'plain';
  }

  private parameterOrRef(p: unknown): unknown {
    if (isPlainObject(p) && typeof p.$ref === 'string') return { $ref: p.$ref };
    return isPlainObject(p) ? this.parameter(p) : p;
  }

  private parameter(p: Json): Json {
    const out: Json = { name: p.name, in: p.in };
    for (const key of ['description', 'required', 'deprecated', 'allowEmptyValue'] as const) if (p[key] !== undefined) out[key] = p[key];
    if (p.in === 'path') out.required = true;
    Object.assign(out, extensions(p));
    out.schema = schemaOf(p);
    if (p.type === 'array') {
      const format = typeof p.collectionFormat === 'string' ? p.collectionFormat : 'csv';
      if (format === 'multi') {
        out.style = 'form';
        out.explode = true;
      } else if (format === 'ssv') {
        out.style = 'spaceDelimited';
        out.explode = false;
      } else if (format === 'pipes') {
        out.style = 'pipeDelimited';
        out.explode = false;
      } else {
        out.style = p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple';
        out.explode = false;
      }
    }
    return out;
  }

  private bodyParameter(p: Json, consumes: string[]): Json {
    const out: Json = { content: Object.fromEntries(consumes.map((type) => [type, { schema: p.schema ?? {} }])) };
    if (p.description !== undefined) out.description = p.description;
    if (p.required === true) out.required = true;
    Object.assign(out, extensions(p));
    return out;
  }

  private formBody(fields: Json[], consumes: string[]): Json {
    const hasFile = fields.some((f) => f.type === 'file');
    const type =
      hasFile || (consumes.includes('multipart/form-data') && !consumes.includes('application/x-www-form-urlencoded'))
        ? 'multipart/form-data'
        : 'application/x-www-form-urlencoded';
    const properties: Json = {};
    const required: string[] = [];
    for (const field of fields) {
      if (typeof field.name !== 'string') continue;
      const schema = schemaOf(field);
      if (field.description !== undefined) schema.description = field.description;
      properties[field.name] = schema;
      if (field.required === true) required.push(field.name);
    }
    const schema: Json = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
    return { content: { [type]: { schema } }, ...(required.length > 0 ? { required: true } : {}) };
  }

  private response(raw: unknown, produces: string[]): unknown {
    if (!isPlainObject(raw)) return raw;
    if (typeof raw.$ref === 'string') return { $ref: raw.$ref };
    const out: Json = { description: typeof raw.description === 'string' ? raw.description : '' };
    Object.assign(out, extensions(raw));
    if (isPlainObject(raw.headers)) {
      out.headers = Object.fromEntries(
        Object.entries(raw.headers).map(([name, h]) => [
          name,
          isPlainObject(h) ? { ...(h.description !== undefined ? { description: h.description } : {}), schema: schemaOf(h) } : h,
        ]),
      );
    }
    if (raw.schema !== undefined) {
      const examples = isPlainObject(raw.examples) ? raw.examples : {};
      out.content = Object.fromEntries(
        produces.map((type) => [type, { schema: raw.schema, ...(examples[type] !== undefined ? { example: examples[type] } : {}) }]),
      );
    }
    return out;
  }

  private securitySchemes(): Json | undefined {
    const defs = this.src.securityDefinitions;
    if (!isPlainObject(defs)) return undefined;
    const out: Json = {};
    for (const [name, d] of Object.entries(defs)) {
      if (!isPlainObject(d)) continue;
      const description = d.description !== undefined ? { description: d.description } : {};
      if (d.type === 'basic') out[name] = { type: 'http', scheme: 'basic', ...description, ...extensions(d) };
      else if (d.type === 'apiKey') out[name] = { type: 'apiKey', name: d.name, in: d.in, ...description, ...extensions(d) };
      else if (d.type === 'oauth2') {
        const scopes = isPlainObject(d.scopes) ? d.scopes : {};
        const flowName = { implicit: 'implicit', password: 'password', application: 'clientCredentials', accessCode: 'authorizationCode' }[String(d.flow)];
        const flow: Json = { scopes };
        if (d.authorizationUrl !== undefined && (flowName === 'implicit' || flowName === 'authorizationCode')) flow.authorizationUrl = d.authorizationUrl;
        if (d.tokenUrl !== undefined && flowName !== 'implicit') flow.tokenUrl = d.tokenUrl;
        out[name] = { type: 'oauth2', flows: flowName ? { [flowName]: flow } : {}, ...description, ...extensions(d) };
      }
    }
    return out;
  }
}

/** The schema of a non-body parameter, header or items object. */
function schemaOf(p: Json): Json {
  if (p.type === 'file') return { type: 'string', format: 'binary' };
  const schema: Json = {};
  if (p.type !== undefined) schema.type = p.type;
  for (const key of SCHEMA_KEYWORDS) {
    if (p[key] === undefined) continue;
    schema[key] = key === 'items' && isPlainObject(p.items) ? schemaOf(p.items) : p[key];
  }
  if (p['x-nullable'] === true) schema.nullable = true;
  return schema;
}

function decodePointerToken(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

const REF_MOVES: [string, string][] = [
  ['#/definitions/', '#/components/schemas/'],
  ['#/parameters/', '#/components/parameters/'],
  ['#/responses/', '#/components/responses/'],
];

/** Rewrites internal `$ref`s to their new places, and `type: file` / `x-nullable` in schemas. */
function rewrite(value: unknown, seen = new Set<object>()): unknown {
  if (Array.isArray(value)) {
    if (seen.has(value)) return value;
    seen.add(value);
    for (let i = 0; i < value.length; i++) value[i] = rewrite(value[i], seen);
    return value;
  }
  if (!isPlainObject(value) || seen.has(value)) return value;
  seen.add(value);
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string') {
      const hash = child.indexOf('#');
      const fragment = hash === -1 ? '' : child.slice(hash);
      const move = REF_MOVES.find(([from]) => fragment.startsWith(from));
      if (move && hash === 0) value.$ref = move[1] + fragment.slice(move[0].length);
    } else if (key === 'type' && child === 'file') {
      value.type = 'string';
      value.format = 'binary';
    } else if (key === 'x-nullable' && child === true) {
      value.nullable = true;
    } else {
      value[key] = rewrite(child, seen);
    }
  }
  return value;
}
