/**
 * `okapi doctor plugins`: see plugins-topic.ts.
 *
 * `okapi doctor api <name>`: where the API's description uses `x-cli-*` extensions that change
 * okapi's behaviour, and what each changes, from the operation index (rebuilt from the cached spec
 * when stale). Unknown `x-cli-*` names are listed apart, and so are the description's defects okapi
 * works around (all of them: `api connect` and `api sync` show the first few). A missing API exits 1.
 */
import { ArgumentError, parseArguments, printArgumentError, type ArgumentDeclaration } from '../../sdk/arguments.js';
import { definePlugin } from '../../sdk/define.js';
import type { CommandContext } from '../../sdk/types.js';
import { apiNameLengthProblem } from '../../sdk/shared/api-names.js';
import { formatExtensionUses } from '../../sdk/shared/extension-uses.js';
import meta from './manifest.js';
import { diagnosePlugins } from './plugins-topic.js';
import { printCommandError, printProblem } from '../../sdk/command-errors.js';

const USAGE = 'okapi doctor api <name>';
const TOPICS = 'okapi doctor api <name>, or okapi doctor plugins';
const DOCTOR_API = { command: 'doctor api', positionals: [{ name: 'name' }], usage: USAGE, wrongCount: 'doctor api needs one API name' } satisfies ArgumentDeclaration;

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      const [topic, ...args] = init.args;
      if (topic === 'plugins' && args.length === 0) return diagnosePlugins(ctx);
      if (topic !== 'api') {
        printProblem(ctx.stderr, topic === undefined ? 'doctor needs a topic' : `unknown doctor topic "${topic}"`, TOPICS);
        return 2;
      }
      let name: string;
      try {
        [name] = parseArguments(args, DOCTOR_API).positionals as [string];
      } catch (error) {
        if (error instanceof ArgumentError) return printArgumentError(error, ctx.stderr);
        throw error;
      }
      const tooLong = apiNameLengthProblem(name);
      if (tooLong) {
        printProblem(ctx.stderr, tooLong, "see 'okapi api list'");
        return 2;
      }
      try {
        return await diagnose(name, ctx);
      } catch (error) {
        printCommandError(ctx.stderr, error);
        return 1;
      }
    },
  },
});

async function diagnose(name: string, ctx: CommandContext): Promise<number> {
  const entry = await ctx.apis.get(name);
  if (!entry) {
    printProblem(ctx.stderr, `there is no API named "${name}"`, "see 'okapi api list'");
    return 1;
  }
  if (!entry.discovery) {
    printProblem(ctx.stderr, `${name} has no description to diagnose (it was saved with --no-discover)`, `okapi api sync ${name}`);
    return 1;
  }
  const { index, warning } = await ctx.apis.readIndex(name);
  if (warning !== undefined) ctx.stderr(`okapi: warning: ${warning}\n`);
  const uses = index.extensions.filter((u) => !u.unknown);
  const unknown = index.extensions.filter((u) => u.unknown);
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
  const problems = index.problems ?? [];
  if (problems.length > 0) {
    lines.push('', `Defects of the description okapi works around (${problems.length}):`);
    for (const problem of problems) lines.push(`  ${problem.where}: ${problem.message}`);
  }
  const collisions = index.name_collisions ?? [];
  if (collisions.length > 0) {
    lines.push('', `Operations whose command names clashed (${collisions.length}):`);
    for (const clash of collisions) lines.push(`  ${clash.where}: ${clash.message}`);
  }
  ctx.stdout(`${lines.join('\n')}\n`);
  return 0;
}
