/** From the words after the API's name to the operation they name, or the tag listing they ask for. */
import type { CommandContext, CommandInit } from '../../sdk/types.js';
import { OkapiError, UsageError } from '../../sdk/shared/errors.js';
import { resolveCommand, type CommandLayout } from './resolve-command.js';
import { renderTagListing } from './tag-listing.js';
import { runOperation } from './run-operation.js';

export async function runOperationCommand(init: CommandInit, ctx: CommandContext): Promise<number> {
  const api = init.command;
  const entry = await ctx.apis.get(api);
  if (!entry) throw new UsageError(`there is no API named "${api}"`, { hint: "see 'okapi api list'" });
  const reading = await ctx.apis.commands(api);
  if (!reading) {
    throw new OkapiError(`${api} has no operations: it was connected without its description (--no-discover)`, { hint: `run: okapi api sync ${api}` });
  }
  if (reading.warning) ctx.log('warn', reading.warning);
  const layout: CommandLayout = entry.command_layout === 'tags' ? 'tags' : 'flat';
  const resolution = resolveCommand(api, reading.table, layout, init.args);
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
