/**
 * The request bodies of a corpus document (../shared/corpus/openapi) as generated commands receive
 * them: each media type's content with the `$ref` targets its schema reaches, by pointer, as
 * OperationDetail.definitions holds them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import type { BodyContent } from '../../../../../sdk/shared/operation-detail-format.js';

export const corpus = resolve(import.meta.dirname, '../../../../../../shared/corpus/openapi');
export const corpusAvailable = existsSync(join(corpus, 'INDEX.md'));

export interface CorpusBody {
  operation: string;
  content: BodyContent;
  definitions: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function corpusDocument(file: string): { openapi: string; bodies: CorpusBody[] } {
  const text = readFileSync(join(corpus, file), 'utf8');
  const document = (file.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 })) as Record<string, unknown>;
  const bodies: CorpusBody[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const method of METHODS) {
      const operation = item[method] as { requestBody?: unknown } | undefined;
      if (!operation?.requestBody) continue;
      const body = follow(document, operation.requestBody) as { content?: Record<string, { schema?: unknown; example?: unknown }> };
      for (const [media_type, media] of Object.entries(body.content ?? {})) {
        if (media.schema === undefined) continue;
        const definitions: Record<string, unknown> = {};
        collectRefs(document, media.schema, definitions);
        bodies.push({ operation: `${method.toUpperCase()} ${path}`, content: { media_type, schema: media.schema }, definitions });
      }
    }
  }
  return { openapi: String(document.openapi), bodies };
}

function follow(document: unknown, node: unknown): unknown {
  while (typeof node === 'object' && node !== null && typeof (node as { $ref?: unknown }).$ref === 'string') node = pointer(document, (node as { $ref: string }).$ref);
  return node;
}

function pointer(document: unknown, ref: string): unknown {
  let node = document;
  for (const part of ref.slice(2).split('/')) {
    const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** Every internal `$ref` under `node`, transitively (examples included: a test's walk need not be exact). */
function collectRefs(document: unknown, node: unknown, into: Record<string, unknown>): void {
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      stack.push(...current);
      continue;
    }
    for (const [key, value] of Object.entries(current)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/') && !(value in into)) {
        const target = pointer(document, value);
        if (target === undefined) continue;
        into[value] = target;
        stack.push(target);
      } else stack.push(value);
    }
  }
}
