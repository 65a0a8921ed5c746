/** `okapi <api> <tag> --help` with `command_layout: tags`: the commands under one tag. */
import type { CommandTable, TagEntry } from '../../sdk/shared/operation-detail-format.js';

export function renderTagListing(api: string, tag: TagEntry, table: CommandTable): string {
  const commands = table.commands.filter((c) => !c.hidden && c.tags?.includes(tag.word)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const width = Math.min(40, Math.max(0, ...commands.map((c) => c.name.length)));
  const lines = [`${api} ${tag.word}${tag.name !== tag.word ? ` (${tag.name})` : ''}${tag.description ? `: ${tag.description}` : ''}`, '', 'Usage:', `  okapi ${api} ${tag.word} <command> [args...] [flags...] [body...]`, '', `Commands (${commands.length}):`];
  for (const c of commands) {
    const notes = [c.deprecated ? 'deprecated' : '', c.aliases?.length ? `alias: ${c.aliases.join(', ')}` : ''].filter(Boolean);
    lines.push(`  ${c.name.padEnd(width)}  ${c.summary ?? ''}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`.trimEnd());
  }
  lines.push('', `See 'okapi ${api} ${tag.word} <command> --help' for a command's arguments.`);
  return `${lines.join('\n')}\n`;
}
