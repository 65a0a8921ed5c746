/**
 * Where a generated operation's request goes (SPEC.md "Generated operation request routing" 1–11).
 *
 * The configured `base_url` (the profile's wins) always gives the origin, unless the operation
 * itself (path- or operation-level `servers`) explicitly routes elsewhere and the user allowed it.
 * The path prefix comes from, in order:
 *
 * 1. a path- or operation-level server (operation wins; the index already picked the level):
 *    relative ones resolve against `base_url`, same-origin absolute ones are used as they are, and
 *    one on another origin is used only when its origin is in `allowed_operation_origins` or a
 *    `url_overrides` entry rewrites it; otherwise the command fails, never falling back to
 *    `base_url` (that would send the request somewhere the document did not say);
 * 2. `operation_base`, a path from the origin root (`/` is the root itself), which replaces what
 *    the document's servers and `base_url`'s path would give;
 * 3. a document-level server: a relative one, or one on another origin, is mounted under
 *    `base_url`'s path (mount-path.ts); a same-origin absolute one is used as it is, even outside
 *    `base_url`'s path;
 * 4. `base_url` itself, when the document has no servers.
 *
 * Among several servers of one level, the first on `base_url`'s origin inside its path is chosen,
 * else the first on its origin, else the first (document level) or the first allowed (path and
 * operation level). Variables are expanded first (server-variables.ts); `url_overrides` rewrite
 * the chosen URL last. The query is base_url's, the server's, the path key's and the parameters',
 * in increasing precedence: a name a later one sets replaces the earlier ones' values of it.
 * `crossOrigin` tells the caller the request leaves `base_url`'s origin (as both are after
 * `url_overrides`), so it sends no profile credentials there.
 */
import { OkapiError } from '../../../sdk/shared/errors.js';
import { stringMap, type ApiEntry, type Profile } from '../../../sdk/shared/api-config.js';
import { apiBaseUrl } from '../../../sdk/shared/api-base-url.js';
import type { ServerInfo } from '../../../sdk/shared/operation-index-format.js';
import { applyUrlOverrides, matchUrlOverride, shownUrl, urlOriginProblem } from '../../../sdk/shared/url-overrides.js';
import { layerQueries } from '../../../sdk/shared/query-layers.js';
import { mountPath } from './mount-path.js';
import { checkServerVariables, expandServerUrl, type ConfiguredVariable } from './server-variables.js';

export interface OperationUrlInput {
  entry: ApiEntry;
  /** The API's name, for messages and the hints' commands. */
  api: string;
  /** The selected profile: its base_url wins, its server_variables and url_overrides extend the API's. */
  profile?: { name: string; settings: Profile };
  /** The document-level servers (CommandTable.servers). */
  documentServers: readonly ServerInfo[];
  /** The operation's path- or operation-level servers (OperationDetail.servers). */
  operationServers?: readonly ServerInfo[] | undefined;
  /** The operation's path with its path parameters filled in and escaped (`/pets/42`). */
  path: string;
  /** The encoded query string without `?`; `''` for none. */
  query: string;
}

export interface OperationUrl {
  url: string;
  /** Configured server variables outside the document's enum, one sentence each. */
  warnings: string[];
  /** The request goes to another origin than base_url's: send no profile credentials. */
  crossOrigin: boolean;
}

