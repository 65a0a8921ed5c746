/**
 * The token store (sdk/services.ts TokenStore): secrets a plugin keeps between runs, such as OAuth
 * tokens, in `tokens.json` beside the config file (kernel/api/cache-paths.ts), laid out as
 * `{ "apis": { "<api>": { "<profile>": { "<credential>": { "<key>": "<value>" } } } } }`, and the
 * tokens of shared auth profiles (`auth_ref`) as `{ "auth_profiles": { "<name>": { "<key>": "<value>" } } }`.
 *
 * The file is the user's only (0600, its directory 0700), written under its lock and atomically.
 * A value is never part of a message: errors name the scope and key, never what is stored.
 */
import { existsSync, readFileSync } from 'node:fs';
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import type { TokenClearScope, TokenScope, TokenStore } from '../../sdk/services.js';
import { tokenCachePath } from '../api/cache-paths.js';
import { checkedApiName } from './api-name-check.js';

const MAX_NAME_LENGTH = 256;
const MAX_VALUE_BYTES = 64 * 1024;

type TokenFile = Record<string, unknown> & { apis?: Record<string, unknown>; auth_profiles?: Record<string, unknown> };

export function tokenStore(configPath: string): TokenStore {
  const path = tokenCachePath(configPath);
  return {
    async get(scope, key) {
      const where = placeOf(scope, key);
      const value = valueAt(readTokens(path), where);
      return typeof value === 'string' ? value : undefined;
    },
    async set(scope, key, value) {
      const where = placeOf(scope, key);
      if (typeof value !== 'string') throw new OkapiError(`the token ${describePlace(where)} must be a string`);
      if (Buffer.byteLength(value) > MAX_VALUE_BYTES) throw new OkapiError(`the token ${describePlace(where)} is longer than ${MAX_VALUE_BYTES / 1024} KiB, more than okapi keeps`);
      await updateTokens(path, (tokens) => {
        let node: Record<string, unknown> = tokens;
        for (const name of where.slice(0, -1)) {
          if (!isPlainObject(node[name])) node[name] = {};
          node = node[name] as Record<string, unknown>;
        }
        node[where[where.length - 1]!] = value;
        return true;
      });
    },
    async delete(scope, key) {
      const where = placeOf(scope, key);
      let deleted = false;
      await updateTokens(path, (tokens) => {
        deleted = removeAt(tokens, where) !== undefined;
        return deleted;
      });
      return deleted;
    },
    async clear(scope) {
      const where = clearedPlace(scope);
      let cleared = 0;
      if (!existsSync(path)) return { cleared };
      await updateTokens(path, (tokens) => {
        const removed = removeAt(tokens, where);
        cleared = countValues(removed);
        return removed !== undefined;
      });
      return { cleared };
    },
  };
}

/** Removes the tokens of a removed API, and those of the shared auth profiles only it used. */
export async function removeApiTokens(configPath: string, api: string, orphanedAuthProfiles: string[]): Promise<void> {
  const path = tokenCachePath(configPath);
  if (!existsSync(path)) return;
  // A file okapi cannot read is left alone: removing an API must not fail on it.
  await updateTokens(path, (tokens) => {
    const places = [['apis', api], ...orphanedAuthProfiles.map((ref) => ['auth_profiles', ref])];
    const removed = places.map((place) => removeAt(tokens, place));
    return removed.some((value) => value !== undefined);
  }, 'skip');
}

/** Where the values `clear` removes are: `['apis', api]`, `['apis', api, profile]` or `['auth_profiles', name]`. */
function clearedPlace(given: TokenClearScope): string[] {
  // Read as any map: it comes from any plugin.
  const scope: Record<string, unknown> = isPlainObject(given) ? given : {};
  if (!isPlainObject(given)) throw new OkapiError('a token scope to clear is a map: api with profile or all_profiles, or auth_profile');
  if (scope.auth_profile !== undefined) {
    if (scope.api !== undefined) throw new OkapiError('a token scope to clear names an API or a shared auth profile, not both');
    return ['auth_profiles', nameOf(scope.auth_profile, 'auth profile', false)];
  }
  const api = checkedApiName(scope.api);
  if (scope.all_profiles === true) return ['apis', api];
  return ['apis', api, nameOf(scope.profile, 'profile', false)];
}

