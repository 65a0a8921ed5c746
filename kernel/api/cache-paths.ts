/**
 * The layout of okapi's cache directory (DESIGN.md §4: `OKAPI_CACHE_DIR`, else `$XDG_CACHE_HOME/okapi`,
 * else `~/.cache/okapi`; with an explicit config file, `cache/` beside it). One place defines it, so
 * every writer and every cleaner agrees:
 *
 * ```
 * <cache>/apis/<api>/spec.json        the API's description as loaded: OpenAPI 3, external $refs bundled in
 * <cache>/apis/<api>/operations.json  the operation index (generated commands start from it)
 * <cache>/apis/<api>/commands.table  what generated commands read: their table, each operation's
 *                                     details (sdk/shared/operation-detail-format.ts)
 * <cache>/apis/<api>/help.index       the help index (`okapi <api> --help`): a JSON header line, then
 *                                     the visible commands and summaries as text, written out as is
 * <cache>/responses/<api>/…           HTTP response cache entries of API-aware requests
 * <cache>/responses/_/…               HTTP response cache entries of other requests
 * ```
 *
 * Beside the config file (not in the cache): `tokens.json`, the auth token cache,
 * `{ "apis": { "<api>": { "<profile>": { "<credential>": … } } }, "auth_profiles": { "<name>": … } }`.
 *
 * `<api>` is the API name percent-encoded, plus `~` and a hash of the exact name when it has
 * upper-case letters, so names that differ only in case stay apart on case-insensitive disks. An
 * encoding longer than ENCODED_NAME_LIMIT (64 characters outside ASCII take 768) is cut there
 * before the `~` and hash, so the directory name stays within the 255 bytes file systems allow.
 */
import { dirname, join } from 'node:path';
import { fnv1a } from '../../sdk/shared/fnv1a.js';

const SPEC_FILE = 'spec.json';
const OPERATIONS_FILE = 'operations.json';
const HELP_FILE = 'help.index';
const COMMANDS_FILE = 'commands.table';
const TOKENS_FILE = 'tokens.json';
/** Responses of requests that no registered API owns. */
const GENERIC_RESPONSES = '_';

const ENCODED_NAME_LIMIT = 200;

/** A file-system-safe, case-proof directory name for an API. */
export function apiDirName(api: string): string {
  const encoded = encodeURIComponent(api);
  if (api === api.toLowerCase() && encoded.length <= ENCODED_NAME_LIMIT) return encoded;
  return `${encoded.slice(0, ENCODED_NAME_LIMIT)}~${fnv1a(api).toString(16).padStart(8, '0')}`;
}

export function apiCacheDir(cacheDir: string, api: string): string {
  return join(cacheDir, 'apis', apiDirName(api));
}

export interface ApiCacheFiles {
  dir: string;
  spec: string;
  operations: string;
  help: string;
  commands: string;
}

export function apiCacheFiles(cacheDir: string, api: string): ApiCacheFiles {
  const dir = apiCacheDir(cacheDir, api);
  return { dir, spec: join(dir, SPEC_FILE), operations: join(dir, OPERATIONS_FILE), help: join(dir, HELP_FILE), commands: join(dir, COMMANDS_FILE) };
}

export function responsesDir(cacheDir: string): string {
  return join(cacheDir, 'responses');
}

/** Where the HTTP cache keeps the responses of one API (or of generic requests, with no API). */
export function apiResponsesDir(cacheDir: string, api: string | undefined): string {
  return join(responsesDir(cacheDir), api === undefined ? GENERIC_RESPONSES : apiDirName(api));
}

/** The auth token cache, beside the config file. */
export function tokenCachePath(configPath: string): string {
  return join(dirname(configPath), TOKENS_FILE);
}