export function operationUrl(input: OperationUrlInput): OperationUrl {
  const { entry, api, profile } = input;
  const base = apiBaseUrl(api, entry, profile?.settings, profile?.name);
  const configured = configuredVariables(input);
  const documentServers = input.documentServers;
  const operationServers = input.operationServers ?? [];
  const warnings = checkServerVariables(configured, [...documentServers, ...operationServers], api);
  const overrides = { ...stringMap(entry.url_overrides), ...stringMap(profile?.settings.url_overrides) };
  const owner = `url_overrides of API ${api}`;
  const path = input.path === '' || input.path.startsWith('/') ? input.path : `/${input.path}`;

  let chosen: URL;
  let serverQuery = '';
  if (operationServers.length > 0) {
    ({ url: chosen, query: serverQuery } = operationServerUrl(input, base, configured, overrides, path));
  } else {
    const operationBase = operationBaseOf(entry, api);
    const server = operationBase === undefined ? documentServer(input, base, configured) : { prefix: operationBase, query: '' };
    chosen = parsed(`${base.origin}${server.prefix}${path}`, api);
    serverQuery = server.query;
  }
  const sameOrigin = chosen.origin === base.origin;
  // Every query the configuration and the document wrote is sent: base_url's own (an api-version,
  // say) with requests to its origin, a server's, and one in the path's key (`/search?mode=fast`,
  // which help shows as the operation's path), then the parameters'. Each is a default for the
  // next: `api connect` makes base_url the server, whose api-version would otherwise go twice.
  const query = layerQueries([sameOrigin ? queryOf(base) : '', serverQuery, queryOf(chosen), input.query]);
  const url = applyUrlOverrides(`${chosen.origin}${chosen.pathname}${query === '' ? '' : `?${query}`}`, overrides, owner);
  const finalBase = new URL(applyUrlOverrides(base.href, overrides, owner));
  return { url, warnings, crossOrigin: new URL(url).origin !== finalBase.origin };
}

/** `server_variables`: the API's, then the profile's over them, each remembering where it was set. */
function configuredVariables({ entry, api, profile }: OperationUrlInput): Map<string, ConfiguredVariable> {
  const values = new Map<string, ConfiguredVariable>();
  for (const [name, value] of Object.entries(stringMap(entry.server_variables))) {
    values.set(name, { value, setAt: `apis.${api}.server_variables.${name}` });
  }
  if (profile !== undefined) {
    for (const [name, value] of Object.entries(stringMap(profile.settings.server_variables))) {
      values.set(name, { value, setAt: `apis.${api}.profiles.${profile.name}.server_variables.${name}` });
    }
  }
  return values;
}

/** The path prefix and query the document-level servers give, on base_url's origin. */
function documentServer(input: OperationUrlInput, base: URL, configured: ReadonlyMap<string, ConfiguredVariable>): ServerPart {
  const basePath = pathOf(base);
  if (input.documentServers.length === 0) return { prefix: basePath, query: '' };
  const candidates = input.documentServers.map((server) => resolveServer(server, base, configured, input.api));
  const chosen = preferred(candidates, base) ?? candidates[0]!;
  // Another origin's server contributes its path only (rule 5): it is mounted like a relative one.
  const prefix = chosen.url.origin === base.origin ? chosen.prefix : mountPath(basePath, pathOf(chosen.url));
  return { prefix, query: queryOf(chosen.url) };
}

/** The URL a path- or operation-level server gives; another origin only when the user allowed it. */
function operationServerUrl(
  input: OperationUrlInput,
  base: URL,
  configured: ReadonlyMap<string, ConfiguredVariable>,
  overrides: Record<string, string>,
  path: string,
): { url: URL; query: string } {
  const { api } = input;
  const candidates = (input.operationServers ?? []).map((server) => resolveServer(server, base, configured, api));
  const local = preferred(candidates, base);
  if (local !== undefined) return { url: parsed(`${base.origin}${local.prefix}${path}`, api), query: queryOf(local.url) };
  const allowed = allowedOrigins(input.entry, api);
  for (const candidate of candidates) {
    const url = parsed(`${candidate.url.origin}${candidate.prefix}${path}`, api);
    if (allowed.has(candidate.url.origin) || matchUrlOverride(url.href, overrides, `url_overrides of API ${api}`) !== undefined) {
      return { url, query: queryOf(candidate.url) };
    }
  }
  const first = candidates[0]!;
  throw new OkapiError(
    `the OpenAPI server "${shownUrl(first.text)}" of this operation is on another origin (${first.url.origin}) than the base_url of API ${api} (${base.origin}); okapi does not send the API's requests there unless told to`,
    { hint: `allow it with: okapi api set ${api} 'allowed_operation_origins[]: ${first.url.origin}' (or route it with url_overrides)` },
  );
}

