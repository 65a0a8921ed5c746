/**
 * `okapi api sync <name…>`: re-fetches each API's description from its recorded source (pinned
 * files or URL, else the source discovery found, which must still be on the API's origin unless
 * `--allow-cross-origin-spec`), with the TLS files of the selected profile on the API's origin, and refreshes the cached spec, the operation index and the
 * discovery fields. Profiles are never touched.
 */
import { dirname } from 'node:path';
import { OkapiError } from '../../sdk/shared/errors.js';
import { baseUrl } from './connect.js';
import { loadSpec } from './load-spec.js';
import { describeSource, indexSpec, operationCount, reportExtensions, reportProblems, writeSaved } from './save.js';
import { parseArguments } from '../../sdk/arguments.js';
import { SYNC } from './arguments.js';
import { printCommandError } from '../../sdk/command-errors.js';
import type { ApiVerb } from './verb.js';
import { refuseOverlongApiName } from '../../sdk/shared/api-names.js';

export const apiSync: ApiVerb = async (init, args, ctx) => {
  let names: string[];
  let allowCrossOrigin: boolean;
  try {
    const parsed = parseArguments(args, SYNC);
    names = parsed.positionals;
    allowCrossOrigin = parsed.flags.has('allow-cross-origin-spec');
    for (const name of names) refuseOverlongApiName(name);
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
  let code = 0;
  for (const name of names) {
    try {
      const entry = await ctx.apis.get(name);
      if (!entry) throw new OkapiError(`there is no API named "${name}"`, { hint: "see 'okapi api list'" });
      if (typeof entry.base_url !== 'string') throw new OkapiError(`API ${name} has no base_url`);
      const loaded = await loadSpec(ctx, {
        base: baseUrl(entry.base_url),
        entry,
        allowCrossOrigin,
        configDir: dirname(init.config_path),
        tlsApi: name,
        sync: true,
        note: (line) => ctx.stderr(`okapi: ${line}\n`),
      });
      const saved = indexSpec(entry, loaded);
      await writeSaved(ctx, name, saved, (current) => ({ ...(current ?? entry), discovery: saved.discovery }));
      reportProblems(ctx, name, saved.index);
      reportExtensions(ctx, name, saved.index);
      ctx.stderr(`okapi: synced ${name}: ${operationCount(saved)} from ${describeSource(saved)}\n`);
    } catch (error) {
      code = Math.max(code, printCommandError(ctx.stderr, error));
    }
  }
  return code;
};
