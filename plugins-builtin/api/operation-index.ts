/**
 * Extracting the operation index (its format: sdk/shared/operation-index-format.ts) from an OpenAPI
 * document, once at `api connect` / `api sync`, or offline from the cached spec copy when an index
 * no longer fits (`api reindex`, which the kernel runs). Start-up only reads the result.
 *
 * Extraction reads a document whose `$ref`s are internal (external ones were bundled in when it was
 * loaded) and follows them by JSON pointer. Defaults are left out of the index to keep it small.
 */
import type { IndexedOperation, IndexedParameter, IndexedResponse, OperationIndex, ParameterLocation, SecurityRequirement, SecuritySchemeInfo, ServerInfo } from '../../sdk/shared/operation-index-format.js';
import { describeXCliConfig, truthy, unknownExtensions, type ExtensionUse } from '../../sdk/shared/x-cli-extensions.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import type { NameCollision } from '../../sdk/shared/operation-detail-format.js';

export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

export type Json = Record<string, unknown>;

/** `listPets` → `list-pets`, `repos/get-content` → `repos-get-content`, `HTTPServer2` → `http-server2`. */
export function kebabCase(text: string): string {
  // One pass over the characters: Unicode property regexes cost ~30 µs a name, and the large
  // descriptions have thousands of operations.
  // Code points, not UTF-16 units, once anything is outside ASCII.
  const chars: ArrayLike<string> = /[^\x00-\x7f]/.test(text) ? Array.from(text) : text;
  let out = '';
  let previous: CharClass = 'separator';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const kind = charClass(char);
    if (kind === 'separator') {
      previous = 'separator';
      continue;
    }
    const next = i + 1 < chars.length ? charClass(chars[i + 1]!) : 'separator';
    const boundary =
      out !== '' &&
      (previous === 'separator' ||
        (kind === 'upper' && (previous === 'lower' || previous === 'digit')) ||
        (kind === 'upper' && previous === 'upper' && next === 'lower'));
    if (boundary) out += '-';
    out += kind === 'upper' ? char.toLowerCase() : char;
    previous = kind === 'mark' ? previous : kind;
  }
  return out;
}

type CharClass = 'upper' | 'lower' | 'digit' | 'mark' | 'separator';

function charClass(char: string): CharClass {
  const code = char.charCodeAt(0);
  if (code < 128) {
    if (code >= 97 && code <= 122) return 'lower';
    if (code >= 65 && code <= 90) return 'upper';
    if (code >= 48 && code <= 57) return 'digit';
    return 'separator';
  }
  if (/^(\p{Lu}|\p{Lt})$/u.test(char)) return 'upper';
  if (/\p{L}/u.test(char)) return 'lower';
  if (/\p{N}/u.test(char)) return 'digit';
  if (/\p{M}/u.test(char)) return 'mark';
  return 'separator';
}

/** The method+path fallback name: `GET /api/rest/foo/{id}` with base `/api/rest` → `get-foo-id`. */
export function fallbackName(method: string, path: string, operationBase: string): string {
  let rest = path;
  if (operationBase !== '' && (rest === operationBase || rest.startsWith(`${operationBase}/`))) rest = rest.slice(operationBase.length);
  const words = kebabCase(rest.replace(/[{}]/g, ''));
  return words === '' ? method : `${method}-${words}`;
}

/** Follows a JSON pointer (`#/a/b~1c`) in `root`; undefined when it leads nowhere. */
export function followPointer(root: unknown, pointer: string): unknown {
  if (pointer === '#' || pointer === '') return root;
  if (!pointer.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const raw of pointer.slice(2).split('/')) {
    let token = raw;
    if (token.includes('%')) {
      try {
        token = decodeURIComponent(token);
      } catch {
        // a literal %: the token as written
      }
    }
    if (token.includes('~')) token = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = /^\d+$/.test(token) ? current[Number(token)] : undefined;
    else if (isPlainObject(current) && Object.hasOwn(current, token)) current = current[token];
    else return undefined;
  }
  return current;
}

export interface ExtractOptions {
  operationBase: string;
}

/** Where an indexed operation came from, for extracting its details (operation-details.ts). */
export interface OperationSource {
  operation: IndexedOperation;
  /** The raw operation object. */
  raw: Json;
  /** The raw parameter objects behind `operation.parameters`, index for index. */
  parameters: Json[];
}

