/**
 * Writing the cached files of a registered API (kernel/api/cache-paths.ts): the spec copy, the
 * operation index and the help index derived from it. Reading is in index-read.ts; the api plugin
 * extracts and stamps each index (sdk/shared/operation-index-key.ts) and saves it through the host's API
 * registry (kernel/services/api-registry-service.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describeFsError } from '../../sdk/shared/fs-errors.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { withTemporaryFile } from '../../sdk/interrupt.js';
import { apiCacheFiles } from './cache-paths.js';
import { helpIndexOf, serializeHelpIndex, type OperationIndex } from '../../sdk/shared/operation-index-format.js';
import { serializeCommandTable, type OperationDetails } from '../../sdk/shared/operation-detail-format.js';

/** Writes the spec copy (when given), the operation index, the command table and the help index, each atomically. */
export async function writeApiCache(cacheDir: string, api: string, index: OperationIndex, details: OperationDetails, spec?: string | Uint8Array): Promise<void> {
  const files = apiCacheFiles(cacheDir, api);
  if (spec !== undefined) await writeCacheFile(files.spec, spec);
  await writeCacheFile(files.operations, JSON.stringify(index));
  await writeCacheFile(files.commands, serializeCommandTable(index, details));
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
