/**
 * `okapi <api>` and `okapi <api> --help`: the API's title, base URL, profiles and operations, from
 * the small help index alone (never the spec, never the network). A missing or stale index is
 * rebuilt offline from the cached spec copy; when a local spec file changed, the API is re-synced
 * from it (local files only, so still offline).
 */
import { ExitCode } from '../../sdk/shared/errors.js';
import { shownUrl } from '../../sdk/shared/url-overrides.js';
import type { Invocation } from '../invocation.js';
import { configDir } from '../config/paths.js';
import { apiEntry, DEFAULT_PROFILE, localSpecSources, profilesOf, type ApiEntry } from '../../sdk/shared/api-config.js';
import { expectedKey, readHelpIndex, staleness, type StoredHelpIndex } from './index-read.js';
import { apiCacheFiles } from './cache-paths.js';
import { storeHelp, type HelpCache } from '../startup/help-cache.js';
import type { CommandTable } from '../../sdk/shared/operation-detail-format.js';

export async function printApiHelp(inv: Invocation, api: string, helpCache?: HelpCache): Promise<number> {
  const entry = apiEntry(inv.config(), api)!;
  const sources = localSpecSources(entry, configDir(inv.configLocation));
  const help = await currentHelpIndex(inv, api, entry, sources);
  const width = inv.outputWidth;
  // With command_layout: tags the listing is of tags, which only the command table knows.
  const tagged = entry.command_layout === 'tags' && help ? (await import('./command-table-read.js')).readCommandTable(inv.cacheDir, api) : undefined;
  const text = [...renderApiHelp(api, entry, help, inv.profileName, width, tagged)].join('');
  inv.writeFinal(text);
  if (helpCache) {
    const files = apiCacheFiles(inv.cacheDir, api);
    storeHelp(helpCache, text, [inv.configPath, files.help, ...(tagged ? [files.commands] : []), ...sources]);
  }
  return ExitCode.ok;
}

async function currentHelpIndex(inv: Invocation, api: string, entry: ApiEntry, sources: string[]): Promise<StoredHelpIndex | undefined> {
  if (entry.discovery === undefined) return undefined; // connected with --no-discover
  const help = readHelpIndex(inv.cacheDir, api);
  const verdict = staleness(help?.header.key, expectedKey(entry, sources));
  if (!verdict.stale) return help;
  try {
    if (verdict.sources) {
      inv.diagnostic('warn', `${verdict.reason}; re-syncing ${api} from its spec files`);
      const code = await (await import('./index-refresh.js')).runApiCommand(inv, ['sync', api]);
      const after = readHelpIndex(inv.cacheDir, api);
      if (code === 0 && after) return after;
      return help;
    }
    inv.diagnostic('info', `rebuilding the operation index of ${api}: ${verdict.reason}`);
    const code = await (await import('./index-refresh.js')).runApiCommand(inv, ['reindex', api]);
    if (code !== 0 && help) inv.diagnostic('warn', 'showing the operations okapi indexed before');
    return readHelpIndex(inv.cacheDir, api) ?? help;
  } catch (error) {
    inv.diagnostic('warn', `${error instanceof Error ? error.message : String(error)}${help ? '; showing the operations okapi indexed before' : ''}`);
    return help;
  }
}

function fitLines(text: string, width: number): string {
  return text.replace(/^.*$/gm, (line) => (line.length > width ? `${line.slice(0, width - 1)}…` : line));
}

/**
 * The help, in parts to write in order. The operations come from the help index as stored: bytes
 * copied out as they are, or cut to the terminal's width on a terminal.
 */
export function renderApiHelp(
  api: string,
  entry: ApiEntry,
  stored: StoredHelpIndex | undefined,
  profile: string | undefined,
  width?: number,
  tagged?: CommandTable,
): (string | Uint8Array)[] {
  const help = stored?.header;
  const lines: string[] = [];
  const title = help?.title ? `${help.title}${help.version ? ` ${help.version}` : ''}` : undefined;
  lines.push(title ? `${api}: ${title}` : api);
  if (help?.description) lines.push('', help.description);
  const command = tagged ? '<tag> <command>' : '<command>';
  lines.push(
    '',
    'Usage:',
    `  okapi ${api} ${command} [args...] [flags...] [body...]   an operation (okapi ${api} ${command} --help for its arguments)`,
    `  okapi ${api}/<path> [body...] [flags]     a request to the API (method words work too: okapi post ${api}/<path>)`,
  );
  // A file edited by hand may hold user information there (refused at request time): never shown.
  lines.push('', `Base URL: ${typeof entry.base_url === 'string' ? shownUrl(entry.base_url) : '(none)'}`);
  const profiles = Object.keys(profilesOf(entry));
  const selected = profile ?? DEFAULT_PROFILE;
  if (profiles.length > 0) lines.push(`Profiles: ${profiles.map((p) => (p === selected ? `${p} (selected)` : p)).join(', ')}`);
  if (!stored || !help) {
    const why = entry.discovery === undefined ? 'it was connected with --no-discover' : 'its operation index is missing';
    lines.push('', `No operations: ${why}. Run: okapi api sync ${api}`);
    return [`${lines.join('\n')}\n`];
  }
  const hidden = help.operations - help.commands;
  if (tagged) {
    lines.push('', ...tagListing(tagged, hidden));
    return [`${lines.join('\n')}\n`];
  }
  lines.push('', `Operations (${help.commands}${hidden > 0 ? `, ${hidden} hidden or ignored` : ''}):`);
  const operations = width !== undefined && width > 20 ? fitLines(stored.text.toString('utf8'), width) : stored.text;
  const parts: (string | Uint8Array)[] = [`${lines.join('\n')}\n`, operations];
  if (help.webhooks > 0) parts.push(`\nThe API also describes ${help.webhooks} webhook${help.webhooks === 1 ? '' : 's'}.\n`);
  return parts;
}

/** `command_layout: tags`: each tag with its number of commands, then the commands with no tag. */
function tagListing(table: CommandTable, hidden: number): string[] {
  const visible = table.commands.filter((c) => !c.hidden);
  const counts = new Map<string, number>();
  for (const c of visible) for (const tag of c.tags ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const tags = table.tags.filter((t) => counts.has(t.word));
  const width = Math.min(40, Math.max(0, ...tags.map((t) => t.word.length)));
  const lines = [`Tags (${tags.length}; ${visible.length} commands${hidden > 0 ? `, ${hidden} hidden or ignored` : ''}):`];
  for (const t of tags) {
    const n = counts.get(t.word)!;
    lines.push(`  ${t.word.padEnd(width)}  ${t.description ?? t.name} (${n} command${n === 1 ? '' : 's'})`);
  }
  const untagged = visible.filter((c) => !c.tags || c.tags.length === 0).map((c) => c.name).sort();
  if (untagged.length > 0) lines.push('', `Commands with no tag (${untagged.length}):`, ...untagged.map((name) => `  ${name}`));
  return lines;
}
