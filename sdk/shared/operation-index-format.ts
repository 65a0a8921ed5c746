/**
 * The operation index's format, shared by the api plugin that extracts and writes it at `api connect`
 * and `api sync` (plugins-builtin/api/operation-index.ts) and the kernel that reads it at start-up
 * (kernel/api/index-read.ts): what generated commands and `okapi <api> --help` need from an OpenAPI
 * document, cached compactly per API, so start-up never parses the full document (DESIGN.md §1 rule 4).
 */
import type { ExtensionUse } from './x-cli-extensions.js';

/** Bumped whenever the shape of the index or the way it is extracted changes. */
export const INDEX_FORMAT = 2;

/** A local spec file as it was when the index was made; mtime with full precision (nanoseconds). */
export interface SourceStamp {
  path: string;
  size: number;
  mtime_ns: string;
}

/** What an index is valid for: a different value anywhere means it must be rebuilt. */
export interface IndexKey {
  format: number;
  okapi_version: string;
  /** sha256 of the cached spec copy the index was extracted from. */
  spec_hash: string;
  /** Names depend on it (the method+path fallback strips it). */
  operation_base: string;
  /** The local spec files (`spec_files`, `--spec <file>`); empty for downloaded specs. */
  sources: SourceStamp[];
}

export interface ServerInfo {
  url: string;
  description?: string;
  variables?: Record<string, { default?: string; enum?: string[] }>;
}

export type SecurityRequirement = Record<string, string[]>;

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface IndexedParameter {
  name: string;
  in: ParameterLocation;
  required?: true;
  /** Left out when it is the location's default (form for query and cookie, simple otherwise). */
  style?: string;
  /** Left out when it is the style's default (true for form, false otherwise). */
  explode?: boolean;
  /** An array-typed parameter: a repeatable flag. */
  array?: true;
  object?: true;
  /** `x-cli-name`: the flag or argument name; `name` stays on the wire. */
  cli_name?: string;
  hidden?: true;
  ignored?: true;
  deprecated?: true;
  allow_reserved?: true;
  /** The JSON Schema type (the first non-null one). */
  type?: string;
  enum?: unknown[];
  default?: unknown;
  /** The media type of a `content` parameter. */
  content_type?: string;
  /** The first line of the description (`x-cli-description` wins). */
  description?: string;
}

export interface IndexedResponse {
  status: string;
  media_types?: string[];
  headers?: string[];
}

export interface IndexedOperation {
  /** The command name: `x-cli-name`, else kebab-case operationId, else method and path. */
  name: string;
  aliases?: string[];
  method: string;
  path: string;
  operation_id?: string;
  summary?: string;
  tags?: string[];
  hidden?: true;
  ignored?: true;
  deprecated?: true;
  mcp_ignore?: true;
  parameters: IndexedParameter[];
  body?: { required?: true; media_types: string[] };
  responses: IndexedResponse[];
  /** Absent: the document's requirements apply. `[]`: public. */
  security?: SecurityRequirement[];
  /** Path- or operation-level servers (operation wins). */
  servers?: ServerInfo[];
}

export interface SecuritySchemeInfo {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
  bearer_format?: string;
  open_id_connect_url?: string;
  flows?: Record<string, { authorization_url?: string; token_url?: string; refresh_url?: string; device_authorization_url?: string; scopes: string[] }>;
}

/**
 * A defect of the description that okapi works around (plugins-builtin/api/document-problems.ts):
 * where it is (a JSON pointer, a file or a URL) and what it is, in words for the user.
 */
export interface DocumentProblem {
  where: string;
  message: string;
}

export interface OperationIndex {
  key: IndexKey;
  info: { title?: string; version?: string; description?: string; openapi?: string };
  servers: ServerInfo[];
  security?: SecurityRequirement[];
  security_schemes: Record<string, SecuritySchemeInfo>;
  operations: IndexedOperation[];
  webhooks: number;
  extensions: ExtensionUse[];
  /** The description's defects, as `api connect` and `api sync` warned of them; absent when none. */
  problems?: DocumentProblem[];
  /**
   * Operations whose command names clashed, and the names okapi gave them: no defect of the
   * description (kebab-case made them alike), so only `doctor api` lists them; absent when none.
   */
  name_collisions?: DocumentProblem[];
}

/** The help index: all `okapi <api> --help` reads. */
export interface HelpIndex {
  key: IndexKey;
  title?: string;
  version?: string;
  description?: string;
  /** Every operation, hidden and ignored ones included. */
  operations: number;
  webhooks: number;
  /** Visible commands (hidden and ignored ones are left out). */
  commands: number;
  /**
   * The visible commands in name order, one line each (`  name  summary (deprecated; alias: …)`), rendered
   * ahead: start-up writes it as it is, or cuts the lines to the terminal's width.
   */
  text: string;
}

/**
 * The help index as stored: its JSON header on the first line, then the rendered text, which
 * start-up copies to stdout without decoding it.
 */
export function serializeHelpIndex(help: HelpIndex): string {
  const { text, ...header } = help;
  return `${JSON.stringify(header)}\n${text}`;
}

/** The help index of an operation index: visible commands only, in name order. */
export function helpIndexOf(index: OperationIndex): HelpIndex {
  const visible = index.operations
    .filter((op) => !op.hidden && !op.ignored)
    // Code-unit order, as everywhere in okapi's help (localeCompare would load ICU's collator).
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const width = Math.min(40, Math.max(0, ...visible.map((op) => op.name.length)));
  const text = visible
    .map((op) => {
      // As the tag listing notes them (plugins-builtin/operations/tag-listing.ts).
      const notes = [op.deprecated ? 'deprecated' : '', op.aliases && op.aliases.length > 0 ? `alias: ${op.aliases.join(', ')}` : ''].filter(Boolean);
      return `  ${op.name.padEnd(width)}  ${op.summary ?? ''}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`.trimEnd();
    })
    .join('\n');
  const { title, version, description } = index.info;
  return {
    key: index.key,
    ...(title !== undefined ? { title } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(description !== undefined ? { description } : {}),
    operations: index.operations.length,
    webhooks: index.webhooks,
    commands: visible.length,
    text: text === '' ? '' : `${text}\n`,
  };
}
