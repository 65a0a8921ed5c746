/**
 * `okapi api auth logout [api] [--all-profiles] [--auth-profile <name>]`: deletes cached auth tokens
 * (the token store), so the next request signs in afresh: of the API's current profile, of all its
 * profiles, or of a shared auth profile. The HTTP response cache is not touched. It says how many
 * values it cleared, never what they were; nothing to clear is no error.
 */
import { UsageError } from '../../sdk/shared/errors.js';
import type { TokenClearScope } from '../../sdk/services.js';
import { parseArguments } from '../../sdk/arguments.js';
import { printCommandError } from '../../sdk/command-errors.js';
import { AUTH_LOGOUT } from './arguments.js';
import { authTarget } from './auth-target.js';
import type { ApiVerb } from './verb.js';

export const apiAuthLogout: ApiVerb = async (init, args, ctx) => {
  try {
    const parsed = parseArguments(args, AUTH_LOGOUT);
    const [api] = parsed.positionals;
    const authProfile = parsed.value('auth-profile');
    const allProfiles = parsed.flags.has('all-profiles');
    let scope: TokenClearScope;
    let whose: string;
    if (authProfile !== undefined) {
      if (api !== undefined || allProfiles) {
        throw new UsageError('--auth-profile names a shared auth profile: give it without an API name or --all-profiles', { hint: AUTH_LOGOUT_USAGE });
      }
      scope = { auth_profile: authProfile };
      whose = `the shared auth profile ${authProfile}`;
    } else {
      if (api === undefined) throw new UsageError('api auth logout needs an API name, or --auth-profile <name>', { hint: AUTH_LOGOUT_USAGE });
      const target = await authTarget(init, ctx, api);
      if (allProfiles) {
        scope = { api, all_profiles: true };
        whose = `${api} (all profiles)`;
      } else {
        scope = { api, profile: target.profile };
        whose = `${api} (profile ${target.profile})`;
      }
    }
    const { cleared } = await ctx.tokens.clear(scope);
    ctx.stderr(
      cleared > 0
        ? `okapi: logged out of ${whose}: cleared ${cleared} cached token value${cleared === 1 ? '' : 's'}; the next request signs in again\n`
        : `okapi: ${whose} has no cached tokens; nothing to clear\n`,
    );
    return 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};

const AUTH_LOGOUT_USAGE = 'okapi api auth logout <api> [--all-profiles] | okapi api auth logout --auth-profile <name>';
