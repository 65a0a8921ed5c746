/**
 * Writing the cached files of a registered API (kernel/api/cache-paths.ts) at connect and sync,
 * and rebuilding its index offline from the cached spec copy. Reading is in index-read.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describeFsError } from '../../sdk/fs-errors.js';
import { OkapiError } from '../../sdk/errors.js';
import { withTemporaryFile } from '../interrupt.js';
import { OKAPI_VERSION } from '../version.js';
import { normalizedOperationBase, type ApiEntry } from './api-config.js';
import { apiCacheFiles } from './cache-paths.js';
import { readHelpIndex, readOperationIndex, readSpecCopy, sourceStamps } from './index-read.js';
import { extractOperationIndex, helpIndexOf, INDEX_FORMAT, serializeHelpIndex, type IndexKey, type OperationIndex } from './operation-index.js';

export * from './index-read.js';

export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Builds the index of a document serialised as `spec` (whose hash keys it). */
export function buildIndex(document: unknown, spec: string | Uint8Array, operationBase: string, sources: string[]): OperationIndex {
  const key: IndexKey = {
    format: INDEX_FORMAT,
    okapi_version: OKAPI_VERSION,
    spec_hash: sha256(spec),
    operation_base: operationBase,
    sources: sourceStamps(sources),
  };
  return { key, ...extractOperationIndex(document, { operationBase }) };
}

/** Writes the spec copy (when given), the operation index and the help index, each atomically. */
export async function writeApiCache(cacheDir: string, api: string, index: OperationIndex, spec?: string | Uint8Array): Promise<void> {
  const files = apiCacheFiles(cacheDir, api);
  if (spec !== undefined) await writeCacheFile(files.spec, spec);
  await writeCacheFile(files.operations, JSON.stringify(index));
  await writeCacheFile(files.help, serializeHelpIndex(helpIndexOf(index)));
}

/**
 * A cache file: replaced atomically (temporary file, then rename) so a reader sees the old file or
 * the new one, but not synced to disk: after a crash a damaged cache file reads as a missing one
 * and is rebuilt, so durability is not worth the fsync of a 4 MB description on every connect.
 */
async function writeCacheFile(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await withTemporaryFile(temp, async () => {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, path);
    });
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw new OkapiError(`cannot write the cache file ${path}: ${describeFsError(error)}`, {
      hint: 'check the permissions of the cache directory (OKAPI_CACHE_DIR chooses another one)',
    });
  }
}

/**
 * Rebuilds the index from the cached spec copy, offline (another okapi version made it, or
 * `operation_base` changed). Fails when there is no copy, or when it is not the one the config names.
 */
export async function rebuildFromSpecCopy(cacheDir: string, api: string, entry: ApiEntry, sources: string[]): Promise<OperationIndex> {
  const text = readSpecCopy(cacheDir, api);
  const hint = `run: okapi api sync ${api}`;
  if (text === undefined) throw new OkapiError(`the cached spec of ${api} is missing`, { hint });
  const expected = entry.discovery?.spec_hash;
  if (expected !== undefined && sha256(text) !== expected) {
    throw new OkapiError(`the cached spec of ${api} (${apiCacheFiles(cacheDir, api).spec}) is not the one its config names`, { hint });
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new OkapiError(`the cached spec of ${api} (${apiCacheFiles(cacheDir, api).spec}) is damaged`, { hint });
  }
  const index = buildIndex(document, text, normalizedOperationBase(entry), []);
  // The stamps of local files stay those of the load that made the copy.
  const previous = readOperationIndex(cacheDir, api)?.key ?? readHelpIndex(cacheDir, api)?.header.key;
  if (previous?.sources) index.key.sources = previous.sources;
  else index.key.sources = sourceStamps(sources);
  await writeApiCache(cacheDir, api, index);
  return index;
}
