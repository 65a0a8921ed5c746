/**
 * The credentials of one profile of an API, as `api auth get | inspect` list and choose them: the
 * profile's own `auth` (or `auth_ref`) and its `credentials` bindings, read from the config entry.
 */
import { UsageError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { profilesOf, type ApiEntry, type Profile } from '../../sdk/shared/api-config.js';
import { parseForcedAuth } from '../../sdk/shared/security-selection.js';
import type { AuthTarget } from './auth-target.js';

/** The profile's own auth where credentials are keyed by id: no binding has this id (ids are scheme names, never empty). */
export const PROFILE_AUTH = '';

export interface ProfileCredentials {
  api: string;
  profile: string;
  entry: ApiEntry;
  /** The profile has `auth` or `auth_ref` of its own. */
  hasProfileAuth: boolean;
  /** Binding id → its `satisfies` (undefined when it says none). */
  bindings: Record<string, string[] | undefined>;
  /** Binding id (PROFILE_AUTH for the profile's own auth) → the shared auth profile it names, for those with `auth_ref`. */
  authRefs: Record<string, string>;
  clientCertificate: boolean;
}

/** The credentials of the target's profile; a profile not configured (only `default` may be) has none. */
export function profileCredentials(target: AuthTarget): ProfileCredentials {
  const { api, entry, profile: name } = target;
  const profiles = profilesOf(entry);
  const found = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  const profile: Profile = isPlainObject(found) ? found : {};
  const raw = isPlainObject(profile.credentials) ? profile.credentials : {};
  const bindings: Record<string, string[] | undefined> = {};
  const authRefs: Record<string, string> = {};
  if (!isPlainObject(profile.auth) && typeof profile.auth_ref === 'string') authRefs[PROFILE_AUTH] = profile.auth_ref;
  for (const [id, binding] of Object.entries(raw)) {
    bindings[id] = isPlainObject(binding) && Array.isArray(binding.satisfies) ? binding.satisfies.filter((s): s is string => typeof s === 'string') : undefined;
    if (isPlainObject(binding) && typeof binding.auth_ref === 'string') authRefs[id] = binding.auth_ref;
  }
  return {
    api,
    profile: name,
    entry,
    hasProfileAuth: (isPlainObject(profile.auth) && typeof profile.auth.type === 'string') || typeof profile.auth_ref === 'string',
    bindings,
    authRefs,
    clientCertificate: typeof profile.client_cert === 'string',
  };
}

/** `A` or `A+B` as the user named them: each must be a binding of the profile. */
export function checkCredentials(credentials: ProfileCredentials, named: string): void {
  const unknown = parseForcedAuth(named).filter((id) => !Object.hasOwn(credentials.bindings, id));
  if (unknown.length === 0) return;
  const known = Object.keys(credentials.bindings);
  throw new UsageError(`profile ${credentials.profile} of API ${credentials.api} has no credential ${unknown.map((id) => `"${id}"`).join(', ')}`, {
    hint: known.length > 0 ? `its credentials: ${known.join(', ')}` : `add one with: okapi api auth add ${credentials.api} ${unknown[0]}`,
  });
}
