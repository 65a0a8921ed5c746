/**
 * The cache service (sdk/services.ts CacheService): okapi's cache directory, and clearing the HTTP
 * responses kept there (kernel/api/cache-paths.ts says where), so no plugin needs its layout.
 */
import type { CacheService } from '../../sdk/services.js';
import { apiResponsesDir, responsesDir } from '../api/cache-paths.js';
import { checkedApiName } from './api-name-check.js';

export function cacheService(cacheDir: string): CacheService {
  return {
    dir: cacheDir,
    async clearResponses(api) {
      if (api !== undefined) checkedApiName(api);
      const dir = api === undefined ? responsesDir(cacheDir) : apiResponsesDir(cacheDir, api);
      const files = await countFiles(dir);
      if (files === undefined) return { files: 0, existed: false };
      await fsPromises().rm(dir, { recursive: true, force: true });
      return { files, existed: true };
    },
  };
}

/** The files under `dir`, or undefined when it does not exist. */
async function countFiles(dir: string): Promise<number | undefined> {
  try {
    const entries = await fsPromises().readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => !entry.isDirectory()).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Asked for when the cache is cleared: loading node:fs/promises costs every command that builds this service (sdk/interrupt.ts). */
function fsPromises(): typeof import('node:fs/promises') {
  return process.getBuiltinModule('node:fs/promises');
}
