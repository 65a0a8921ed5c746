/**
 * The command table and operation details of a registered API: what a generated command
 * (`okapi <api> <command> …`) reads at run time, written next to the operation index
 * (operation-index-format.ts) at `api connect`, `api sync` and `api reindex`.
 *
 * One file per API (`commands.table`, kernel/api/cache-paths.ts), read piece by piece:
 *
 * ```
 * okapi-commands <format> <head bytes> <tags bytes> <commands bytes> <summaries bytes> <routes bytes>\n
 *                                           the preamble line
 * <CommandTable without commands and tags, as JSON>
 *                                           servers, security: what every command shares
 * <[tag, …] as JSON>                        the tags, read only when a reader asks for them (a
 *                                           document's tag descriptions can outweigh the head)
 * <[\n entry,\n entry\n] as JSON>            every command: name, aliases, tags, where its details are;
 *                                           one a line, so a call finds the one it names without
 *                                           parsing the others
 * <[summary or null, …] as JSON>            each command's summary, read only for listings
 * <[[method, path], …] as JSON>             each command's method and path template, read only to
 *                                           find the operation a generic `<api>/<path>` request is
 * <schema JSON>…<StoredRecord JSON>…        the records, offsets counted from here: the shared
 *                                           schemas, then the operations, each naming where the
 *                                           schemas it reaches are
 * ```
 *
 * A call reads the preamble, the head, the line of its command and one operation's record (and the
 * schemas it names), so a description with thousands of operations costs a call what one operation
 * costs (issue #14's start-up figure): the table holds no more than finding a command needs.
 * Schemas that many operations share are stored once.
 *
 * A record that holds a number a double would change (a description's `maximum:
 * 18446744073709551615`, docs/design/009-exact-numbers.md) is marked where it is located (`exact`
 * on its entry, a fourth element on a schema's place): only it is read with parseJsonExact, whose
 * scan costs a call more than JSON.parse; the others are read as fast as ever.
 */
import { toJsonTexts } from './json-text.js';
import type { IndexedOperation, IndexedParameter, IndexedResponse, IndexKey, OperationIndex, SecurityRequirement, SecuritySchemeInfo, ServerInfo } from './operation-index-format.js';

/** Bumped whenever the shape of the command table or of the details changes. */
export const COMMAND_TABLE_FORMAT = 6;

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
  /** Only when the table was read with summaries (`ApiRegistry.commands`). */
  summary?: string;
  /** Where the operation's details are: byte offset (after the first line) and length. */
  at: [offset: number, length: number];
  /** Its record holds a number a double would change: it is read with parseJsonExact. */
  exact?: true;
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
  /**
   * Every operation not `x-cli-ignore`d, in document order; read with `named` (ApiRegistry.commands),
   * only those whose name or an alias is one of the words.
   */
  commands: CommandEntry[];
  /** The tags commands use (with `command_layout: tags`, the words after the API name), in document order. */
  tags: TagEntry[];
  /** Two operations whose names clashed, and the names each was given (for `doctor api`). */
  collisions?: NameCollision[];
}

