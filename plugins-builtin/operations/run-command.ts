/** From the words after the API's name to the operation they name, or the tag listing they ask for. */
import type { CommandContext, CommandInit } from '../../sdk/types.js';
import { OkapiError, UsageError } from '../../sdk/shared/errors.js';
import type { CommandTable } from '../../sdk/shared/operation-detail-format.js';
import { resolveCommand, type CommandLayout, type Resolution } from './resolve-command.js';
import { renderTagListing } from './tag-listing.js';
import { runOperation } from './run-operation.js';

export async function runOperationCommand(init: CommandInit, ctx: CommandContext): Promise<number> {
  const api = init.command;
  const entry = await ctx.apis.get(api);
  if (!entry) throw new UsageError(`there is no API named "${api}"`, { hint: "see 'okapi api list'" });
  const layout: CommandLayout = entry.command_layout === 'tags' ? 'tags' : 'flat';
  // A call reads only the commands its first words can name; a description may have thousands.
  const reading = await ctx.apis.commands(api, { named: namingWords(init.args, layout) });
  if (!reading) {
    throw new OkapiError(`${api} has no operations: it was connected without its description (--no-discover)`, { hint: `run: okapi api sync ${api}` });
  }
  if (reading.warning) ctx.log('warn', reading.warning);
  // What those commands do not resolve (a tag listing, a name to correct) is worked out on the
  // whole table, whose names the listing and the error show.
  const resolution = commandAmong(api, reading.table, layout, init.args) ?? resolveCommand(api, (await ctx.apis.commands(api))!.table, layout, init.args);
  if (resolution.kind === 'tag') {
    const wantsHelp = resolution.rest.some((word) => word === '--help' || word === '-h');
    const extra = resolution.rest.filter((word) => word !== '--help' && word !== '-h');
    if (extra.length > 0) throw new UsageError(`okapi ${api} ${resolution.tag.word} needs a command before ${extra[0]}`, { hint: `see 'okapi ${api} ${resolution.tag.word} --help'` });
    const withSummaries = (await ctx.apis.commands(api, { summaries: true }))!.table;
    const listing = renderTagListing(api, resolution.tag, withSummaries);
    // Asked for, the listing is the answer; a tag alone is an incomplete command.
    if (wantsHelp) {
      ctx.stdout(listing);
      return 0;
    }
    ctx.stderr(listing);
    return 2;
  }
  const detail = await ctx.apis.operation(api, resolution.entry);
  return runOperation({ init, ctx, api, entry, table: reading.table, detail, typed: resolution.typed, args: resolution.rest });
}

/** The words that can name the command: the first (the second too under a tag), read past a `--` as resolveCommand reads them. */
function namingWords(args: readonly string[], layout: CommandLayout): string[] {
  const marker = args.indexOf('--');
  const words = marker === -1 ? args : [...args.slice(0, marker), ...args.slice(marker + 1)];
  return words.slice(0, layout === 'tags' ? 2 : 1);
}

/**
 * The command the words name when the table holds it; undefined when they name none of its
 * commands. A table of only the named commands resolves a command exactly as the whole one would:
 * a command's own name or alias is what finds it, in the same order.
 */
function commandAmong(api: string, table: CommandTable, layout: CommandLayout, args: readonly string[]): Resolution | undefined {
  try {
    const resolution = resolveCommand(api, table, layout, args);
    return resolution.kind === 'command' ? resolution : undefined;
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}