/** Extracts the index (without its key) from a loaded OpenAPI 3 document. */
export function extractOperationIndex(document: unknown, options: ExtractOptions): Omit<OperationIndex, 'key'> {
  return extractWithSources(document, options).index;
}

/** The index and where each of its operations came from, in one walk of the document. */
export function extractWithSources(document: unknown, options: ExtractOptions): { index: Omit<OperationIndex, 'key'>; sources: OperationSource[]; collisions: NameCollision[] } {
  const extractor = new Extractor(isPlainObject(document) ? document : {}, options);
  const index = extractor.run();
  return { index, sources: extractor.sources, collisions: extractor.collisions() };
}

class Extractor {
  readonly sources: OperationSource[] = [];
  private readonly claimed = new Map<string, NameCollision['operations']>();
  private readonly extensions: ExtensionUse[] = [];
  private readonly taken = new Set<string>();
  /** Targets of the `$ref`s followed so far: large descriptions repeat the same few hundred. */
  private readonly targets = new Map<string, unknown>();

  constructor(
    private readonly doc: Json,
    private readonly options: ExtractOptions,
  ) {}

  run(): Omit<OperationIndex, 'key'> {
    const doc = this.doc;
    const info = isPlainObject(doc.info) ? doc.info : {};
    if (doc['x-cli-config'] !== undefined) {
      this.extensions.push({ where: 'document', extension: 'x-cli-config', effect: describeXCliConfig(doc['x-cli-config']) });
    }
    unknownExtensions(doc, 'document', this.extensions);

    const operations: IndexedOperation[] = [];
    const paths = this.resolve(doc.paths);
    if (isPlainObject(paths)) {
      for (const [path, rawItem] of Object.entries(paths)) {
        const item = this.resolve(rawItem);
        if (!isPlainObject(item)) continue;
        this.pathItem(path, item, operations);
      }
    }
    const webhooks = this.resolve(doc.webhooks);
    let webhookCount = 0;
    if (isPlainObject(webhooks)) {
      for (const raw of Object.values(webhooks)) {
        const item = this.resolve(raw);
        if (isPlainObject(item)) webhookCount += OPERATION_METHODS.filter((m) => isPlainObject(item[m])).length;
      }
    }
    const security = securityList(doc.security);
    return {
      info: compact({
        title: str(info.title),
        version: str(info.version),
        description: firstLine(str(info.description)),
        openapi: str(doc.openapi) ?? (typeof doc.openapi === 'number' ? String(doc.openapi) : undefined),
      }),
      servers: servers(doc.servers),
      ...(security ? { security } : {}),
      security_schemes: this.securitySchemes(),
      operations,
      webhooks: webhookCount,
      extensions: this.extensions,
    };
  }

