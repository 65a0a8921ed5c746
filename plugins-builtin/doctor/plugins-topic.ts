/**
 * `okapi doctor plugins`: what would surprise a user about the plugins in use: refused plugins, and
 * the notes the host attaches to a plugin's summary (names it claims but does not own, takeovers
 * the config allowed, overrides that change nothing).
 */
import type { CommandContext } from '../../sdk/types.js';

export async function diagnosePlugins(ctx: CommandContext): Promise<number> {
  const plugins = await ctx.listPlugins();
  const findings = plugins.flatMap((p) => [...(p.refused ? [`plugin ${p.name} (${p.path}) was refused: ${p.refused}`] : []), ...(p.notes ?? [])]);
  if (findings.length === 0) {
    ctx.stdout(`plugins: nothing to report (${plugins.length} plugins; each format and command has one owner)\n`);
    return 0;
  }
  ctx.stdout(`plugins: ${findings.length} thing${findings.length === 1 ? '' : 's'} to know\n${findings.map((f) => `  ${f}\n`).join('')}`);
  return 0;
}
