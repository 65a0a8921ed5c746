/**
 * The API registry (sdk/services.ts ApiRegistry): registered APIs as the config holds them, and
 * their cached spec copy and operation index (kernel/api/cache-paths.ts). A save writes the cache
 * files, then the entry, under the API's cache lock, so two runs for one API cannot leave the
 * files of one and the entry of the other; a removal takes everything of the API with it.
 */
import { dirname } from 'node:path';
import { apiEntry, apiNames, localSpecSources, profilesOf, type ApiEntry } from '../../sdk/shared/api-config.js';
import { apiNameProblem } from '../../sdk/shared/api-names.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import type { ApiCommandsReading, ApiIndexReading, ApiRegistry, ApiSave } from '../../sdk/services.js';
import type { ApiSummary } from '../../sdk/types.js';
import { apiCacheDir, apiResponsesDir } from '../api/cache-paths.js';
import type { IndexKey, OperationIndex } from '../../sdk/shared/operation-index-format.js';
import type { CommandEntry, OperationDetails } from '../../sdk/shared/operation-detail-format.js';
import type { CommandTableReading } from '../api/command-table-read.js';
import { readConfig } from '../config/read.js';
import { fileIdentity } from '../config/file-identity.js';
import type { OkapiConfig } from '../config/document.js';
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
  const config = currentConfig(places.configPath);
  return {
    list: async () => summaries(config()),
    // A copy: what the caller does to it must not change the config the next question reads.
    get: async (name) => structuredClone(apiEntry(config(), checkedApiName(name))),
    save: async (name, save) => saveApi(places, checkedApiName(name), save),
    remove: async (name) => removeApi(places, checkedApiName(name)),
    readSpec: async (name) => {
      const text = (await import('../api/index-read.js')).readSpecCopy(places.cacheDir, checkedApiName(name));
      return text === undefined ? undefined : Buffer.from(text);
    },
    readIndex: async (name) => readIndex(places, config, checkedApiName(name)),
    commands: async (name, options) => readCommands(places, config, checkedApiName(name), options),
    operation: async (name, command) => readOperation(places, checkedApiName(name), command),
  };
}

/**
 * The config as the file holds it now, parsed again only when the file changed: a generated
 * command asks for its API's entry, then for its command table, and both read the config.
 */
function currentConfig(configPath: string): () => OkapiConfig {
  let known: { identity: string; config: OkapiConfig } | undefined;
  return () => {
    // Taken before the read: a change in between is seen as a change at the next question.
    const identity = fileIdentity(configPath);
    if (known && identity !== '' && known.identity === identity) return known.config;
    const { config } = readConfig(configPath);
    known = { identity, config };
    return config;
  };
}

function summaries(config: Record<string, unknown>): ApiSummary[] {
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
  if (save.index !== undefined && !isDetails(save.details)) {
    throw new OkapiError(`saving ${name}: an index needs the operation details made with it (a map with tags, operations and definitions)`);
  }
  // A new API follows the naming rules; one already in the config (edited by hand) keeps its name.
  const problem = apiEntry(readConfig(places.configPath).config, name) === undefined ? apiNameProblem(name) : undefined;
  if (problem) throw new OkapiError(`cannot save the API: ${problem}`);
  const { withFileLock } = await import('../config/lock.js');
  return withFileLock(apiCacheDir(places.cacheDir, name), async () => {
    // Checked before the cache files are written, so a stale entry leaves them as they were.
    if (save.revision !== undefined && revisionOf(readConfig(places.configPath).config) !== save.revision) return { conflict: true };
    if (save.index !== undefined) {
      await (await import('../api/index-store.js')).writeApiCache(places.cacheDir, name, save.index as OperationIndex, save.details as OperationDetails, save.spec);
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

function isDetails(details: unknown): boolean {
  return isPlainObject(details) && Array.isArray(details.tags) && Array.isArray(details.operations) && details.operations.every(isPlainObject) && isPlainObject(details.definitions);
}

async function removeApi(places: RegistryPlaces, name: string): Promise<ApiEntry> {
  let removed: ApiEntry | undefined;
  let remaining: Record<string, unknown> = {};
  const { updateConfig } = await import('../config/store.js');
  await updateConfig(places.configPath, (config) => {
    removed = registeredEntry(config, name);
    const apis = { ...(config.apis as Record<string, unknown>) };
    delete apis[name];
    config.apis = apis;
    remaining = config;
  });
  // node:fs/promises when a removal needs it: loading it costs every generated command (sdk/interrupt.ts).
  const { rm } = process.getBuiltinModule('node:fs/promises');
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
async function readIndex(places: RegistryPlaces, config: () => OkapiConfig, name: string): Promise<ApiIndexReading> {
  const { readOperationIndex } = await import('../api/index-read.js');
  const { value: index, warning } = await current(places, name, registeredEntry(config(), name), 'operation index', (cacheDir) => readOperationIndex(cacheDir, name));
  return { index: index as unknown as ApiIndexReading['index'], ...(warning !== undefined ? { warning } : {}) };
}

async function readCommands(places: RegistryPlaces, config: () => OkapiConfig, name: string, options: CommandTableReading = {}): Promise<ApiCommandsReading | undefined> {
  const entry = registeredEntry(config(), name);
  if (entry.discovery === undefined) return undefined; // connected with --no-discover
  const { readCommandTable } = await import('../api/command-table-read.js');
  const { value: table, warning } = await current(places, name, entry, 'command table', (cacheDir) => readCommandTable(cacheDir, name, options));
  return { table, ...(warning !== undefined ? { warning } : {}) };
}

async function readOperation(places: RegistryPlaces, name: string, command: CommandEntry) {
  if (!isPlainObject(command) || !Array.isArray(command.at)) throw new OkapiError(`reading an operation of ${name} needs the command table's entry for it`);
  return (await import('../api/command-table-read.js')).readOperationDetail(places.cacheDir, name, command);
}

function registeredEntry(config: OkapiConfig, name: string): ApiEntry {
  const entry = apiEntry(config, name);
  if (!entry) throw new OkapiError(`there is no API named "${name}"`, { hint: "see 'okapi api list'" });
  return entry;
}

/**
 * A cached file of the API as it should be now: rebuilt from the spec copy by the api plugin when
 * it is missing or was made for another config or okapi version. When a local spec file changed,
 * the one there is answered with a warning (only `api sync` reads the files again).
 */
async function current<T extends { key: IndexKey }>(
  places: RegistryPlaces,
  name: string,
  entry: ApiEntry,
  what: string,
  read: (cacheDir: string) => T | undefined,
): Promise<{ value: T; warning?: string }> {
  const { expectedKey, staleness } = await import('../api/index-read.js');
  const sources = localSpecSources(entry, dirname(places.configPath));
  let value = read(places.cacheDir);
  const verdict = staleness(value?.key, expectedKey(entry, sources));
  const warning = verdict.stale && verdict.sources ? `${verdict.reason}; run okapi api sync ${name} to see the current one` : undefined;
  if (verdict.stale && (!verdict.sources || !value)) {
    if (!(await places.reindex(name))) throw new OkapiError(`the ${what} of ${name} could not be rebuilt`, { hint: `okapi api sync ${name}` });
    value = read(places.cacheDir);
  }
  if (!value) throw new OkapiError(`the ${what} of ${name} is missing after it was rebuilt`, { hint: `okapi api sync ${name}` });
  return { value, ...(warning !== undefined ? { warning } : {}) };
}
