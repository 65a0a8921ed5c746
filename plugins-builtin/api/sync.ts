/**
 * `okapi api sync <name…>`: re-fetches each API's description from its recorded source (pinned
 * files or URL, else the source discovery found, which must still be on the API's origin unless
 * `--allow-cross-origin-spec`), and refreshes the cached spec, the operation index and the
 * discovery fields. Profiles are never touched.
 */
import { dirname } from 'node:path';
import { OkapiError, UsageError } from '../../sdk/errors.js';
import { apiEntry } from '../../kernel/api/api-config.js';
import { readConfig } from '../../kernel/config/store.js';
import { baseUrl, writeEntry } from './connect.js';
import { loadSpec } from './load-spec.js';
import { describeSource, indexSpec, operationCount, reportExtensions, writeSaved } from './save.js';
import { fail, parseArgs, type ApiVerb } from './verb.js';
import { refuseOverlongApiName } from '../../sdk/api-names.js';

const USAGE = 'okapi api sync <name...> [--allow-cross-origin-spec] [--yes]';

export const apiSync: ApiVerb = async (init, args, ctx) => {
  let names: string[];
  let allowCrossOrigin: boolean;
  try {
    const parsed = parseArgs(args, { booleans: ['allow-cross-origin-spec', 'yes'] }, USAGE);
    names = parsed.positional;
    allowCrossOrigin = parsed.flags.has('allow-cross-origin-spec');
    if (names.length === 0) throw new UsageError('api sync needs the name of at least one API', { hint: USAGE });
    for (const name of names) refuseOverlongApiName(name);
  } catch (error) {
    return fail(ctx, error);
  }
  let code = 0;
  for (const name of names) {
    try {
      const entry = apiEntry(readConfig(init.config_path).config, name);
      if (!entry) throw new OkapiError(`there is no API named "${name}"`, { hint: "see 'okapi api list'" });
      if (typeof entry.base_url !== 'string') throw new OkapiError(`API ${name} has no base_url`);
      const loaded = await loadSpec(ctx, {
        base: baseUrl(entry.base_url),
        entry,
        allowCrossOrigin,
        configDir: dirname(init.config_path),
        sync: true,
        note: (line) => ctx.stderr(`okapi: ${line}\n`),
      });
      const saved = indexSpec(entry, loaded);
      await writeSaved(init.cache_dir, name, saved, () =>
        writeEntry(init.config_path, name, (current) => ({ ...(current ?? entry), discovery: saved.discovery })),
      );
      reportExtensions(ctx, name, saved.index);
      ctx.stderr(`okapi: synced ${name}: ${operationCount(saved)} from ${describeSource(saved)}\n`);
    } catch (error) {
      code = Math.max(code, fail(ctx, error));
    }
  }
  return code;
};
