/**
 * The operation a request to a registered API is (SPEC "Generated operation request routing" 14):
 * named by a generated command, or, for a generic `<api>/<path>` request, the one cached operation
 * whose method and path template match, if exactly one does. Its security requirements then apply
 * as they would to the command: `security: []` means the operation takes no auth. Read from the
 * command table (command-table-read.ts); with none (an API connected without its description, a
 * table not built yet) there is no operation, and nothing changes.
 */
import type { CommandEntry, CommandTable } from '../../sdk/shared/operation-detail-format.js';
import type { SecuredOperation } from '../../sdk/shared/security-selection.js';
import { readCommandTable, readOperationRecord, readRoutes } from './command-table-read.js';

/** The operation a generated command named: its entry alone is read, not every command's. */
export function operationNamed(cacheDir: string, api: string, name: string): SecuredOperation | undefined {
  const table = readCommandTable(cacheDir, api, { named: [name] });
  const entry = table?.commands.find((c) => c.name === name);
  return table && entry ? matched(cacheDir, api, table, entry) : undefined;
}

/**
 * The one operation whose method and path template match `path` (relative to the API's base URL;
 * without the document server's path prefix too, for a base URL that leaves it out), or undefined
 * when none or several do.
 */
export function operationOfRequest(cacheDir: string, api: string, method: string, path: string): SecuredOperation | undefined {
  const table = readCommandTable(cacheDir, api);
  const routes = table && readRoutes(cacheDir, api);
  if (!table || !routes) return undefined;
  const candidates = [path];
  const prefix = serverPathPrefix(table.servers[0]?.url);
  if (prefix !== '' && path.startsWith(`${prefix}/`)) candidates.push(path.slice(prefix.length));
  for (const candidate of candidates) {
    const segments = candidate.split('/');
    const hits = routes.flatMap(([m, template], i) => (m === method.toUpperCase() && templateMatches(template, segments) ? [i] : []));
    if (hits.length === 1) return matched(cacheDir, api, table, table.commands[hits[0]!]!);
    if (hits.length > 1) return undefined; // several: which one's policy applies is not for okapi to guess
  }
  return undefined;
}

/** The table is the one just read: its file is still open, so the record comes from the same file. */
function matched(cacheDir: string, api: string, table: CommandTable, entry: CommandEntry): SecuredOperation {
  const security = readOperationRecord(cacheDir, api, entry).security ?? table.security;
  const schemeTypes = Object.fromEntries(Object.entries(table.security_schemes).map(([name, scheme]) => [name, scheme.type]));
  return { name: entry.name, ...(security ? { security } : {}), schemeTypes };
}

/** `/pets/{petId}` against the segments of `/pets/42`: literal segments equal, each `{…}` one non-empty segment. */
function templateMatches(template: string, segments: readonly string[]): boolean {
  const parts = template.split('/');
  if (parts.length !== segments.length) return false;
  return parts.every((part, i) => {
    const segment = segments[i]!;
    if (!part.includes('{')) return part === segment;
    if (segment === '') return false;
    if (/^\{[^}]*\}$/.test(part)) return true;
    const pattern = new RegExp(`^${part.split(/\{[^}]*\}/).map(escapeRegExp).join('[^/]+')}$`);
    return pattern.test(segment);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The path of a server URL (`https://api.x.com/v2` → `/v2`; relative `/v2` too), without a trailing slash. */
function serverPathPrefix(url: string | undefined): string {
  if (url === undefined) return '';
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return path.replace(/\{[^}]*\}/g, '').replace(/\/+$/, '').split(/[?#]/)[0]!;
}
