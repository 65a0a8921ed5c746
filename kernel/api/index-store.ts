/**
 * Writing the cached files of a registered API (kernel/api/cache-paths.ts): the spec copy, the
 * operation index and the help index derived from it. Reading is in index-read.ts; the api plugin
 * extracts and stamps each index (sdk/shared/operation-index-key.ts) and saves it through the host's API
 * registry (kernel/services/api-registry-service.ts).
 */
import { describeFsError } from '../../sdk/shared/fs-errors.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { writeFileAtomic, type AtomicWriteChoices } from '../config/atomic-write.js';
import { apiCacheFiles } from './cache-paths.js';
import { toJsonText } from '../../sdk/shared/json-text.js';
import { helpIndexOf, serializeHelpIndex, type OperationIndex } from '../../sdk/shared/operation-index-format.js';
import { serializeCommandTable, type OperationDetails } from '../../sdk/shared/operation-detail-format.js';

/** Not synced to disk (see `durable`): a cache file damaged by a crash is rebuilt. */
const CACHE_FILE: AtomicWriteChoices = {
  durable: false,
  failure: (target, cause) =>
    new OkapiError(`cannot write the cache file ${target}: ${describeFsError(cause)}`, {
      hint: 'check the permissions of the cache directory (OKAPI_CACHE_DIR chooses another one)',
    }),
};

/** Writes the spec copy (when given), the operation index, the command table and the help index, each atomically. */
export async function writeApiCache(cacheDir: string, api: string, index: OperationIndex, details: OperationDetails, spec?: string | Uint8Array): Promise<void> {
  const files = apiCacheFiles(cacheDir, api);
  if (spec !== undefined) await writeFileAtomic(files.spec, spec, CACHE_FILE);
  await writeFileAtomic(files.operations, toJsonText(index), CACHE_FILE);
  await writeFileAtomic(files.commands, serializeCommandTable(index, details), CACHE_FILE);
  await writeFileAtomic(files.help, serializeHelpIndex(helpIndexOf(index)), CACHE_FILE);
}
