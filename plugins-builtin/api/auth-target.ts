/**
 * What every `okapi api auth` verb works on: a registered API and its current profile (`-p`,
 * OKAPI_PROFILE, else `default`). A profile named but not configured is an error, not a new
 * profile: a typo must not send credentials to the wrong place.
 */
import type { CommandContext, CommandInit } from '../../sdk/types.js';
import { OkapiError, UsageError } from '../../sdk/shared/errors.js';
import { DEFAULT_PROFILE, profilesOf, type ApiEntry } from '../../sdk/shared/api-config.js';
import { refuseOverlongApiName } from '../../sdk/shared/api-names.js';

export interface AuthTarget {
  api: string;
  entry: ApiEntry;
  profile: string;
  /** ` -p <profile>` when the profile was chosen, for commands quoted in hints; else ''. */
  profileFlag: string;
}

export async function authTarget(init: CommandInit, ctx: CommandContext, api: string): Promise<AuthTarget> {
  refuseOverlongApiName(api);
  const entry = await ctx.apis.get(api);
  if (!entry) throw new OkapiError(`there is no API named "${api}"`, { hint: "see 'okapi api list'" });
  const profile = init.profile ?? DEFAULT_PROFILE;
  const profiles = Object.keys(profilesOf(entry));
  if (profile !== DEFAULT_PROFILE && !profiles.includes(profile)) {
    throw new UsageError(`API ${api} has no profile "${profile}"`, {
      hint: profiles.length > 0 ? `its profiles: ${profiles.join(', ')}` : `add one with: okapi api set ${api} 'profiles.${profile}: {}'`,
    });
  }
  return { api, entry, profile, profileFlag: init.profile === undefined ? '' : ` -p ${profile}` };
}
