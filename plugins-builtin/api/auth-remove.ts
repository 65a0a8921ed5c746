/**
 * `okapi api auth remove <api> <credential-id>`: deletes one binding of the current profile from the
 * config. Its cached tokens are kept (`okapi api auth logout` clears them), so adding the binding
 * back needs no new sign-in.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import { parseArguments } from '../../sdk/arguments.js';
import { printCommandError } from '../../sdk/command-errors.js';
import { AUTH_REMOVE } from './arguments.js';
import { authTarget } from './auth-target.js';
import { updateBindings } from './update-bindings.js';
import type { ApiVerb } from './verb.js';

export const apiAuthRemove: ApiVerb = async (init, args, ctx) => {
  try {
    const [api, id] = parseArguments(args, AUTH_REMOVE).positionals as [string, string];
    const target = await authTarget(init, ctx, api);
    await updateBindings(ctx, target, (bindings) => {
      if (!Object.hasOwn(bindings, id)) {
        const configured = Object.keys(bindings);
        throw new OkapiError(`${api} (profile ${target.profile}) has no credential "${id}"`, {
          hint: configured.length > 0 ? `its credentials: ${configured.join(', ')}` : `it has none; add one with: okapi api auth add ${api}${target.profileFlag} <credential-id>`,
        });
      }
      const { [id]: _removed, ...kept } = bindings;
      return kept;
    });
    ctx.stderr(`okapi: removed credential ${id} from ${api} (profile ${target.profile}); its cached tokens are kept (okapi api auth logout ${api}${target.profileFlag} clears them)\n`);
    return 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};
