/** `okapi plugin list`: what plugins exist, what they do, and why any was refused. */
import { ArgumentError, parseArguments, printArgumentError, type ArgumentDeclaration } from '../../sdk/arguments.js';
import { definePlugin } from '../../sdk/define.js';
import type { PluginSummary } from '../../sdk/types.js';
import meta from './manifest.js';
import { printProblem } from '../../sdk/command-errors.js';

/** --json is -o json, kept from before -o worked here. */
const LIST = {
  command: 'plugin list',
  flags: [{ name: 'json', description: 'the same as -o json' }],
  usage: 'okapi plugin list [-o json|yaml|table|…] [-f filter]',
} satisfies ArgumentDeclaration;

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      const [verb, ...rest] = init.args;
      if (verb !== 'list') {
        printProblem(ctx.stderr, `unknown plugin command ${verb === undefined ? '(none)' : `"${verb}"`}`, 'okapi plugin list');
        return 2;
      }
      let json: boolean;
      try {
        json = parseArguments(rest, LIST).flags.has('json');
      } catch (error) {
        if (error instanceof ArgumentError) return printArgumentError(error, ctx.stderr);
        throw error;
      }
      const plugins = await ctx.listPlugins();
      if (init.output_format === undefined && init.filter === undefined && !json) {
        ctx.stdout(table(plugins));
        return 0;
      }
      if (!ctx.output) {
        ctx.stderr('okapi: this okapi cannot print plugin list through -o or -f\n');
        return 1;
      }
      await ctx.output(plugins, json ? { format: 'json' } : {});
      return 0;
    },
  },
});

function table(plugins: PluginSummary[]): string {
  const rows = plugins.map((p) => [
    p.name,
    p.version ?? '-',
    p.hooks.join(',') || '-',
    p.path,
    p.refused ? `refused: ${p.refused}` : p.enabled ? 'active' : 'disabled',
  ]);
  const header = ['NAME', 'VERSION', 'HOOKS', 'PATH', 'STATUS'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const notes = plugins.flatMap((p) => p.notes ?? []);
  return [line(header), ...rows.map(line), ...(notes.length ? ['', ...notes] : [])].join('\n') + '\n';
}