interface ServerPart {
  /** The path prefix, without a trailing slash. */
  prefix: string;
  /** The server URL's own query, without `?`. */
  query: string;
}

interface ResolvedServer {
  /** The expanded URL as the document wrote it. */
  text: string;
  /** Where it resolves to; a relative server resolves onto base_url's origin. */
  url: URL;
  /** The path prefix it gives, without a trailing slash. */
  prefix: string;
}

function resolveServer(server: ServerInfo, base: URL, configured: ReadonlyMap<string, ConfiguredVariable>, api: string): ResolvedServer {
  const text = expandServerUrl(server, configured, api).trim();
  const basePath = pathOf(base);
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//');
  // Relative (rule 4): a path from the root is mounted under base_url's path; `v2` or `../v1`
  // resolve against base_url's path as a directory, as a browser would. The origin is always taken
  // from the parsed URL: `/\host` is another host to a URL parser, and so it is here.
  const against = absolute ? base : text.startsWith('/') ? base.origin : `${base.origin}${basePath}/`;
  let url: URL;
  try {
    url = new URL(text, against);
  } catch {
    throw unusableServer(text, api, 'is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw unusableServer(text, api, 'is not an http or https URL');
  const mounted = !absolute && text.startsWith('/') && url.origin === base.origin;
  return { text, url, prefix: mounted ? mountPath(basePath, pathOf(url)) : pathOf(url) };
}

function unusableServer(text: string, api: string, problem: string): OkapiError {
  return new OkapiError(`the OpenAPI server "${shownUrl(text)}" of API ${api} ${problem}`, {
    hint: `name the path yourself with: okapi api set ${api} 'operation_base: /'`,
  });
}

/** The first server on base_url's origin inside its path, else the first on its origin. */
function preferred(candidates: readonly ResolvedServer[], base: URL): ResolvedServer | undefined {
  const local = candidates.filter((candidate) => candidate.url.origin === base.origin);
  const basePath = pathOf(base);
  return local.find((candidate) => within(candidate.prefix, basePath)) ?? local[0];
}

function within(path: string, basePath: string): boolean {
  return basePath === '' || path === basePath || path.startsWith(`${basePath}/`);
}

/** `operation_base`: a path from the origin root, without its trailing slash; undefined when unset or empty. */
function operationBaseOf(entry: ApiEntry, api: string): string | undefined {
  const value: unknown = entry.operation_base;
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text.startsWith('/') || text.startsWith('//') || /[?#\s\\]/.test(text)) {
    throw new OkapiError(`the operation_base of API ${api} (${JSON.stringify(value)}) is not a path such as /api/v2 or /`, {
      hint: `set it with: okapi api set ${api} 'operation_base: /api/v2'`,
    });
  }
  return text.replace(/\/+$/, '');
}

function allowedOrigins(entry: ApiEntry, api: string): Set<string> {
  const origins = new Set<string>();
  const list: unknown[] = Array.isArray(entry.allowed_operation_origins) ? entry.allowed_operation_origins : [];
  for (const item of list) {
    const problem = typeof item === 'string' ? urlOriginProblem(item) : 'is not a string';
    if (problem !== undefined) {
      throw new OkapiError(`allowed_operation_origins of API ${api}: ${JSON.stringify(item)} ${problem}`, { hint: 'fix it with: okapi config edit' });
    }
    origins.add(new URL(item as string).origin);
  }
  return origins;
}

function queryOf(url: URL): string {
  return url.search.slice(1);
}

function pathOf(url: URL): string {
  return url.pathname.replace(/\/+$/, '');
}

function parsed(text: string, api: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new OkapiError(`a request of API ${api} does not make a valid URL: ${shownUrl(text)}`);
  }
}
