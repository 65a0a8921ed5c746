/**
 * `okapi api remove <name>`: the entry, its cached spec and indexes, its HTTP response cache
 * entries, and its auth token cache entries (and shared auth-profile tokens only it used). Never
 * contacts the API.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { OkapiError, UsageError } from '../../sdk/errors.js';
import { apiNames, apiEntry, profilesOf, type ApiEntry } from '../../kernel/api/api-config.js';
import { apiCacheDir, apiResponsesDir, tokenCachePath } from '../../kernel/api/cache-paths.js';
import { writeFileAtomic } from '../../kernel/config/atomic-write.js';
import { isPlainObject, type OkapiConfig } from '../../kernel/config/document.js';
import { withFileLock } from '../../kernel/config/lock.js';
import { updateConfig } from '../../kernel/config/store.js';
import { fail, type ApiVerb } from './verb.js';
import { refuseOverlongApiName } from '../../sdk/api-names.js';

export const apiRemove: ApiVerb = async (init, args, ctx) => {
  try {
    if (args.length !== 1) throw new UsageError('api remove needs the name of one API', { hint: 'okapi api remove <name>' });
    const name = args[0]!;
    refuseOverlongApiName(name);
    let removed: ApiEntry | undefined;
    let after: OkapiConfig | undefined;
    await updateConfig(init.config_path, (config) => {
      removed = apiEntry(config, name);
      if (!removed) throw new OkapiError(`there is no API named "${name}"`, { hint: "see 'okapi api list'" });
      const apis = { ...(config.apis as Record<string, unknown>) };
      delete apis[name];
      config.apis = apis;
      after = config;
    });
    if (init.cache_dir) {
      rmSync(apiCacheDir(init.cache_dir, name), { recursive: true, force: true });
      rmSync(apiResponsesDir(init.cache_dir, name), { recursive: true, force: true });
    }
    await removeTokens(init.config_path, name, removed!, after!);
    ctx.stderr(`okapi: removed ${name}\n`);
    return 0;
  } catch (error) {
    return fail(ctx, error);
  }
};

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

/** Token cache entries of the API, and of shared auth profiles no other API uses. */
async function removeTokens(configPath: string, name: string, removed: ApiEntry, after: OkapiConfig): Promise<void> {
  const path = tokenCachePath(configPath);
  if (!existsSync(path)) return;
  const stillUsed = new Set(apiNames(after).flatMap((other) => [...authRefs(apiEntry(after, other)!)]));
  const orphaned = [...authRefs(removed)].filter((ref) => !stillUsed.has(ref));
  await withFileLock(path, async () => {
    let tokens: unknown;
    try {
      tokens = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      return; // not a token cache okapi can read: leave it alone
    }
    if (!isPlainObject(tokens)) return;
    let changed = false;
    if (isPlainObject(tokens.apis) && Object.hasOwn(tokens.apis, name)) {
      delete tokens.apis[name];
      changed = true;
    }
    if (isPlainObject(tokens.auth_profiles)) {
      for (const ref of orphaned) {
        if (Object.hasOwn(tokens.auth_profiles, ref)) {
          delete tokens.auth_profiles[ref];
          changed = true;
        }
      }
    }
    if (changed) await writeFileAtomic(path, `${JSON.stringify(tokens, null, 2)}\n`);
  });
}
