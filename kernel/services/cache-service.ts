/**
 * The cache service (sdk/services.ts CacheService): okapi's cache directory, and clearing the HTTP
 * responses kept there (kernel/api/cache-paths.ts says where), so no plugin needs its layout.
 * A directory linked where the service clears (`responses`, or one API's) was put there by the
 * user, say on a larger disk: it is the cache's own, so its contents are cleared and the link kept.
 * Links further down are removed, never followed, and count as no response file.
 */
import { join } from 'node:path';
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
      await clear(dir);
      return { files, existed: true };
    },
  };
}

/** The regular files under `dir`, no link below it followed, or undefined when nothing is at `dir`. */
async function countFiles(dir: string): Promise<number | undefined> {
  const fs = fsPromises();
  const entry = await fs.stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (entry === undefined) return undefined;
  if (!entry.isDirectory()) return 0;
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((found) => found.isFile()).length;
}

async function clear(dir: string): Promise<void> {
  const fs = fsPromises();
  if (!(await fs.lstat(dir)).isSymbolicLink()) {
    await fs.rm(dir, { recursive: true, force: true });
    return;
  }
  for (const name of await fs.readdir(dir).catch(() => [])) {
    await fs.rm(join(dir, name), { recursive: true, force: true });
  }
}

/** Asked for when the cache is cleared: loading node:fs/promises costs every command that builds this service (sdk/interrupt.ts). */
function fsPromises(): typeof import('node:fs/promises') {
  return process.getBuiltinModule('node:fs/promises');
}
