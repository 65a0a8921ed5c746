/**
 * Registered APIs as the config file holds them (SPEC.md "API entry", "Profile"), read defensively:
 * the file is edited by hand too, so every field is checked before use.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPlainObject } from './plain-object.js';

/** The config document as okapi reads it: JSON, with registered APIs under `apis`. */
export interface OkapiConfig {
  apis?: Record<string, unknown>;
  plugins?: Record<string, { enabled?: boolean } & Record<string, unknown>>;
  [key: string]: unknown;
}

export interface AuthObject {
  type: string;
  params?: Record<string, string>;
}

export interface CredentialBinding {
  auth?: AuthObject;
  auth_ref?: string;
  satisfies?: string[];
  prompt?: Record<string, PromptEntry>;
  params?: Record<string, string>;
}

export interface PromptEntry {
  description?: string;
  example?: unknown;
  default?: unknown;
  enum?: unknown[];
  exclude?: boolean;
  secret?: boolean;
}

export interface Profile {
  base_url?: string;
  headers?: string[];
  query?: string[];
  auth?: AuthObject;
  credentials?: Record<string, CredentialBinding>;
  security?: unknown;
  params?: Record<string, unknown>;
  prompt?: Record<string, PromptEntry>;
  ca_cert?: string;
  client_cert?: string;
  client_key?: string;
  server_variables?: Record<string, string>;
  url_overrides?: Record<string, string>;
  [field: string]: unknown;
}

/** What `api connect` / `api sync` learned, refreshed on every reconnect; not for hand editing. */
export interface DiscoveryFields {
  /** The URL or absolute file path the description came from. */
  source: string;
  /** How it was found: `spec_files`, `spec_url`, `--spec`, `link:service-desc`, `well-known`, `root`. */
  via: string;
  title?: string;
  version?: string;
  openapi?: string;
  operations: number;
  webhooks?: number;
  /** sha256 of the cached spec copy: ties the operation index to it. */
  spec_hash: string;
  synced_at: string;
}

export interface ApiEntry {
  base_url?: string;
  profiles?: Record<string, Profile>;
  operation_base?: string;
  server_variables?: Record<string, string>;
  url_overrides?: Record<string, string>;
  allowed_operation_origins?: string[];
  command_layout?: string;
  spec_files?: string[];
  spec_url?: string;
  discovery?: DiscoveryFields;
  [field: string]: unknown;
}

/** The entry of one API, or undefined when none has that name (only own, object-valued keys count). */
export function apiEntry(config: OkapiConfig, name: string): ApiEntry | undefined {
  const apis = config.apis;
  if (!isPlainObject(apis) || !Object.hasOwn(apis, name)) return undefined;
  const entry = apis[name];
  return isPlainObject(entry) ? (entry as ApiEntry) : undefined;
}

export function apiNames(config: OkapiConfig): string[] {
  const apis = config.apis;
  return isPlainObject(apis) ? Object.keys(apis).filter((name) => isPlainObject(apis[name])) : [];
}

/** The profile a request uses without -p or OKAPI_PROFILE; the only one that needs no entry to exist. */
export const DEFAULT_PROFILE = 'default';

export function profilesOf(entry: ApiEntry): Record<string, Profile> {
  return isPlainObject(entry.profiles) ? (entry.profiles as Record<string, Profile>) : {};
}

/** `operation_base` as the index uses it: no trailing slash, `''` for none or `/`. */
export function normalizedOperationBase(entry: ApiEntry): string {
  const base = typeof entry.operation_base === 'string' ? entry.operation_base.trim() : '';
  return base.replace(/\/+$/, '');
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function stringMap(value: unknown): Record<string, string> {
  if (!isPlainObject(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * The spec files of an entry as absolute paths: `file://` URIs become paths, relative paths resolve
 * against the config file's directory (the config is what names them).
 */
export function specFilePaths(entry: ApiEntry, configDir: string): string[] {
  return stringList(entry.spec_files).map((file) => configFilePath(file, configDir));
}

/** A local file the config names, as an absolute path: a `file://` URI or a path relative to the config file's directory. */
export function configFilePath(file: string, configDir: string): string {
  const path = /^file:\/\//i.test(file) ? fileURLToPath(file) : file;
  return isAbsolute(path) ? path : resolve(configDir, path);
}

/**
 * The local files an API's description is read from: its `spec_files`, else a `spec_url` that is
 * a path rather than an http(s) URL. Their stamps key the operation index.
 */
export function localSpecSources(entry: ApiEntry, configDir: string): string[] {
  const files = specFilePaths(entry, configDir);
  if (files.length > 0) return files;
  const url = typeof entry.spec_url === 'string' ? entry.spec_url : '';
  return url !== '' && !/^https?:\/\//i.test(url) ? [configFilePath(url, configDir)] : [];
}