  private pathItem(path: string, item: Json, out: IndexedOperation[]): void {
    const pathHidden = truthy(item['x-cli-hidden']);
    const pathIgnored = truthy(item['x-cli-ignore']);
    const where = `path ${path}`;
    if (pathHidden) this.extensions.push({ where, extension: 'x-cli-hidden', effect: 'hides every operation of the path from help (still callable by name)' });
    if (pathIgnored) this.extensions.push({ where, extension: 'x-cli-ignore', effect: 'leaves every operation of the path out of the generated commands' });
    unknownExtensions(item, where, this.extensions);
    const shared = this.parameterList(item.parameters);
    const pathServers = item.servers !== undefined ? servers(item.servers) : undefined;

    for (const method of OPERATION_METHODS) {
      const op = this.resolve(item[method]);
      if (!isPlainObject(op)) continue;
      const label = `${method.toUpperCase()} ${path}`;
      const operationId = str(op.operationId);
      const derived = operationId !== undefined && kebabCase(operationId) !== '' ? kebabCase(operationId) : fallbackName(method, path, this.options.operationBase);
      const cliName = str(op['x-cli-name'])?.trim();
      let name = cliName !== undefined && cliName !== '' ? cliName : derived;
      if (cliName !== undefined && cliName !== '' && cliName !== derived) {
        this.extensions.push({ where: label, extension: 'x-cli-name', effect: `names the command "${cliName}" instead of "${derived}"` });
      }
      name = this.unique(name, method, path);
      const aliases: string[] = [];
      if (Array.isArray(op['x-cli-aliases'])) {
        for (const raw of op['x-cli-aliases']) {
          const alias = typeof raw === 'string' ? raw.trim() : '';
          if (alias !== '' && !this.taken.has(alias)) {
            this.taken.add(alias);
            aliases.push(alias);
          }
        }
      }
      if (aliases.length > 0) this.extensions.push({ where: label, extension: 'x-cli-aliases', effect: `adds the command alias${aliases.length > 1 ? 'es' : ''} ${aliases.join(', ')}` });

      const hidden = pathHidden || truthy(op['x-cli-hidden']);
      const ignored = pathIgnored || truthy(op['x-cli-ignore']);
      if (truthy(op['x-cli-hidden'])) this.extensions.push({ where: label, extension: 'x-cli-hidden', effect: 'hides the command from help (still callable by name)' });
      if (truthy(op['x-cli-ignore'])) this.extensions.push({ where: label, extension: 'x-cli-ignore', effect: 'leaves the operation out of the generated commands' });
      if (truthy(op['x-mcp-ignore'])) this.extensions.push({ where: label, extension: 'x-mcp-ignore', effect: 'keeps the operation out of MCP tools' });
      unknownExtensions(op, label, this.extensions);

      const merged = this.mergeParameters(shared, this.parameterList(op.parameters), label);
      const parameters = merged.map((m) => m.indexed);
      const security = securityList(op.security);
      const opServers = op.servers !== undefined ? servers(op.servers) : pathServers;
      const summary = firstLine(str(op['x-cli-description']) ?? str(op.summary) ?? str(op.description));
      const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
      const body = this.requestBody(op.requestBody);
      const operation: IndexedOperation = {
        name,
        ...(aliases.length > 0 ? { aliases } : {}),
        method,
        path,
        ...(operationId !== undefined ? { operation_id: operationId } : {}),
        ...(summary !== undefined ? { summary } : {}),
        ...(tags.length > 0 ? { tags } : {}),
        ...(hidden ? { hidden: true as const } : {}),
        ...(ignored ? { ignored: true as const } : {}),
        ...(truthy(op.deprecated) ? { deprecated: true as const } : {}),
        ...(truthy(op['x-mcp-ignore']) ? { mcp_ignore: true as const } : {}),
        parameters,
        ...(body ? { body } : {}),
        responses: this.responses(op.responses),
        ...(security ? { security } : {}),
        ...(opServers && opServers.length > 0 ? { servers: opServers } : {}),
      };
      out.push(operation);
      this.sources.push({ operation, raw: op, parameters: merged.map((m) => m.raw) });
    }
  }

