/**
 * Host services: what a command plugin asks okapi for instead of reaching into its files. The same
 * methods exist in-process (kernel/commands/command-host.ts) and over the wire (sdk/run.ts), so a
 * built-in command and an external `okapi-*` executable are written alike (docs/design/016).
 */
import type { ApiEntry, OkapiConfig } from './shared/api-config.js';
import type { ExtensionUse } from './shared/extension-uses.js';
import type { DocumentProblem } from './shared/operation-index-format.js';
import type { ApiSummary } from './types.js';
import type { CommandEntry, CommandTable, OperationDetail } from './shared/operation-detail-format.js';

/** Where in the config document: object keys and array indexes, from the root. */
export type ConfigPath = (string | number)[];

/** One change of a config patch: set the value at `path` (creating objects on the way), or delete it. */
export type ConfigEdit = { path: ConfigPath; value: unknown } | { path: ConfigPath; delete: true };

export interface ConfigSnapshot {
  /** The config file in use. */
  path: string;
  /** Its document; `{}` when the file does not exist yet. */
  document: OkapiConfig;
  /** Names this exact content: a patch given it applies only if the file has not changed since. */
  revision: string;
}

export interface ConfigPatchResult extends ConfigSnapshot {
  /** True when `revision` was given and the file had changed: nothing was written, the snapshot is current. */
  conflict: boolean;
}

export interface ConfigService {
  /** The config as the file holds it now. */
  read(): Promise<ConfigSnapshot>;
  /** The file's text as it is, comments included, even when it does not parse; undefined when there is no file. */
  readText(): Promise<{ path: string; text: string | undefined }>;
  /**
   * Applies the edits under the config lock, keeping comments and layout, checked against the
   * config schema and written atomically. With `revision`, only if the file is still that one.
   */
  patch(edits: ConfigEdit[], options?: { revision?: string }): Promise<ConfigPatchResult>;
  /** What is wrong with `text` as the config file (parse or schema), or undefined when it is valid. */
  validate(text: string): Promise<string | undefined>;
  /** Replaces the whole file with `text` once it is valid (as `config edit` saves), under the lock. */
  replace(text: string): Promise<ConfigSnapshot>;
}

/** What `save` writes for one API: its cache files first, then its config entry, all under the API's lock. */
export interface ApiSave {
  entry: ApiEntry;
  /** The config revision `entry` was made from; when the file changed since, nothing is committed. */
  revision?: string;
  /** The operation index (OperationIndex, sdk/shared/operation-index-format.ts); the help index is derived from it. */
  index?: object;
  /**
   * What generated commands read besides the index (OperationDetails,
   * sdk/shared/operation-detail-format.ts); given with every index.
   */
  details?: object;
  /** The description as loaded (OpenAPI 3 JSON, UTF-8), kept as the API's spec copy. */
  spec?: Uint8Array;
}

/** The operation index of an API, current: rebuilt from the cached spec copy when it was stale. */
export interface ApiIndexReading {
  index: { extensions: ExtensionUse[]; problems?: DocumentProblem[]; name_collisions?: DocumentProblem[]; [field: string]: unknown };
  /** Set when a local spec file changed since the API was indexed: the index shown is the old one. */
  warning?: string;
}

/** An API's command table, current as `ApiIndexReading` is. */
export interface ApiCommandsReading {
  table: CommandTable;
  warning?: string;
}

export interface ApiRegistry {
  list(): Promise<ApiSummary[]>;
  /** The API's config entry, or undefined when none has that name. */
  get(name: string): Promise<ApiEntry | undefined>;
  /** Writes the API (cache files, then config entry); `conflict` as in `ConfigService.patch`. */
  save(name: string, save: ApiSave): Promise<{ conflict: boolean }>;
  /** Removes the entry, its cached spec and indexes, its cached responses and its tokens; returns the entry. */
  remove(name: string): Promise<ApiEntry>;
  /** The cached spec copy, or undefined when there is none. */
  readSpec(name: string): Promise<Uint8Array | undefined>;
  readIndex(name: string): Promise<ApiIndexReading>;
  /**
   * What generated commands start from; undefined when the API has no description (connected with
   * --no-discover). With `summaries`, each command's summary too (listings need them, calls do not).
   * With `named`, only the commands whose name or an alias is one of those words: a call needs no
   * more, and a description with thousands of operations costs it what one does.
   */
  commands(name: string, options?: { summaries?: boolean; named?: readonly string[] }): Promise<ApiCommandsReading | undefined>;
  /** One operation's details, `command` being its entry in the table `commands` answered. */
  operation(name: string, command: CommandEntry): Promise<OperationDetail>;
}

/**
 * Whose secret: an API, one of its profiles (`default` when absent) and a credential (`default`);
 * or, with `auth_profile`, a shared auth profile (`auth_profiles.<name>`), whichever API uses it.
 */
export interface TokenScope {
  api: string;
  profile?: string;
  credential?: string;
  auth_profile?: string;
}

/** Whose tokens `clear` removes: one profile of an API, every profile of it, or a shared auth profile. */
export type TokenClearScope = { api: string; profile: string } | { api: string; all_profiles: true } | { auth_profile: string };

/** Secrets (OAuth tokens, say) kept for a plugin, private to the user, never shown by okapi. */
export interface TokenStore {
  get(scope: TokenScope, key: string): Promise<string | undefined>;
  set(scope: TokenScope, key: string, value: string): Promise<void>;
  /** True when there was a value to delete. */
  delete(scope: TokenScope, key: string): Promise<boolean>;
  /** Deletes every value kept under the scope (`api auth logout`); `cleared`: how many there were. */
  clear(scope: TokenClearScope): Promise<{ cleared: number }>;
}

/** The user's terminal (kernel/services/terminal.ts). */
export interface Terminal {
  /** Asks on the terminal; fails when okapi is not attached to one. `secret` echoes nothing. */
  prompt(message: string, options?: { secret?: boolean }): Promise<string>;
  /** A line on stderr the user must see whatever the verbosity: an authorization URL, a device code. */
  tell(message: string): void;
}

export interface CacheService {
  /** okapi's cache directory (DESIGN.md §4). */
  dir: string;
  /** Deletes cached HTTP responses: of one API, or all. `existed`: there was anything to delete. */
  clearResponses(api?: string): Promise<{ files: number; existed: boolean }>;
}

/** What `AuthService.resolve` computes auth for. */
export interface AuthQuery {
  api: string;
  /** `default` when absent. */
  profile?: string;
  /** One of the profile's credential bindings, as `--okapi-auth` names it (`A` or `A+B`). */
  credential?: string;
  /** A generated operation, by command name or operationId: its security requirements select the credentials. */
  operation?: string;
}

/** One credential as a request would apply it: what its auth plugin set. */
export interface ResolvedCredential {
  /** The binding's id; absent for the profile's own `auth`. */
  credential?: string;
  type: string;
  /** The shared auth profile (`auth_ref`) it is, if any. */
  auth_profile?: string;
  headers: Record<string, string[]>;
  query: Record<string, string[]>;
}

export interface AuthResolution {
  profile: string;
  /** The operation's command name, when one was asked for. */
  operation?: string;
  /** In the order a request applies them; empty when nothing authenticates (a public operation, a profile without auth). */
  credentials: ResolvedCredential[];
  /** A credential forced outside the operation's requirements. */
  warning?: string;
}

/**
 * The auth a request would carry, computed by running the auth plugins exactly as the request
 * pipeline does (`okapi api auth get | inspect`). The answer holds secrets: the caller masks them.
 */
export interface AuthService {
  resolve(query: AuthQuery): Promise<AuthResolution>;
}
