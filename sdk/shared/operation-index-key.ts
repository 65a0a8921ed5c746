/**
 * The key an operation index is stamped with: what it is valid for (index format, okapi version,
 * the hash of the spec copy, the operation base, the local spec files as they were). The api plugin
 * stamps the indexes it extracts; the kernel's start-up reader (kernel/api/index-read.ts) compares
 * the stamps with the files now.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { OKAPI_VERSION } from './version.js';
import { INDEX_FORMAT, type IndexKey, type OperationIndex, type SourceStamp } from './operation-index-format.js';

export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Size and full-precision mtime of each local spec file; a missing file has size -1. */
export function sourceStamps(paths: string[]): SourceStamp[] {
  return paths.map((path) => {
    try {
      const info = statSync(path, { bigint: true });
      return { path, size: Number(info.size), mtime_ns: info.mtimeNs.toString() };
    } catch {
      return { path, size: -1, mtime_ns: '0' };
    }
  });
}

/** Extracts an index (without its key) from a loaded OpenAPI document. */
export type ExtractIndex = (document: unknown, options: { operationBase: string }) => Omit<OperationIndex, 'key'>;

/** Builds the index of a document serialised as `spec` (whose hash keys it). */
export function buildIndex(document: unknown, spec: string | Uint8Array, operationBase: string, sources: string[], extract: ExtractIndex): OperationIndex {
  const key: IndexKey = {
    format: INDEX_FORMAT,
    okapi_version: OKAPI_VERSION,
    spec_hash: sha256(spec),
    operation_base: operationBase,
    sources: sourceStamps(sources),
  };
  return { key, ...extract(document, { operationBase }) };
}
