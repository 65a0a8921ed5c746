/**
 * The command table and operation details of a registered API: what a generated command
 * (`okapi <api> <command> …`) reads at run time, written next to the operation index
 * (operation-index-format.ts) at `api connect`, `api sync` and `api reindex`.
 *
 * One file per API: its first line is the CommandTable as JSON (every command's name, aliases,
 * tags and where its details are), then the details of each operation, one JSON text each. A call
 * reads the first line and one operation's bytes, so a description with thousands of operations
 * costs a call what one operation costs (issue #14's start-up figure).
 */
import type { IndexedParameter, IndexedResponse, IndexKey, SecurityRequirement, SecuritySchemeInfo, ServerInfo } from './operation-index-format.js';

/** Bumped whenever the shape of the command table or of the details changes. */
export const COMMAND_TABLE_FORMAT = 1;

/** A JSON Schema as the document wrote it: `$ref`s point into `OperationDetail.definitions`. */
export type Schema = unknown;

export interface CommandEntry {
  name: string;
  aliases?: string[];
  /** With `command_layout: tags`, the command is listed (and callable) under each of its tags. */
  tags?: string[];
  /** `x-cli-hidden`: callable by exact name, left out of help and completion. */
  hidden?: true;
  deprecated?: true;
  summary?: string;
  method: string;
  path: string;
  /** Where the operation's details are: byte offset (after the first line) and length. */
  at: [offset: number, length: number];
}

export interface CommandTable {
  key: IndexKey;
  format: number;
  /** The document's `openapi` version: its JSON Schema dialect (3.0's or 2020-12). */
  openapi?: string;
  /** Document-level servers: they give the path shape (SPEC "Generated operation request routing"). */
  servers: ServerInfo[];
  security?: SecurityRequirement[];
  security_schemes: Record<string, SecuritySchemeInfo>;
  /** Every operation not `x-cli-ignore`d, in document order. */
  commands: CommandEntry[];
  /** Two operations whose names clashed, and the names each was given (for `doctor api`). */
  collisions?: NameCollision[];
}

export interface NameCollision {
  name: string;
  operations: { method: string; path: string; given: string }[];
}

export interface DetailParameter extends IndexedParameter {
  schema?: Schema;
  /** The whole description (`x-cli-description` wins), for the command's help. */
  long_description?: string;
  example?: unknown;
}

export interface PartEncoding {
  content_type?: string;
  style?: string;
  explode?: boolean;
}

export interface BodyContent {
  media_type: string;
  schema?: Schema;
  /** `example`, or the first of `examples`. */
  example?: unknown;
  /** Multipart and form: per-property encoding (`encoding.<property>`). */
  encoding?: Record<string, PartEncoding>;
}

export interface RequestBodyDetail {
  required?: true;
  description?: string;
  /** In document order; the JSON one is the default (issue #14 item 4). */
  contents: BodyContent[];
}

export interface ResponseDetail extends IndexedResponse {
  description?: string;
}

export interface OperationDetail {
  name: string;
  aliases?: string[];
  method: string;
  path: string;
  operation_id?: string;
  summary?: string;
  /** The whole description (`x-cli-description` wins). */
  description?: string;
  tags?: string[];
  hidden?: true;
  deprecated?: true;
  /** Path-level and operation-level merged, ignored ones (`x-cli-ignore`) left out. */
  parameters: DetailParameter[];
  body?: RequestBodyDetail;
  responses: ResponseDetail[];
  /** Absent: the document's requirements apply. `[]`: public. */
  security?: SecurityRequirement[];
  /** Path- or operation-level servers (operation wins). */
  servers?: ServerInfo[];
  /**
   * Every `$ref` target the operation's schemas reach, by the pointer as written
   * (`#/components/schemas/Pet`), so a schema can be followed without the document.
   */
  definitions: Record<string, Schema>;
  /** What okapi could not use in this operation (a `$ref` that leads nowhere, say), one line each. */
  problems?: string[];
}
