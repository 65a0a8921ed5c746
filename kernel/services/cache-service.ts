/**
 * The cache service (sdk/services.ts CacheService): okapi's cache directory, and clearing the HTTP
 * responses kept there (kernel/api/cache-paths.ts says where), so no plugin needs its layout.
 * Clearing never follows a symlink out of the cache directory: a link is removed, not what it
 * points to, and counts as no response file.
 */
import type { Stats } from 'node:fs';
import type { CacheService } from '../../sdk/services.js';
import { apiResponsesDir, responsesDir } from '../api/cache-paths.js';
import { checkedApiName } from './api-name-check.js';

export function cacheService(cacheDir: string): CacheService {
  return {
    dir: cacheDir,
    async clearResponses(api) {
      if (api !== undefined) checkedApiName(api);
      const responses = responsesDir(cacheDir);
      // Behind a symlinked responses directory, an API's responses lie outside the cache.
      if (api !== undefined && !(await entryAt(responses))?.isDirectory()) return { files: 0, existed: false };
      const dir = api === undefined ? responses : apiResponsesDir(cacheDir, api);
      const files = await countFiles(dir);
      if (files === undefined) return { files: 0, existed: false };
      await fsPromises().rm(dir, { recursive: true, force: true });
      return { files, existed: true };
    },
  };
}

/** The regular files under `dir`, no symlink followed, or undefined when nothing is at `dir`. */
async function countFiles(dir: string): Promise<number | undefined> {
  const entry = await entryAt(dir);
  if (entry === undefined) return undefined;
  if (!entry.isDirectory()) return 0;
  const entries = await fsPromises().readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((found) => found.isFile()).length;
}

/** What is at `path` itself (a symlink, not its target), or undefined when nothing is. */
async function entryAt(path: string): Promise<Stats | undefined> {
  try {
    return await fsPromises().lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Asked for when the cache is cleared: loading node:fs/promises costs every command that builds this service (sdk/interrupt.ts). */
function fsPromises(): typeof import('node:fs/promises') {
  return process.getBuiltinModule('node:fs/promises');
}
