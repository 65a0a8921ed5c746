/**
 * `okapi config set <patch...>`: shorthand patches applied to the whole config, comments kept. The
 * arguments join as body arguments do: each one that starts a field is a new field.
 */
import { updateConfig } from '../../kernel/config/store.js';
import { isPlainObject } from '../../kernel/config/document.js';
import { applyShorthand, joinShorthandArguments, ShorthandError } from '../../sdk/shorthand/index.js';
import type { OkapiConfig } from '../../kernel/config/document.js';
import { fail, type ConfigVerb } from './verb.js';

export const configSet: ConfigVerb = async (path, args, ctx) => {
  if (args.length === 0) {
    ctx.stderr("okapi: config set needs at least one patch\n  hint: okapi config set 'plugins.csv.enabled: false'\n");
    return 2;
  }
  try {
    const expression = joinShorthandArguments(args, { requestBody: false });
    await updateConfig(path, (config) => {
      const patched = applyShorthand(config, expression);
      if (!isPlainObject(patched)) throw new ShorthandError('the config must stay an object', 0, expression);
      return patched as OkapiConfig;
    });
  } catch (error) {
    if (error instanceof ShorthandError) {
      ctx.stderr(`okapi: invalid patch: ${error.message}\n${error.hint ? `  hint: ${error.hint}\n` : ''}`);
      return 2;
    }
    return fail(ctx, error);
  }
  ctx.stderr(`okapi: updated ${path}\n`);
  return 0;
};
