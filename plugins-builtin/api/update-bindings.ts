/**
 * Rewrites the credential bindings of the target's profile under the config lock, from the config
 * as it is at that moment (another okapi may have changed it since the target was read).
 */
import type { CommandContext } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { profilesOf, type CredentialBinding } from '../../sdk/shared/api-config.js';
import { updateConfig } from '../../sdk/config-update.js';
import type { AuthTarget } from './auth-target.js';

export type Bindings = Record<string, CredentialBinding>;

export async function updateBindings(ctx: CommandContext, target: AuthTarget, change: (bindings: Bindings) => Bindings): Promise<void> {
  const { api } = target;
  await updateConfig(ctx.config, (config) => {
    const apis = isPlainObject(config.apis) ? config.apis : {};
    const entry = apis[api];
    if (!isPlainObject(entry)) throw new OkapiError(`there is no API named "${api}" any more`, { hint: "another okapi removed it; see 'okapi api list'" });
    const profiles = profilesOf(entry);
    const profile = profiles[target.profile] ?? {};
    const bindings = isPlainObject(profile.credentials) ? (profile.credentials as Bindings) : {};
    config.apis = { ...apis, [api]: { ...entry, profiles: { ...profiles, [target.profile]: { ...profile, credentials: change(bindings) } } } };
  });
}
