/**
 * Extracting what a generated command needs beyond the index (sdk/shared/operation-detail-format.ts):
 * each operation's parameter and body schemas, examples, encodings and whole descriptions, and the
 * schemas their `$ref`s reach, stored once however many operations share them. Done in the same
 * pass as the index (operation-index.ts), from the same raw objects.
 */
import type { BodyContent, DetailParameter, NameCollision, OperationDetails, PartEncoding, RequestBodyDetail, ResponseDetail, Schema, StoredOperation, TagEntry } from '../../sdk/shared/operation-detail-format.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { firstLine, followPointer, kebabCase, type Json, type OperationSource } from './operation-index.js';

export function extractOperationDetails(document: unknown, sources: OperationSource[], collisions: NameCollision[]): OperationDetails {
  const doc = isPlainObject(document) ? document : {};
  const graph = new SchemaGraph(doc);
  const tags = new TagWords(doc);
  const operations: StoredOperation[] = [];
  for (const source of sources) {
    if (source.operation.ignored) continue;
    operations.push(operationDetail(source, graph, tags));
  }
  return {
    tags: tags.entries(),
    ...(collisions.length > 0 ? { collisions } : {}),
    operations,
    definitions: graph.definitions(),
  };
}

function operationDetail(source: OperationSource, graph: SchemaGraph, tags: TagWords): StoredOperation {
  const { operation, raw } = source;
  const problems: string[] = [];
  const reached = new Set<string>();
  const reach = (schema: Schema, where: string) => {
    for (const missing of graph.reach(schema, reached)) problems.push(`${where}: the schema ${missing} is missing (a $ref that leads nowhere)`);
  };

  const parameters: DetailParameter[] = [];
  operation.parameters.forEach((indexed, i) => {
    if (indexed.ignored) return;
    const p = source.parameters[i]!;
    const schema = parameterSchema(p, graph);
    if (schema !== undefined) reach(schema, `parameter ${indexed.name}`);
    const long = str(p['x-cli-description']) ?? str(p.description);
    const example = p.example !== undefined ? p.example : firstExample(p.examples, graph);
    parameters.push({
      ...indexed,
      ...(schema !== undefined ? { schema } : {}),
      ...(long !== undefined && long.trim() !== indexed.description ? { long_description: long.trim() } : {}),
      ...(example !== undefined ? { example } : {}),
    });
  });

  const body = requestBody(raw.requestBody, graph);
  for (const content of body?.contents ?? []) if (content.schema !== undefined) reach(content.schema, `request body (${content.media_type})`);
  const description = str(raw['x-cli-description']) ?? str(raw.description);
  const refs = [...reached];
  return {
    name: operation.name,
    ...(operation.aliases ? { aliases: operation.aliases } : {}),
    method: operation.method,
    path: operation.path,
    ...(operation.operation_id !== undefined ? { operation_id: operation.operation_id } : {}),
    ...(operation.summary !== undefined ? { summary: operation.summary } : {}),
    ...(description !== undefined && description.trim() !== '' ? { description: description.trim() } : {}),
    ...(operation.tags ? { tags: operation.tags.map((t) => tags.wordOf(t)) } : {}),
    ...(operation.hidden ? { hidden: true as const } : {}),
    ...(operation.deprecated ? { deprecated: true as const } : {}),
    parameters,
    ...(body ? { body } : {}),
    responses: responses(operation.responses, raw.responses, graph),
    ...(operation.security ? { security: operation.security } : {}),
    ...(operation.servers ? { servers: operation.servers } : {}),
    ...(refs.length > 0 ? { refs } : {}),
    ...(problems.length > 0 ? { problems } : {}),
  };
}

/** A parameter's schema as written, or the schema of its `content` media type. */
function parameterSchema(p: Json, graph: SchemaGraph): Schema | undefined {
  const content = graph.resolve(p.content);
  if (isPlainObject(content)) {
    const first = Object.keys(content)[0];
    const media = first === undefined ? undefined : graph.resolve(content[first]);
    return isPlainObject(media) ? media.schema : undefined;
  }
  return p.schema;
}

function requestBody(value: unknown, graph: SchemaGraph): RequestBodyDetail | undefined {
  const body = graph.resolve(value);
  if (!isPlainObject(body)) return undefined;
  const content = graph.resolve(body.content);
  const contents: BodyContent[] = [];
  if (isPlainObject(content)) {
    for (const [mediaType, rawMedia] of Object.entries(content)) {
      const media = graph.resolve(rawMedia);
      if (!isPlainObject(media)) {
        contents.push({ media_type: mediaType });
        continue;
      }
      const example = media.example !== undefined ? media.example : firstExample(media.examples, graph);
      const encoding = encodings(media.encoding, graph);
      contents.push({
        media_type: mediaType,
        ...(media.schema !== undefined ? { schema: media.schema } : {}),
        ...(example !== undefined ? { example } : {}),
        ...(encoding ? { encoding } : {}),
      });
    }
  }
  const description = str(body.description)?.trim();
  return {
    ...(body.required === true ? { required: true as const } : {}),
    ...(description ? { description } : {}),
    contents,
  };
}

