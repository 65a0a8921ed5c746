/**
 * The API registry (sdk/services.ts ApiRegistry): registered APIs as the config holds them, and
 * their cached spec copy and operation index (kernel/api/cache-paths.ts). A save writes the cache
 * files, then the entry, under the API's cache lock, so two runs for one API cannot leave the
 * files of one and the entry of the other; a removal takes everything of the API with it.
 */
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { apiEntry, apiNames, localSpecSources, profilesOf, type ApiEntry } from '../../sdk/shared/api-config.js';
import { apiNameProblem } from '../../sdk/shared/api-names.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import type { ApiIndexReading, ApiRegistry, ApiSave } from '../../sdk/services.js';
import type { ApiSummary } from '../../sdk/types.js';
import { apiCacheDir, apiResponsesDir } from '../api/cache-paths.js';
import type { OperationIndex } from '../../sdk/shared/operation-index-format.js';
import { readConfig } from '../config/read.js';
import { patchConfig, revisionOf } from './config-service.js';
import { checkedApiName } from './api-name-check.js';
import { removeApiTokens } from './token-store.js';

export interface RegistryPlaces {
  configPath: string;
  cacheDir: string;
  /**
   * Rebuilds an API's index from its spec copy; extracting indexes is the api plugin's work, so the
   * host asks it (`api reindex`). Resolves false when it could not, having said why on stderr.
   */
  reindex(name: string): Promise<boolean>;
}

export function apiRegistry(places: RegistryPlaces): ApiRegistry {
  const config = () => readConfig(places.configPath).config;
  return {
    list: async () => summaries(config()),
    get: async (name) => apiEntry(config(), checkedApiName(name)),
    save: async (name, save) => saveApi(places, checkedApiName(name), save),
    remove: async (name) => removeApi(places, checkedApiName(name)),
    readSpec: async (name) => {
      const text = (await import('../api/index-read.js')).readSpecCopy(places.cacheDir, checkedApiName(name));
      return text === undefined ? undefined : Buffer.from(text);
    },
    readIndex: async (name) => readIndex(places, checkedApiName(name)),
  };
}

export function summaries(config: Record<string, unknown>): ApiSummary[] {
  return apiNames(config).map((name) => {
    const entry = apiEntry(config, name)!;
    return { name, base_url: typeof entry.base_url === 'string' ? entry.base_url : '', profiles: Object.keys(profilesOf(entry)) };
  });
}

async function saveApi(places: RegistryPlaces, name: string, save: ApiSave): Promise<{ conflict: boolean }> {
  if (!isPlainObject(save)) throw new OkapiError(`saving ${name} needs a map with its entry, and optionally revision, index and spec`);
  if (!isPlainObject(save.entry)) throw new OkapiError(`saving ${name}: the entry must be a map`);
  if (save.revision !== undefined && typeof save.revision !== 'string') throw new OkapiError(`saving ${name}: the revision must be a string`);
  if (save.spec !== undefined && !(save.spec instanceof Uint8Array)) throw new OkapiError(`saving ${name}: the spec must be bytes`);
  if (save.index !== undefined && !isIndex(save.index)) {
    throw new OkapiError(`saving ${name}: the index must be an operation index (a map with key, info, servers, operations, extensions and security_schemes)`);
  }
  if (save.spec !== undefined && save.index === undefined) throw new OkapiError(`saving ${name}: a spec copy needs the index made from it`);
  // A new API follows the naming rules; one already in the config (edited by hand) keeps its name.
  const problem = apiEntry(readConfig(places.configPath).config, name) === undefined ? apiNameProblem(name) : undefined;
  if (problem) throw new OkapiError(`cannot save the API: ${problem}`);
  const { withFileLock } = await import('../config/lock.js');
  return withFileLock(apiCacheDir(places.cacheDir, name), async () => {
    // Checked before the cache files are written, so a stale entry leaves them as they were.
    if (save.revision !== undefined && revisionOf(readConfig(places.configPath).config) !== save.revision) return { conflict: true };
    if (save.index !== undefined) {
      await (await import('../api/index-store.js')).writeApiCache(places.cacheDir, name, save.index as OperationIndex, save.spec);
    }
    const result = await patchConfig(places.configPath, [{ path: ['apis', name], value: save.entry }], save.revision);
    return { conflict: result.conflict };
  });
}

function isIndex(index: unknown): boolean {
  return (
    isPlainObject(index) &&
    isPlainObject(index.key) &&
    isPlainObject(index.info) &&
    Array.isArray(index.servers) &&
    Array.isArray(index.operations) &&
    index.operations.every(isPlainObject) &&
    Array.isArray(index.extensions) &&
    isPlainObject(index.security_schemes)
  );
}

async function removeApi(places: RegistryPlaces, name: string): Promise<ApiEntry> {
  let removed: ApiEntry | undefined;
  let remaining: Record<string, unknown> = {};
  const { updateConfig } = await import('../config/store.js');
  await updateConfig(places.configPath, (config) => {
    removed = apiEntry(config, name);
    if (!removed) throw new OkapiError(`there is no API named "${name}"`, { hint: "see 'okapi api list'" });
    const apis = { ...(config.apis as Record<string, unknown>) };
    delete apis[name];
    config.apis = apis;
    remaining = config;
  });
  await rm(apiCacheDir(places.cacheDir, name), { recursive: true, force: true });
  await rm(apiResponsesDir(places.cacheDir, name), { recursive: true, force: true });
  const stillUsed = new Set(apiNames(remaining).flatMap((other) => [...authRefs(apiEntry(remaining, other)!)]));
  await removeApiTokens(places.configPath, name, [...authRefs(removed!)].filter((ref) => !stillUsed.has(ref)));
  return removed!;
}

/** Auth profiles a profile or credential binding of the entry points to with `auth_ref`. */
function authRefs(entry: ApiEntry): Set<string> {
  const refs = new Set<string>();
  for (const profile of Object.values(profilesOf(entry))) {
    if (!isPlainObject(profile)) continue;
    if (typeof profile.auth_ref === 'string') refs.add(profile.auth_ref);
    if (isPlainObject(profile.credentials)) {
      for (const binding of Object.values(profile.credentials)) {
        if (isPlainObject(binding) && typeof binding.auth_ref === 'string') refs.add(binding.auth_ref);
      }
    }
  }
  return refs;
}

/** The index as generated commands would use it: rebuilt from the spec copy when stale. */
async function readIndex(places: RegistryPlaces, name: string): Promise<ApiIndexReading> {
  const entry = apiEntry(readConfig(places.configPath).config, name);
  if (!entry) throw new OkapiError(`there is no API named "${name}"`, { hint: "see 'okapi api list'" });
  const { expectedKey, readOperationIndex, staleness } = await import('../api/index-read.js');
  const sources = localSpecSources(entry, dirname(places.configPath));
  let index = readOperationIndex(places.cacheDir, name);
  const verdict = staleness(index?.key, expectedKey(entry, sources));
  let warning: string | undefined;
  if (verdict.stale) {
    if (verdict.sources) warning = `${verdict.reason}; run okapi api sync ${name} to see the current one`;
    if (!verdict.sources || !index) {
      if (!(await places.reindex(name))) throw new OkapiError(`the operation index of ${name} could not be rebuilt`, { hint: `okapi api sync ${name}` });
      index = readOperationIndex(places.cacheDir, name);
      if (!index) throw new OkapiError(`the operation index of ${name} is missing after it was rebuilt`, { hint: `okapi api sync ${name}` });
    }
  }
  return { index: index as unknown as ApiIndexReading['index'], ...(warning !== undefined ? { warning } : {}) };
}