export interface TagEntry {
  /** The word on the command line: the tag's name in kebab-case. */
  word: string;
  name: string;
  description?: string;
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

/** An operation as a command needs it: the index's fields, and what only a call or its help reads. */
export interface OperationDetail extends Pick<IndexedOperation, 'name' | 'aliases' | 'method' | 'path' | 'operation_id' | 'summary' | 'hidden' | 'deprecated' | 'security' | 'servers'> {
  /** The whole description (`x-cli-description` wins). */
  description?: string;
  /** The words of its tags (TagEntry.word). */
  tags?: string[];
  /** Path-level and operation-level merged, ignored ones (`x-cli-ignore`) left out. */
  parameters: DetailParameter[];
  body?: RequestBodyDetail;
  responses: ResponseDetail[];
  /**
   * Every `$ref` target the operation's schemas reach, by the pointer as written
   * (`#/components/schemas/Pet`), so a schema can be followed without the document.
   */
  definitions: Record<string, Schema>;
  /** What okapi could not use in this operation (a `$ref` that leads nowhere, say), one line each. */
  problems?: string[];
}

/** An operation as stored: its schemas name the shared ones they reach instead of carrying them. */
export interface StoredOperation extends Omit<OperationDetail, 'definitions'> {
  /** Every pointer in `definitions` the operation's schemas reach, directly or not. */
  refs?: string[];
}

/** What the api plugin extracts besides the index, and the host stores as the command table file. */
export interface OperationDetails {
  tags: TagEntry[];
  collisions?: NameCollision[];
  /** The operations not `x-cli-ignore`d, in the index's order. */
  operations: StoredOperation[];
  /** Every `$ref` target some operation's schemas reach, by the pointer as written. */
  definitions: Record<string, Schema>;
}

/** An operation as the file holds it: where each schema it reaches is, rather than only its pointer. */
export interface StoredRecord extends Omit<StoredOperation, 'refs'> {
  /** `exact`: the schema holds a number a double would change, as CommandEntry.exact says of a record. */
  refs?: [pointer: string, offset: number, length: number, exact?: true][];
}

export const COMMAND_TABLE_MAGIC = 'okapi-commands';

/** The command table file of an index and its details (see the layout above). */
export function serializeCommandTable(index: OperationIndex, details: OperationDetails): Buffer {
  const records: Buffer[] = [];
  let offset = 0;
  /** Appends the values' records, each written as JSON text; returns where each is and whether it needs the exact reader. */
  const place = (values: readonly unknown[]): { at: [number, number]; exact: boolean }[] =>
    toJsonTexts(values).map(({ text, exactNumbers }) => {
      const bytes = Buffer.from(text);
      records.push(bytes);
      const at: [number, number] = [offset, bytes.length];
      offset += bytes.length;
      return { at, exact: exactNumbers };
    });
  const pointers = Object.keys(details.definitions);
  const placed = place(pointers.map((pointer) => details.definitions[pointer]));
  const definitions = new Map(pointers.map((pointer, i) => [pointer, placed[i]!]));
  const stored = details.operations.map(({ refs, ...op }): StoredRecord => {
    // A record says where its schemas are, so a call reads them without a map of every schema.
    const located = (refs ?? []).flatMap((pointer): NonNullable<StoredRecord['refs']> => {
      const schema = definitions.get(pointer);
      return schema ? [schema.exact ? [pointer, schema.at[0], schema.at[1], true] : [pointer, schema.at[0], schema.at[1]]] : [];
    });
    return { ...op, ...(located.length > 0 ? { refs: located } : {}) };
  });
  const operationPlaces = place(stored);
  const commands: CommandEntry[] = details.operations.map((op, i) => ({
    name: op.name,
    ...(op.aliases ? { aliases: op.aliases } : {}),
    ...(op.tags ? { tags: op.tags } : {}),
    ...(op.hidden ? { hidden: true as const } : {}),
    ...(op.deprecated ? { deprecated: true as const } : {}),
    at: operationPlaces[i]!.at,
    ...(operationPlaces[i]!.exact ? { exact: true as const } : {}),
  }));
  const summaryBytes = Buffer.from(JSON.stringify(details.operations.map((op) => op.summary ?? null)));
  const routeBytes = Buffer.from(JSON.stringify(details.operations.map((op) => [op.method.toUpperCase(), op.path])));
  const head: Omit<CommandTable, 'commands' | 'tags'> = {
    key: index.key,
    format: COMMAND_TABLE_FORMAT,
    ...(index.info.openapi !== undefined ? { openapi: index.info.openapi } : {}),
    servers: index.servers,
    ...(index.security ? { security: index.security } : {}),
    security_schemes: index.security_schemes,
    ...(details.collisions && details.collisions.length > 0 ? { collisions: details.collisions } : {}),
  };
  const headBytes = Buffer.from(JSON.stringify(head));
  const tagBytes = Buffer.from(JSON.stringify(details.tags));
  // JSON.stringify escapes line breaks inside strings, so each entry's line holds that entry alone.
  const commandBytes = Buffer.from(`[\n${commands.map((command) => JSON.stringify(command)).join(',\n')}\n]`);
  const preamble = Buffer.from(`${COMMAND_TABLE_MAGIC} ${COMMAND_TABLE_FORMAT} ${headBytes.length} ${tagBytes.length} ${commandBytes.length} ${summaryBytes.length} ${routeBytes.length}\n`);
  return Buffer.concat([preamble, headBytes, tagBytes, commandBytes, summaryBytes, routeBytes, ...records]);
}
