/**
 * `okapi api set <name> <patch…>`: shorthand patches rooted at `apis.<name>` (the arguments join
 * as body arguments do), applied under the config lock with comments kept. The remote API and the cached spec are left alone; a changed
 * `operation_base` re-indexes from the cached spec on next use, a changed spec source waits for
 * `okapi api sync`.
 */
import { OkapiError, UsageError } from '../../sdk/shared/errors.js';
import type { ApiEntry } from '../../sdk/shared/api-config.js';
import { updateConfig } from '../../sdk/config-update.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { redactUrl } from '../../sdk/shared/redact.js';
import { parseArguments } from '../../sdk/arguments.js';
import { SET } from './arguments.js';
import { printCommandError } from '../../sdk/command-errors.js';
import type { ApiVerb } from './verb.js';
import { refuseOverlongApiName } from '../../sdk/shared/api-names.js';

const USAGE = SET.usage;

export const apiSet: ApiVerb = async (init, args, ctx) => {
  try {
    const [name, ...patches] = parseArguments(args, SET).positionals as [string, ...string[]];
    refuseOverlongApiName(name);
    const { applyShorthand, joinShorthandArguments, ShorthandError } = await import('../../sdk/shared/shorthand/index.js');
    let before: ApiEntry | undefined;
    let after: ApiEntry | undefined;
    await updateConfig(ctx.config, (config) => {
      const apis = isPlainObject(config.apis) ? config.apis : {};
      const current = apis[name];
      if (!isPlainObject(current)) throw new OkapiError(`there is no API named "${name}"`, { hint: `register it first: okapi api connect ${name} <url>` });
      let patched: unknown;
      try {
        patched = applyShorthand(current, joinShorthandArguments(patches, { requestBody: false }));
      } catch (error) {
        if (error instanceof ShorthandError) throw new UsageError(`invalid patch: ${error.message}`, { hint: error.hint ?? USAGE });
        throw error;
      }
      check(name, patched);
      before = current as ApiEntry;
      after = patched as ApiEntry;
      config.apis = { ...apis, [name]: patched };
    });
    ctx.stderr(`okapi: updated API ${name} in ${init.config_path}\n`);
    for (const field of ['spec_url', 'spec_files'] as const) {
      // Both come from JSON, so equal values serialise alike.
      if (JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field])) {
        ctx.stderr(`okapi: ${field} changed; fetch the description again with: okapi api sync ${name}\n`);
        break;
      }
    }
    return 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};

/**
 * What the config schema cannot say: that base_url parses as a URL. Keys, types and the shape of
 * header and query entries are the schema's (kernel/config/config-schema.ts), checked on write.
 */
function check(name: string, entry: unknown): void {
  if (!isPlainObject(entry)) throw new UsageError(`API ${name} must stay an object`, { hint: USAGE });
  const base = entry.base_url;
  if (typeof base !== 'string') return;
  try {
    new URL(base);
  } catch {
    throw new UsageError(`API ${name}: base_url "${redactUrl(base)}" is not a valid URL`);
  }
}