/** How many values a part of the file holds. */
function countValues(node: unknown): number {
  if (typeof node === 'string') return 1;
  return isPlainObject(node) ? Object.values(node).reduce<number>((sum, child) => sum + countValues(child), 0) : 0;
}

/**
 * `['apis', api, profile, credential, key]`, or `['auth_profiles', name, key]` for a shared auth
 * profile, each name checked: they come from any plugin.
 */
function placeOf(scope: TokenScope, key: string): string[] {
  if (!isPlainObject(scope)) throw new OkapiError('a token scope is a map of api, and optionally profile, credential and auth_profile');
  const api = checkedApiName(scope.api);
  if (scope.auth_profile !== undefined) return ['auth_profiles', nameOf(scope.auth_profile, 'auth profile', false), nameOf(key, 'key', false)];
  return ['apis', api, nameOf(scope.profile, 'profile'), nameOf(scope.credential, 'credential'), nameOf(key, 'key', false)];
}

function nameOf(value: unknown, what: string, optional = true): string {
  if (value === undefined && optional) return 'default';
  if (typeof value !== 'string' || value === '') throw new OkapiError(`a token ${what} must be a non-empty string`);
  if (value.length > MAX_NAME_LENGTH) throw new OkapiError(`a token ${what} is ${value.length} characters long; at most ${MAX_NAME_LENGTH}`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new OkapiError(`a token ${what} may not hold control characters`);
  if (value === '__proto__') throw new OkapiError(`a token ${what} may not be "__proto__"`);
  return value;
}

function describePlace(place: string[]): string {
  if (place[0] === 'auth_profiles') return `"${place[2]}" of the shared auth profile ${place[1]}`;
  const [, api, profile, credential, key] = place;
  return `"${key}" of ${api} (profile ${profile}, credential ${credential})`;
}

function valueAt(tokens: TokenFile, place: string[]): unknown {
  let node: unknown = tokens;
  for (const name of place) {
    if (!isPlainObject(node) || !Object.hasOwn(node, name)) return undefined;
    node = node[name];
  }
  return node;
}

/** Takes the entry at `place` out of the file; undefined when there was none (JSON holds no undefined). */
function removeAt(tokens: TokenFile, place: string[]): unknown {
  const holder = valueAt(tokens, place.slice(0, -1));
  const last = place[place.length - 1]!;
  if (!isPlainObject(holder) || !Object.hasOwn(holder, last)) return undefined;
  const removed = holder[last];
  delete holder[last];
  return removed;
}

function readTokens(path: string): TokenFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new OkapiError(`cannot read the token store ${path}: ${(error as Error).message}`);
  }
  try {
    const tokens: unknown = JSON.parse(text);
    if (isPlainObject(tokens)) return tokens;
  } catch {
    // reported below, without the text: it holds secrets
  }
  throw new OkapiError(`the token store ${path} is damaged (not a JSON map)`, { hint: `delete it; plugins will ask for their tokens again` });
}

/** Changes the file under its lock; `change` answers whether anything changed, and only then is it written. */
async function updateTokens(path: string, change: (tokens: TokenFile) => boolean, damaged: 'throw' | 'skip' = 'throw'): Promise<void> {
  const [{ withFileLock }, { writeFileAtomic }] = await Promise.all([import('../config/lock.js'), import('../config/atomic-write.js')]);
  await withFileLock(path, async () => {
    let tokens: TokenFile;
    try {
      tokens = readTokens(path);
    } catch (error) {
      if (damaged === 'skip') return;
      throw error;
    }
    if (change(tokens)) await writeFileAtomic(path, `${JSON.stringify(tokens, null, 2)}\n`);
  });
}
