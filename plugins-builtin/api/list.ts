/** `okapi api list [-o json]`: the registered APIs, as a table or as JSON with stable fields. */
import { UsageError } from '../../sdk/shared/errors.js';
import { shownUrl } from '../../sdk/shared/url-overrides.js';
import { apiNames, apiEntry, profilesOf } from '../../sdk/shared/api-config.js';
import { parseArguments } from '../../sdk/arguments.js';
import { LIST } from './arguments.js';
import { printCommandError } from '../../sdk/command-errors.js';
import type { ApiVerb } from './verb.js';

export interface ApiListing {
  name: string;
  base_url: string | null;
  /** null: never indexed (connected with --no-discover). */
  operations: number | null;
  profiles: number;
}

export const apiList: ApiVerb = async (init, args, ctx) => {
  try {
    parseArguments(args, LIST);
    const format = init.output_format ?? 'auto';
    if (!['auto', 'table', 'json'].includes(format)) {
      throw new UsageError(`api list prints a table or JSON, not "${format}"`, { hint: 'okapi api list -o json' });
    }
    const config = (await ctx.config.read()).document;
    const rows: ApiListing[] = apiNames(config)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((name) => {
        const entry = apiEntry(config, name)!;
        return {
          name,
          // A file edited by hand may hold user information there: never shown.
          base_url: typeof entry.base_url === 'string' ? shownUrl(entry.base_url) : null,
          operations: typeof entry.discovery?.operations === 'number' ? entry.discovery.operations : null,
          profiles: Object.keys(profilesOf(entry)).length,
        };
      });
    if (format === 'json') {
      ctx.stdout(`${JSON.stringify(rows, null, 2)}\n`);
      return 0;
    }
    if (rows.length === 0) {
      ctx.stderr('okapi: no APIs yet; register one with: okapi api connect <name> <url>\n');
      return 0;
    }
    ctx.stdout(table(rows));
    return 0;
  } catch (error) {
    return printCommandError(ctx.stderr, error);
  }
};

function table(rows: ApiListing[]): string {
  const cells = rows.map((r) => [r.name, r.base_url ?? '-', r.operations === null ? '-' : String(r.operations), String(r.profiles)]);
  const header = ['NAME', 'BASE URL', 'OPERATIONS', 'PROFILES'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return `${[line(header), ...cells.map(line)].join('\n')}\n`;
}