  /** Names are unique within an API: a clash gets the method, then a number, and is recorded. */
  private unique(name: string, method: string, path: string): string {
    let candidate = name;
    if (this.taken.has(candidate) && !candidate.split('-').includes(method)) candidate = `${name}-${method}`;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${name}-${n}`;
    this.taken.add(candidate);
    const holders = this.claimed.get(name);
    if (holders) holders.push({ method, path, given: candidate });
    else this.claimed.set(name, [{ method, path, given: candidate }]);
    return candidate;
  }

  /** Names two or more operations wanted, and what each got. */
  collisions(): NameCollision[] {
    return [...this.claimed].filter(([, holders]) => holders.length > 1).map(([name, operations]) => ({ name, operations }));
  }

  private parameterList(value: unknown): Json[] {
    const list = this.resolve(value);
    if (!Array.isArray(list)) return [];
    return list.map((p) => this.resolve(p)).filter(isPlainObject);
  }

  /** Path-level parameters, overridden by operation-level ones with the same `in` and `name`. */
  private mergeParameters(shared: Json[], own: Json[], label: string): { indexed: IndexedParameter; raw: Json }[] {
    const byKey = new Map<string, Json>();
    for (const p of [...shared, ...own]) {
      const name = str(p.name);
      const location = str(p.in);
      if (name === undefined || location === undefined) continue;
      // Header names are case-insensitive: two spellings are one parameter.
      byKey.set(`${location}\u0000${location === 'header' ? name.toLowerCase() : name}`, p);
    }
    const result: { indexed: IndexedParameter; raw: Json }[] = [];
    for (const p of byKey.values()) {
      const indexed = this.parameter(p, label);
      if (indexed) result.push({ indexed, raw: p });
    }
    return result;
  }

  private parameter(p: Json, label: string): IndexedParameter | undefined {
    const name = str(p.name)!;
    const location = str(p.in) as ParameterLocation;
    if (!['path', 'query', 'header', 'cookie'].includes(location)) return undefined;
    const where = `${label} parameter ${name} (${location})`;
    let schema = this.resolve(p.schema);
    let contentType: string | undefined;
    const content = this.resolve(p.content);
    if (isPlainObject(content)) {
      contentType = Object.keys(content)[0];
      const media = contentType === undefined ? undefined : this.resolve(content[contentType]);
      if (isPlainObject(media)) schema = this.resolve(media.schema);
    }
    const type = schemaType(schema, (v) => this.resolve(v));
    const style = str(p.style);
    const defaultStyle = location === 'query' || location === 'cookie' ? 'form' : 'simple';
    const effectiveStyle = style ?? defaultStyle;
    const explode = typeof p.explode === 'boolean' ? p.explode : undefined;
    const cliName = str(p['x-cli-name'])?.trim();
    if (cliName) this.extensions.push({ where, extension: 'x-cli-name', effect: `makes it "${cliName}" on the command line ("${name}" is still sent)` });
    if (truthy(p['x-cli-hidden'])) this.extensions.push({ where, extension: 'x-cli-hidden', effect: 'hides the parameter from help' });
    if (truthy(p['x-cli-ignore'])) this.extensions.push({ where, extension: 'x-cli-ignore', effect: 'leaves the parameter out of the command line' });
    unknownExtensions(p, where, this.extensions);
    const description = firstLine(str(p['x-cli-description']) ?? str(p.description));
    const enumValues = isPlainObject(schema) && Array.isArray(schema.enum) && schema.enum.length <= 64 ? schema.enum : undefined;
    const defaultValue = isPlainObject(schema) ? schema.default : undefined;
    return {
      name,
      in: location,
      ...(location === 'path' || truthy(p.required) ? { required: true as const } : {}),
      ...(effectiveStyle !== defaultStyle ? { style: effectiveStyle } : {}),
      ...(explode !== undefined && explode !== (effectiveStyle === 'form') ? { explode } : {}),
      ...(type === 'array' ? { array: true as const } : {}),
      ...(type === 'object' ? { object: true as const } : {}),
      ...(cliName ? { cli_name: cliName } : {}),
      ...(truthy(p['x-cli-hidden']) ? { hidden: true as const } : {}),
      ...(truthy(p['x-cli-ignore']) ? { ignored: true as const } : {}),
      ...(truthy(p.deprecated) ? { deprecated: true as const } : {}),
      ...(truthy(p.allowReserved) ? { allow_reserved: true as const } : {}),
      ...(type !== undefined ? { type } : {}),
      ...(enumValues ? { enum: enumValues } : {}),
      ...(defaultValue !== undefined ? { default: defaultValue } : {}),
      ...(contentType !== undefined ? { content_type: contentType } : {}),
      ...(description !== undefined ? { description } : {}),
    };
  }

  private requestBody(value: unknown): IndexedOperation['body'] {
    const body = this.resolve(value);
    if (!isPlainObject(body)) return undefined;
    const content = this.resolve(body.content);
    const mediaTypes = isPlainObject(content) ? Object.keys(content) : [];
    return { ...(truthy(body.required) ? { required: true as const } : {}), media_types: mediaTypes };
  }

  private responses(value: unknown): IndexedResponse[] {
    const responses = this.resolve(value);
    if (!isPlainObject(responses)) return [];
    const result: IndexedResponse[] = [];
    for (const [status, raw] of Object.entries(responses)) {
      if (status.startsWith('x-')) continue;
      const response = this.resolve(raw);
      if (!isPlainObject(response)) continue;
      const content = this.resolve(response.content);
      const headers = this.resolve(response.headers);
      const mediaTypes = isPlainObject(content) ? Object.keys(content) : [];
      const headerNames = isPlainObject(headers) ? Object.keys(headers) : [];
      result.push({
        status,
        ...(mediaTypes.length > 0 ? { media_types: mediaTypes } : {}),
        ...(headerNames.length > 0 ? { headers: headerNames } : {}),
      });
    }
    return result;
  }

  private securitySchemes(): Record<string, SecuritySchemeInfo> {
    const components = this.resolve(this.doc.components);
    const schemes = isPlainObject(components) ? this.resolve(components.securitySchemes) : undefined;
    const result: Record<string, SecuritySchemeInfo> = {};
    if (!isPlainObject(schemes)) return result;
    for (const [name, raw] of Object.entries(schemes)) {
      const scheme = this.resolve(raw);
      if (!isPlainObject(scheme) || str(scheme.type) === undefined) continue;
      const flows: SecuritySchemeInfo['flows'] = {};
      const rawFlows = this.resolve(scheme.flows);
      if (isPlainObject(rawFlows)) {
        for (const [flow, rawFlow] of Object.entries(rawFlows)) {
          const f = this.resolve(rawFlow);
          if (!isPlainObject(f)) continue;
          flows[flow] = compact({
            authorization_url: str(f.authorizationUrl),
            token_url: str(f.tokenUrl),
            refresh_url: str(f.refreshUrl),
            device_authorization_url: str(f.deviceAuthorizationUrl),
            scopes: isPlainObject(f.scopes) ? Object.keys(f.scopes) : [],
          }) as { scopes: string[] };
        }
      }
      result[name] = compact({
        type: str(scheme.type)!,
        scheme: str(scheme.scheme)?.toLowerCase(),
        in: str(scheme.in),
        name: str(scheme.name),
        bearer_format: str(scheme.bearerFormat),
        open_id_connect_url: str(scheme.openIdConnectUrl),
        ...(Object.keys(flows).length > 0 ? { flows } : {}),
      }) as SecuritySchemeInfo;
    }
    return result;
  }

  /** Follows internal `$ref`s (a few hops, cycles end it). */
  private resolve(value: unknown): unknown {
    let current = value;
    for (let hops = 0; hops < 16 && isPlainObject(current) && typeof current.$ref === 'string'; hops++) {
      const ref = current.$ref;
      let target = this.targets.get(ref);
      if (target === undefined) {
        target = followPointer(this.doc, ref);
        if (target === undefined) return undefined;
        this.targets.set(ref, target);
      }
      current = target;
    }
    return current;
  }
}

function schemaType(schema: unknown, resolve: (v: unknown) => unknown): string | undefined {
  let current = schema;
  for (let depth = 0; depth < 4 && isPlainObject(current); depth++) {
    const type = current.type;
    if (typeof type === 'string') return type;
    if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null');
    // allOf/oneOf/anyOf of one schema: the common wrapper of a $ref with siblings.
    const wrapped = ['allOf', 'oneOf', 'anyOf'].map((k) => current && (current as Json)[k]).find((v) => Array.isArray(v) && v.length > 0) as unknown[] | undefined;
    if (isPlainObject(current.items) || current.items === true) return 'array';
    if (isPlainObject(current.properties)) return 'object';
    if (!wrapped) return undefined;
    current = resolve(wrapped.find((w) => {
      const r = resolve(w);
      return isPlainObject(r) && r.type !== 'null';
    }));
  }
  return undefined;
}

function servers(value: unknown): ServerInfo[] {
  if (!Array.isArray(value)) return [];
  const result: ServerInfo[] = [];
  for (const server of value) {
    if (!isPlainObject(server) || typeof server.url !== 'string') continue;
    const variables: NonNullable<ServerInfo['variables']> = {};
    if (isPlainObject(server.variables)) {
      for (const [name, v] of Object.entries(server.variables)) {
        if (!isPlainObject(v)) continue;
        const enumValues = Array.isArray(v.enum) ? v.enum.map(String) : undefined;
        variables[name] = compact({ default: v.default === undefined ? undefined : String(v.default), enum: enumValues });
      }
    }
    result.push({
      url: server.url,
      ...(typeof server.description === 'string' ? { description: firstLine(server.description)! } : {}),
      ...(Object.keys(variables).length > 0 ? { variables } : {}),
    });
  }
  return result;
}

function securityList(value: unknown): SecurityRequirement[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list: SecurityRequirement[] = [];
  for (const requirement of value) {
    if (!isPlainObject(requirement)) continue;
    const out: SecurityRequirement = {};
    for (const name in requirement) {
      const scopes = requirement[name];
      out[name] = Array.isArray(scopes) ? (scopes.every((s) => typeof s === 'string') ? (scopes as string[]) : scopes.map(String)) : [];
    }
    list.push(out);
  }
  return list;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The first non-empty line, trimmed and capped: help shows one line per thing. */
export function firstLine(text: string | undefined, max = 200): string | undefined {
  if (text === undefined) return undefined;
  // Descriptions can be pages long: look at the lines one by one, not split them all.
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    if (line !== '') return line.length > max ? `${line.slice(0, max - 1)}…` : line;
    start = end + 1;
  }
  return undefined;
}

function compact<T extends Record<string, unknown>>(object: T): T {
  for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key];
  return object;
}