function encodings(value: unknown, graph: SchemaGraph): Record<string, PartEncoding> | undefined {
  const encoding = graph.resolve(value);
  if (!isPlainObject(encoding)) return undefined;
  const result: Record<string, PartEncoding> = {};
  for (const [property, raw] of Object.entries(encoding)) {
    const e = graph.resolve(raw);
    if (!isPlainObject(e)) continue;
    result[property] = {
      ...(typeof e.contentType === 'string' ? { content_type: e.contentType } : {}),
      ...(typeof e.style === 'string' ? { style: e.style } : {}),
      ...(typeof e.explode === 'boolean' ? { explode: e.explode } : {}),
    };
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** The value of the first entry of an `examples` map (following `$ref`s to Example objects). */
function firstExample(value: unknown, graph: SchemaGraph): unknown {
  const examples = graph.resolve(value);
  if (!isPlainObject(examples)) return undefined;
  for (const raw of Object.values(examples)) {
    const example = graph.resolve(raw);
    if (isPlainObject(example) && example.value !== undefined) return example.value;
  }
  return undefined;
}

function responses(indexed: readonly ResponseDetail[], value: unknown, graph: SchemaGraph): ResponseDetail[] {
  const raw = graph.resolve(value);
  return indexed.map((response) => {
    const described = isPlainObject(raw) ? graph.resolve(raw[response.status]) : undefined;
    const description = isPlainObject(described) ? firstLine(str(described.description)) : undefined;
    return description !== undefined ? { ...response, description } : response;
  });
}

/**
 * The `$ref`s of a document's schemas: which pointers a schema reaches, each target's own refs
 * found once however many operations reach it.
 */
class SchemaGraph {
  private readonly direct = new Map<string, string[]>();
  private readonly targets = new Map<string, unknown>();
  private readonly missing = new Set<string>();

  constructor(private readonly doc: Json) {}

  /** Follows `$ref`s of non-schema objects (parameters, bodies, media types, examples). */
  resolve(value: unknown): unknown {
    let current = value;
    for (let hops = 0; hops < 16 && isPlainObject(current) && typeof current.$ref === 'string'; hops++) current = this.target(current.$ref);
    return current;
  }

  /** Adds every pointer `schema` reaches to `reached`; answers the ones that lead nowhere. */
  reach(schema: Schema, reached: Set<string>): string[] {
    const missing: string[] = [];
    const queue = refsIn(schema);
    while (queue.length > 0) {
      const ref = queue.pop()!;
      if (reached.has(ref)) continue;
      if (this.target(ref) === undefined) {
        if (!missing.includes(ref)) missing.push(ref);
        continue;
      }
      reached.add(ref);
      queue.push(...this.refsOf(ref));
    }
    return missing;
  }

  /** Every target reached so far, by pointer. */
  definitions(): Record<string, Schema> {
    const result: Record<string, Schema> = {};
    for (const [pointer, target] of this.targets) if (target !== undefined) result[pointer] = target;
    return result;
  }

  private target(ref: string): unknown {
    if (this.targets.has(ref)) return this.targets.get(ref);
    if (this.missing.has(ref)) return undefined;
    const target = followPointer(this.doc, ref);
    if (target === undefined) this.missing.add(ref);
    else this.targets.set(ref, target);
    return target;
  }

  private refsOf(ref: string): string[] {
    let refs = this.direct.get(ref);
    if (!refs) {
      refs = refsIn(this.targets.get(ref));
      this.direct.set(ref, refs);
    }
    return refs;
  }
}

/** The internal `$ref` strings anywhere inside a value, each once. */
function refsIn(value: unknown): string[] {
  const found = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      for (const item of current) if (item !== null && typeof item === 'object') stack.push(item);
    } else if (isPlainObject(current)) {
      for (const key in current) {
        const child = current[key];
        if (key === '$ref' && typeof child === 'string') {
          if (child.startsWith('#')) found.add(child);
        } else if (child !== null && typeof child === 'object') stack.push(child);
      }
    }
  }
  return [...found];
}

/** Command-line words for tags: kebab-case, unique, in the order the document lists them. */
class TagWords {
  private readonly byName = new Map<string, TagEntry>();
  private readonly words = new Set<string>();
  private readonly used = new Set<string>();

  constructor(doc: Json) {
    if (!Array.isArray(doc.tags)) return;
    for (const tag of doc.tags) {
      if (!isPlainObject(tag) || typeof tag.name !== 'string') continue;
      const description = firstLine(str(tag.description));
      this.add(tag.name, description);
    }
  }

  wordOf(name: string): string {
    this.used.add(name);
    return (this.byName.get(name) ?? this.add(name, undefined)).word;
  }

  /** The tags some command uses (a declared tag no operation carries is no command word). */
  entries(): TagEntry[] {
    return [...this.byName.values()].filter((entry) => this.used.has(entry.name));
  }

  private add(name: string, description: string | undefined): TagEntry {
    const existing = this.byName.get(name);
    if (existing) return existing;
    const base = kebabCase(name) || 'tag';
    let word = base;
    for (let n = 2; this.words.has(word); n++) word = `${base}-${n}`;
    this.words.add(word);
    const entry: TagEntry = { word, name, ...(description !== undefined ? { description } : {}) };
    this.byName.set(name, entry);
    return entry;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
