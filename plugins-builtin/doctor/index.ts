/**
 * `okapi doctor plugins`: see plugins-topic.ts.
 *
 * `okapi doctor api <name>`: where the API's description uses `x-cli-*` extensions that change
 * okapi's behaviour, and what each changes, from the operation index (rebuilt from the cached spec
 * when stale). Unknown `x-cli-*` names are listed apart. A missing API exits 1.
 */
import { dirname } from 'node:path';
import { definePlugin } from '../../sdk/define.js';
import type { CommandContext } from '../../sdk/types.js';
import { apiEntry, localSpecSources } from '../../kernel/api/api-config.js';
import { apiNameLengthProblem } from '../../sdk/api-names.js';
import { formatExtensionUses } from '../../kernel/api/extensions.js';
import { expectedKey, readOperationIndex, rebuildFromSpecCopy, staleness } from '../../kernel/api/index-store.js';
import { readConfig } from '../../kernel/config/read.js';
import meta from './manifest.js';
import { diagnosePlugins } from './plugins-topic.js';

const USAGE = 'okapi doctor api <name>, or okapi doctor plugins';

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      const [topic, name, ...rest] = init.args;
      if (topic === 'plugins' && name === undefined) return diagnosePlugins(ctx);
      if (topic !== 'api' || name === undefined || rest.length > 0) {
        ctx.stderr(`okapi: ${topic === undefined ? 'doctor needs a topic' : topic !== 'api' ? `unknown doctor topic "${topic}"` : 'doctor api needs one API name'}\n  hint: ${USAGE}\n`);
        return 2;
      }
      const tooLong = apiNameLengthProblem(name);
      if (tooLong) {
        ctx.stderr(`okapi: ${tooLong}\n  hint: see 'okapi api list'\n`);
        return 2;
      }
      if (!init.config_path || !init.cache_dir) {
        ctx.stderr('okapi: the host did not say which config file and cache directory are in use\n');
        return 1;
      }
      try {
        return await diagnose(init.config_path, init.cache_dir, name, ctx);
      } catch (error) {
        const e = error as { message?: string; hint?: string };
        ctx.stderr(`okapi: ${e.message ?? String(error)}\n${e.hint ? `  hint: ${e.hint}\n` : ''}`);
        return 1;
      }
    },
  },
});

async function diagnose(configPath: string, cacheDir: string, name: string, ctx: CommandContext): Promise<number> {
  const entry = apiEntry(readConfig(configPath).config, name);
  if (!entry) {
    ctx.stderr(`okapi: there is no API named "${name}"\n  hint: see 'okapi api list'\n`);
    return 1;
  }
  if (!entry.discovery) {
    ctx.stderr(`okapi: ${name} has no description to diagnose (it was saved with --no-discover)\n  hint: okapi api sync ${name}\n`);
    return 1;
  }
  const sources = localSpecSources(entry, dirname(configPath));
  let index = readOperationIndex(cacheDir, name);
  const verdict = staleness(index?.key, expectedKey(entry, sources));
  if (verdict.stale) {
    if (verdict.sources) ctx.stderr(`okapi: warning: ${verdict.reason}; run okapi api sync ${name} to see the current one\n`);
    if (!verdict.sources || !index) index = await rebuildFromSpecCopy(cacheDir, name, entry, sources);
  }
  const uses = index!.extensions.filter((u) => !u.unknown);
  const unknown = index!.extensions.filter((u) => u.unknown);
  const lines: string[] = [];
  const source = entry.discovery.source;
  if (uses.length === 0) lines.push(`${name}: no behaviour-changing x-cli extensions in ${source}`);
  else {
    lines.push(`${name}: ${uses.length} behaviour-changing x-cli extension${uses.length === 1 ? '' : 's'} in ${source}`);
    lines.push(formatExtensionUses(uses, '  '));
  }
  if (unknown.length > 0) {
    lines.push('', `Not understood by okapi (ignored):`);
    lines.push(formatExtensionUses(unknown, '  '));
  }
  ctx.stdout(`${lines.join('\n')}\n`);
  return 0;
}
