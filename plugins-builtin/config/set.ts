/**
 * `okapi config set <patch...>`: shorthand patches applied to the whole config, comments kept. The
 * arguments join as body arguments do: each one that starts a field is a new field.
 */
import type { OkapiConfig } from '../../sdk/shared/api-config.js';
import { updateConfig } from '../../sdk/config-update.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { applyShorthand, joinShorthandArguments, ShorthandError } from '../../sdk/shared/shorthand/index.js';
import { parseArguments } from '../../sdk/arguments.js';
import { SET } from './arguments.js';
import { printCommandError, printProblem } from '../../sdk/command-errors.js';
import type { ConfigVerb } from './verb.js';

export const configSet: ConfigVerb = async (path, args, ctx) => {
  parseArguments(args, SET);
  try {
    const expression = joinShorthandArguments(args, { requestBody: false });
    await updateConfig(ctx.config, (config) => {
      const patched = applyShorthand(config, expression);
      if (!isPlainObject(patched)) throw new ShorthandError('the config must stay an object', 0, expression);
      return patched as OkapiConfig;
    });
  } catch (error) {
    if (error instanceof ShorthandError) {
      printProblem(ctx.stderr, `invalid patch: ${error.message}`, error.hint);
      return 2;
    }
    return printCommandError(ctx.stderr, error);
  }
  ctx.stderr(`okapi: updated ${path}\n`);
  return 0;
};
